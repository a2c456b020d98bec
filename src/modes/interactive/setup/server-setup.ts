// First run without any settings: instead of exiting, the setup screen (drawn before the app, like
// the trust question) takes a base URL and a key variable's name, asks the server for its models
// (which one, when it lists several), and saves them into the user's own settings file.
import { checkBaseUrl, checkKeyVariable, type ProbedServer, saveServer } from '../../../config/server-setup.js';
import * as ed from '../editor/editor.js';
import { applyEdit } from '../input-box/input-box.js';
import { KeyParser, type KeyEvent } from '../input/keys.js';
import { keyCommand, type Command } from '../input/keymap.js';
import { s, sym } from '../text/style.js';
import { enterRawMode } from '../os/terminal.js';
import { drawInPlace } from './redraw.js';
import { visible } from '../../../text/terminal-text.js';
import { renderSetup, type SetupState } from './setup-view.js';
import { moveSelection, pickedModel, renderModelPick, type ModelPick } from './model-pick.js';

export interface SetupOptions {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  /** $TACK_HOME/config.json */
  configPath: string;
  probed: readonly ProbedServer[];
  /** the server's model ids; rejects with a sentence a person can act on */
  listModels: (baseUrl: string, key: { apiKey?: string; apiKeyEnv?: string }, signal: AbortSignal) => Promise<string[]>;
}

/** Keys this soon after the screen is drawn were typed before it: they fill in nothing (the keys line shows after it). */
const TYPEAHEAD_GUARD_MS = 250;
/** ESC alone is Escape once nothing follows it within this time (as in the app). */
const ESCAPE_WAIT_MS = 30;

/** 'saved' once the server answered and the settings are written; 'quit' on Esc or Ctrl+C. */
export function runServerSetup(o: SetupOptions): Promise<'saved' | 'quit'> {
  return new Promise((resolve) => {
    const parser = new KeyParser();
    const state: SetupState = { fields: [ed.emptyEditor, ed.emptyEditor], focus: 0, keysTaken: false };
    // the last step, when the server lists several models: the server and key it is for
    let picking: { pick: ModelPick; server: { baseUrl: string; apiKeyEnv?: string } } | undefined;
    const screen = drawInPlace(o.stdout, (size) =>
      picking
        ? renderModelPick(picking.pick, picking.server.baseUrl, size.cols, size.rows)
        : renderSetup(state, { probed: o.probed, configPath: o.configPath, ...size }),
    );
    let checking: AbortController | undefined;
    let done = false;
    const draw = () => {
      if (done) return;
      screen.draw();
    };
    const finish = (answer: 'saved' | 'quit', line?: string) => {
      done = true;
      checking?.abort();
      clearTimeout(guard);
      clearTimeout(escapeTimer);
      terminal.restore();
      screen.finish(line ? [line] : []);
      resolve(answer);
    };

    const submit = async () => {
      const url = checkBaseUrl(state.fields[0].text);
      if ('error' in url) {
        state.focus = 0;
        state.status = { kind: 'error', text: url.error };
        return;
      }
      if (state.focus === 0) {
        state.focus = 1;
        state.status = undefined;
        return;
      }
      const key = checkKeyVariable(state.fields[1].text, o.env);
      if ('error' in key) {
        // a pasted key does not stay on the screen
        if (key.error.includes('looks like the key')) state.fields[1] = ed.emptyEditor;
        state.status = { kind: 'error', text: key.error };
        return;
      }
      state.status = { kind: 'busy', text: `asking ${url.baseUrl} for its models…` };
      draw();
      checking = new AbortController();
      const apiKey = key.name ? o.env[key.name] : undefined;
      try {
        const models = await o.listModels(url.baseUrl, { apiKey, apiKeyEnv: key.name }, checking.signal);
        if (models.length === 0) throw new Error(`the server at ${url.baseUrl} lists no models; load one there first`);
        const server = { baseUrl: url.baseUrl, apiKeyEnv: key.name };
        // one model is the one the app starts with: nothing to ask
        if (models.length === 1) save(server, models.length);
        else {
          state.status = undefined;
          picking = { pick: { models, filter: ed.emptyEditor, selected: 0 }, server };
        }
      } catch (err) {
        if (checking.signal.aborted) return;
        state.status = { kind: 'error', text: err instanceof Error ? err.message : String(err) };
        draw();
      } finally {
        checking = undefined;
      }
    };

    const save = (server: { baseUrl: string; apiKeyEnv?: string; model?: string }, count: number) => {
      saveServer(o.configPath, server);
      const via = server.apiKeyEnv ? `, key from $${server.apiKeyEnv}` : '';
      const which = server.model ? `, model ${visible(server.model)} (one of ${count})` : ` (${count} model${count === 1 ? '' : 's'})`;
      finish('saved', s.gray(`${sym('✓', '+')} saved ${server.baseUrl}${via} in ${o.configPath}${which}`));
    };

    /** The model step: typing narrows, the arrows move, Enter saves, Esc goes back to the fields. */
    const onPick = (p: NonNullable<typeof picking>, cmd: Command) => {
      if (cmd.type === 'escape') picking = undefined;
      else if (cmd.type === 'up' || cmd.type === 'down') p.pick = moveSelection(p.pick, cmd.type === 'up' ? -1 : 1);
      else if (cmd.type === 'submit') {
        const model = pickedModel(p.pick);
        if (model) return save({ ...p.server, model }, p.pick.models.length);
      } else {
        const next =
          cmd.type === 'newline' ? null : applyEdit(p.pick.filter, cmd.type === 'paste' ? { type: 'insert', text: cmd.text.replace(/\s+/g, ' ') } : cmd);
        if (!next) return;
        p.pick = { ...p.pick, filter: next, selected: 0 };
      }
      draw();
    };

    const onCommand = (cmd: Command) => {
      if (cmd.type === 'interrupt' || cmd.type === 'eof') return finish('quit');
      if (picking) return onPick(picking, cmd);
      if (cmd.type === 'escape') return finish('quit');
      if (checking) return;
      if (cmd.type === 'submit') return void submit().then(draw);
      if (cmd.type === 'tab' || cmd.type === 'up' || cmd.type === 'down' || cmd.type === 'cycleMode') state.focus = state.focus === 0 ? 1 : 0;
      else {
        // one line each: a pasted URL or name loses its line breaks
        const single: Command = cmd.type === 'paste' ? { type: 'insert', text: cmd.text.replace(/\s*[\r\n]+\s*/g, '') } : cmd;
        const next = single.type === 'newline' ? null : applyEdit(state.fields[state.focus], single);
        if (!next) return;
        state.fields[state.focus] = next;
      }
      draw();
    };

    const feed = (keys: KeyEvent[]) => {
      for (const k of keys) onCommand(keyCommand(k));
    };
    draw();
    const guard = setTimeout(() => {
      state.keysTaken = true;
      draw();
    }, TYPEAHEAD_GUARD_MS);
    let escapeTimer: NodeJS.Timeout | undefined;
    const terminal = enterRawMode(o.stdin, o.stdout, (chunk) => {
      if (!state.keysTaken) return;
      clearTimeout(escapeTimer);
      feed(parser.feed(chunk));
      // a lone ESC is Escape once nothing follows it
      if (parser.hasPending()) escapeTimer = setTimeout(() => feed(parser.flush()), ESCAPE_WAIT_MS);
    });
  });
}
