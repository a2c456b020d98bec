// /vim: vim keys in the input on or off, kept in the user's settings as Claude Code keeps its own.
import { join } from 'node:path';
import { readJson, writeJson } from '../../../config/json-edit.js';
import type { Command } from './command.js';

/** Writes `editorMode` into $TACK_HOME/config.json, leaving the rest of the file as it was. */
function keepEditorMode(home: string, mode: 'vim' | 'normal'): void {
  const path = join(home, 'config.json');
  writeJson(path, { ...readJson(path), editorMode: mode }, 0o600);
}

export const vim: Command = {
  name: 'vim',
  description: 'vim keys in the input on / off (Esc: normal mode, i: insert)',
  run(ctx) {
    const on = ctx.input.vim === null;
    ctx.input.setVim(on);
    const said = on ? 'vim keys on: Esc for normal mode, i to type again; /vim turns them off' : 'vim keys off';
    try {
      keepEditorMode(ctx.session().view().config.home, on ? 'vim' : 'normal');
      ctx.transcript.notice(said);
    } catch (err) {
      ctx.transcript.notice(`${said} (for this session only: ${(err as Error).message})`);
    }
  },
};
