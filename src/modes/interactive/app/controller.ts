// The interactive app without the drawing: keys in, agent calls out, agent events in, frames out.
// Ink only prints the frames (see App.tsx); everything here runs, and is tested, without a terminal.
import type { QueuedMessage } from '../../../agent/agent.js';
import type { Model } from '../../../ai/types.js';
import type { Session, SessionEvent } from '../../../session/session.js';
import { findCommand, parseCommand } from '../commands.js';
import { applyCompletion, completionContext, completionItems, type CompletionItem } from '../complete/completion.js';
import type { FileIndex } from '../complete/file-index.js';
import * as ed from '../editor/editor.js';
import type { History } from '../editor/history.js';
import { keyCommand, type Command } from '../input/keymap.js';
import type { KeyEvent } from '../input/keys.js';
import { width } from '../text.js';
import { Transcript, type StaticItem } from '../transcript.js';
import { renderHeader } from '../view/messages.js';
import { composeFrame } from './frame.js';
import { moveSelection, type MenuState } from './menu.js';
import { loadModels, pickerMenu } from './model-picker.js';
import { runCommand, type CommandContext } from './run-command.js';

export interface ControllerOptions {
  session: Session;
  listModels(): Promise<string[]>;
  makeModel(id: string): Model;
  history: History;
  fileIndex: FileIndex;
  version: string;
  cols: number;
  rows: number;
  writeRaw(data: string): void;
  onQuit(): void;
  /** the header line is already on the screen (printed before Ink was loaded) */
  headerPrinted?: boolean;
}

export interface Snapshot {
  /** every static item so far (Ink's <Static> prints the new ones) */
  items: StaticItem[];
  live: string[];
}

const FRAME_MS = 33;
const TICK_MS = 100;
const QUIT_WINDOW_MS = 2000;

const EDIT_OPS: Record<string, (st: ed.EditorState) => ed.EditorState> = {
  left: ed.left, right: ed.right, wordLeft: ed.wordLeft, wordRight: ed.wordRight, home: ed.home, end: ed.end,
  backspace: ed.backspace, delete: ed.deleteForward, deleteWordBack: ed.deleteWordBack,
  deleteWordForward: ed.deleteWordForward, killLineStart: ed.deleteToLineStart, killLineEnd: ed.deleteToLineEnd,
};

export class Controller {
  readonly transcript: Transcript;
  private readonly session: Session;
  private unsubscribe: () => void;
  private editor: ed.EditorState = ed.emptyEditor;
  private menu: MenuState | null = null;
  private completions: CompletionItem[] = [];
  private menuDismissedFor: string | null = null;
  private hint: { text: string; until: number } | null = null;
  private quitArmedUntil = 0;
  private cols: number;
  private rows: number;
  private items: StaticItem[] = [];
  private snapshot: Snapshot = { items: [], live: [] };
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private lastFrame = 0;
  private closed = false;

  constructor(private readonly o: ControllerOptions) {
    this.session = o.session;
    this.cols = o.cols;
    this.rows = o.rows;
    this.transcript = new Transcript({ width: o.cols });
    if (!o.headerPrinted) this.transcript.pushRaw(renderHeader({ version: o.version, model: o.session.model.id, cwd: o.session.config.cwd }, o.cols).join('\n'));
    this.transcript.replay(o.session.agent.state.messages);
    this.unsubscribe = this.session.subscribe((e) => this.onSessionEvent(e));
    o.fileIndex.onUpdate(() => {
      if (this.menu?.kind === 'path') this.afterEdit();
    });
    this.render();
  }

  // --- the React side: useSyncExternalStore ---
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Snapshot => this.snapshot;

  // --- inputs ---
  /** Sends a prompt given on the command line. */
  sendInitial(text: string): void {
    this.send(text, 'enter');
  }

  handleKeys(events: KeyEvent[]): void {
    for (const ev of events) this.handle(keyCommand(ev));
    this.render();
  }

  /**
   * Rows the last frame takes beyond its line count once a narrower terminal has re-wrapped it:
   * they must be erased too, or the old frame's tail stays on the screen.
   */
  reflowedRows(newCols: number): number {
    if (newCols >= this.cols) return 0;
    return this.snapshot.live.reduce((extra, line) => extra + Math.max(0, Math.ceil(width(line) / newCols) - 1), 0);
  }

  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    this.transcript.width = cols;
    this.render();
  }

  /** Stops listening; the last frame keeps the transcript and drops the live region. */
  close(): void {
    const fresh = this.transcript.take();
    this.snapshot = { items: fresh.length > 0 ? this.items.concat(fresh) : this.items, live: [] };
    for (const l of this.listeners) l();
    this.closed = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    if (this.ticker) clearInterval(this.ticker);
    this.timer = this.ticker = null;
  }

  get busy(): boolean {
    return this.session.agent.state.isRunning;
  }

  get inputText(): string {
    return this.editor.text;
  }

  // --- agent events ---
  private onSessionEvent(e: SessionEvent): void {
    this.transcript.onEvent(e);
    if (e.type === 'agent_start' && !this.ticker) this.ticker = setInterval(() => this.schedule(), TICK_MS);
    if (e.type === 'agent_end') {
      if (e.reason === 'error') this.transcript.showRunError(this.session.agent.state.error);
      if (!this.transcript.busy && this.ticker) {
        clearInterval(this.ticker);
        this.ticker = null;
      }
    }
    this.schedule();
  }

  // --- frames ---
  /** Coalesces changes: at most one frame every FRAME_MS. */
  private schedule(): void {
    if (this.timer || this.closed) return;
    const wait = Math.max(0, this.lastFrame + FRAME_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.render();
    }, wait);
  }

  private render(): void {
    if (this.closed) return;
    this.lastFrame = Date.now();
    const fresh = this.transcript.take();
    if (fresh.length > 0) this.items = this.items.concat(fresh);
    const live = this.liveLines(this.lastFrame);
    const prev = this.snapshot;
    if (fresh.length === 0 && live.length === prev.live.length && live.every((l, i) => l === prev.live[i])) return;
    this.snapshot = { items: this.items, live };
    for (const l of this.listeners) l();
  }

  private liveLines(now: number): string[] {
    if (this.hint && now >= this.hint.until) this.hint = null;
    return composeFrame({
      now,
      cols: this.cols,
      rows: this.rows,
      transcript: this.transcript,
      editor: this.editor,
      menu: this.menu,
      hint: this.hint?.text,
      busy: this.busy,
      model: this.session.agent.state.model,
      cwd: this.session.config.cwd,
      sessionId: this.session.id,
    });
  }

  // --- commands ---
  private handle(cmd: Command): void {
    const agent = this.session.agent;
    switch (cmd.type) {
      case 'insert':
        this.setEditor(ed.insert(this.editor, cmd.text));
        return;
      case 'paste':
        this.setEditor(ed.insertPaste(this.editor, cmd.text));
        return;
      case 'newline':
        this.setEditor(ed.insert(this.editor, '\n'));
        return;
      case 'edit':
        this.setEditor(EDIT_OPS[cmd.op]!(this.editor));
        return;
      case 'submit':
        if (this.menu && this.acceptMenu(true)) return;
        if (this.editor.text[this.editor.cursor - 1] === '\\') {
          this.setEditor(ed.insert(ed.backspace(this.editor), '\n'));
          return;
        }
        this.submit('enter');
        return;
      case 'followUp':
        this.submit('followUp');
        return;
      case 'tab':
        if (this.menu) this.acceptMenu(false);
        return;
      case 'up':
        if (this.menu && this.menu.items.length > 0) this.menu = moveSelection(this.menu, -1);
        else if (ed.isEmpty(this.editor) && agent.queued().length > 0) this.restore(agent.dequeueAll());
        else {
          const moved = ed.up(this.editor);
          const prev = moved ? undefined : this.o.history.prev(this.editor.text);
          if (moved) this.editor = moved;
          else if (prev !== undefined) this.setEditor(ed.editorWith(prev), true);
        }
        return;
      case 'down':
        if (this.menu && this.menu.items.length > 0) this.menu = moveSelection(this.menu, 1);
        else {
          const moved = ed.down(this.editor);
          const next = moved ? undefined : this.o.history.next();
          if (moved) this.editor = moved;
          else if (next !== undefined) this.setEditor(ed.editorWith(next), true);
        }
        return;
      case 'escape':
        if (this.menu) {
          this.menu = null;
          this.menuDismissedFor = this.editor.text;
        } else if (agent.state.isRunning || agent.queued().length > 0) this.restore(agent.abort());
        return;
      case 'interrupt':
        if (this.editor.text !== '') {
          this.setEditor(ed.emptyEditor);
          this.o.history.resetBrowsing();
        } else if (agent.state.isRunning) this.restore(agent.abort());
        else if (Date.now() < this.quitArmedUntil) this.quit();
        else {
          this.quitArmedUntil = Date.now() + QUIT_WINDOW_MS;
          this.flash('press Ctrl+C again to quit', QUIT_WINDOW_MS);
        }
        return;
      case 'eof':
        if (this.editor.text === '') this.quit();
        else this.setEditor(ed.deleteForward(this.editor));
        return;
      case 'toggleTools':
        this.transcript.toggleExpanded();
        return;
      case 'none':
        return;
    }
  }

  private setEditor(next: ed.EditorState, fromHistory = false): void {
    this.editor = next;
    if (!fromHistory) this.o.history.resetBrowsing();
    this.afterEdit();
  }

  /** Recomputes the completion menu for the text at the cursor. */
  private afterEdit(): void {
    if (this.menu?.kind === 'model') return;
    const ctx = completionContext(this.editor);
    if (!ctx || this.menuDismissedFor === this.editor.text) {
      this.menu = null;
      this.completions = [];
      return;
    }
    this.menuDismissedFor = null;
    const paths = ctx.kind === 'path' ? this.o.fileIndex.get() : null;
    this.completions = completionItems(ctx, paths);
    const selected = this.menu?.kind === ctx.kind ? Math.min(this.menu.selected, Math.max(0, this.completions.length - 1)) : 0;
    const empty = ctx.kind === 'command' ? 'no such command (Esc to close)' : paths === null ? 'indexing files…' : 'no matching paths';
    this.menu = { kind: ctx.kind, items: this.completions.map((c) => ({ label: c.label, description: c.description })), selected, empty };
    this.schedule();
  }

  /** Enter or Tab on an open menu. Returns true when the key was used up. */
  private acceptMenu(enter: boolean): boolean {
    const menu = this.menu!;
    if (menu.kind === 'model') {
      const id = menu.items[menu.selected]?.label;
      this.menu = null;
      if (id) void this.command({ name: 'model', args: id });
      return true;
    }
    const ctx = completionContext(this.editor);
    const item = this.completions[menu.selected];
    if (!ctx || !item) return menu.kind === 'path' && enter ? false : !enter;
    this.setEditor(applyCompletion(this.editor, ctx, item));
    if (menu.kind === 'command' && enter) {
      this.menu = null;
      this.submit('enter');
    }
    return true;
  }

  private submit(kind: 'enter' | 'followUp'): void {
    const typed = this.editor.text.trim();
    if (!typed) return;
    const parsed = parseCommand(typed);
    if (parsed) {
      this.o.history.add(typed);
      this.setEditor(ed.emptyEditor);
      if (findCommand(parsed.name)) void this.command(parsed);
      else this.transcript.error(`unknown command /${parsed.name}; type /help for the commands`);
      return;
    }
    const text = ed.expandPastes(this.editor).trim();
    this.o.history.add(text);
    this.setEditor(ed.emptyEditor);
    this.send(text, kind);
  }

  /** Idle: a new run. Working: Enter steers, Alt+Enter queues a follow-up. */
  private send(text: string, kind: 'enter' | 'followUp'): void {
    const agent = this.session.agent;
    if (agent.state.isRunning) {
      if (kind === 'followUp') agent.followUp(text);
      else agent.steer(text);
      return;
    }
    agent.prompt(text).catch((err: unknown) => {
      this.transcript.error(err instanceof Error ? err.message : String(err));
      this.schedule();
    });
  }

  /** Queued messages back into the input, before whatever is typed there. */
  private restore(queued: QueuedMessage[]): void {
    if (queued.length === 0) return;
    const texts = queued.map((q) => q.text);
    const current = this.editor.text;
    const text = [...texts, ...(current ? [current] : [])].join('\n');
    this.setEditor({ text, cursor: text.length, pastes: this.editor.pastes });
    this.flash(`${queued.length} queued message${queued.length === 1 ? '' : 's'} put back into the input`, 3000);
  }

  private flash(text: string, ms: number): void {
    this.hint = { text, until: Date.now() + ms };
    setTimeout(() => this.schedule(), ms + 10).unref();
  }

  private quit(): void {
    if (this.session.agent.state.isRunning) this.session.agent.abort();
    this.o.onQuit();
  }

  private async command(parsed: { name: string; args: string }): Promise<void> {
    try {
      await runCommand(this.commandContext(), parsed);
    } catch (err) {
      this.transcript.error(err instanceof Error ? err.message : String(err));
    }
    this.schedule();
  }

  private commandContext(): CommandContext {
    return {
      transcript: this.transcript,
      session: () => this.session,
      renewSession: async () => {
        this.session.agent.abort();
        await this.session.startNew();
      },
      makeModel: (id) => this.o.makeModel(id),
      openModelPicker: () => this.openModelPicker(),
      writeRaw: (data) => this.o.writeRaw(data),
      quit: () => this.quit(),
    };
  }

  private openModelPicker(): void {
    this.menu = pickerMenu();
    loadModels(this.o.listModels, this.session.agent.state.model.id, (menu, error) => {
      if (this.menu?.kind !== 'model') return;
      this.menu = menu;
      if (error) this.transcript.error(error);
      this.schedule();
    });
  }
}
