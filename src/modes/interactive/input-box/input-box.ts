// The input box: its text, the completion menu under it (commands, paths, the model list) and the
// prompt history. What typing, arrows and Tab do to the text; app/key-intent.ts decides what Enter,
// Esc and the agent keys mean, from what `keys` tells of the box.
import { applyCompletion, completionContext, completionItems, type CompletionContext, type CompletionItem, type MenuCommands } from '../complete/completion.js';
import type { FileIndex } from '../complete/file-index.js';
import * as ed from '../editor/editor.js';
import { normalKeys, recordTyped, toNormal, vimStart, type VimState } from '../editor/vim.js';
import type { History } from '../editor/history.js';
import type { Command } from '../input/keymap.js';
import { IMAGE_NAME } from '../../../session/attachments/image-file.js';
import { pastedImageMention } from '../../../session/attachments/mentions.js';
import { moveSelection, type MenuState, type Panel } from './menu.js';

const EDIT_OPS: Record<string, (st: ed.EditorState) => ed.EditorState> = {
  left: ed.left,
  right: ed.right,
  wordLeft: ed.wordLeft,
  wordRight: ed.wordRight,
  home: ed.home,
  end: ed.end,
  backspace: ed.backspace,
  delete: ed.deleteForward,
  deleteWordBack: ed.deleteWordBack,
  deleteWordForward: ed.deleteWordForward,
  killLineStart: ed.deleteToLineStart,
  killLineEnd: ed.deleteToLineEnd,
};

/** An editing command applied to a bare editor state (no menu, no history): the reason field uses it. */
export function applyEdit(st: ed.EditorState, cmd: Command): ed.EditorState | null {
  switch (cmd.type) {
    case 'insert':
      return ed.insert(st, cmd.text);
    case 'paste': {
      // a pasted path to an image (a file dropped on the terminal) becomes a mention that attaches it
      const image = pastedImageMention(cmd.text, (path) => IMAGE_NAME.test(path));
      return image ? ed.insert(st, `${image} `) : ed.insertPaste(st, cmd.text);
    }
    case 'newline':
      return ed.insert(st, '\n');
    case 'edit':
      return EDIT_OPS[cmd.op]!(st);
    default:
      return null;
  }
}

/** What the keys need to know of the box. */
export interface InputKeys {
  text: string;
  /** nothing but blanks typed */
  empty: boolean;
  menu: MenuState['kind'] | null;
  menuHasItems: boolean;
  /** Enter or Tab would put the selected completion into the text */
  completes: boolean;
  /** the cursor follows a backslash: Enter makes a newline */
  continues: boolean;
  vim: VimState | null;
}

/** What Enter on an open menu did. */
export type MenuAccept = { kind: 'unused' } | { kind: 'used' } | { kind: 'submit' } | { kind: 'model'; id: string };

export class InputBox {
  editor: ed.EditorState = ed.emptyEditor;
  menu: MenuState | null = null;
  private completions: CompletionItem[] = [];
  private menuDismissedFor: string | null = null;
  /** vim's modes and registers, while vim keys are on */
  vim: VimState | null = null;

  constructor(
    private readonly history: History,
    private readonly fileIndex: FileIndex,
    /** something on screen changed outside a key press (the file index arrived) */
    private readonly changed: () => void,
    /** the `/` menu's commands: tack's own and those of the moment (MCP prompts) */
    private readonly commands: () => MenuCommands = () => ({ builtIn: [], others: [] }),
    /** `@server:uri` resources of MCP servers for the `@` menu */
    private readonly resources: () => CompletionItem[] = () => [],
  ) {
    fileIndex.onUpdate(() => {
      if (this.menu?.kind === 'path') this.afterEdit();
    });
  }

  get text(): string {
    return this.editor.text;
  }

  get empty(): boolean {
    return ed.isEmpty(this.editor);
  }

  /** Whether Up and Down move in the menu rather than in the text. */
  get menuHasItems(): boolean {
    return (this.menu?.items.length ?? 0) > 0;
  }

  setVim(on: boolean): void {
    this.vim = on ? vimStart : null;
    this.changed();
  }

  /** What the keys need to know of the box (app/key-intent.ts decides from it). */
  get keys(): InputKeys {
    return {
      text: this.editor.text,
      empty: this.empty,
      menu: this.menu?.kind ?? null,
      menuHasItems: this.menuHasItems,
      completes: this.selectedCompletion() !== null,
      continues: this.editor.text[this.editor.cursor - 1] === '\\',
      vim: this.vim,
    };
  }

  /** A key vim takes (see `vimTakes`): Esc to normal mode, or normal mode's keys. */
  vimKey(cmd: Command): void {
    const vim = this.vim;
    if (!vim) return;
    if (vim.mode === 'insert') {
      const step = toNormal(vim, this.editor);
      this.vim = step.vim;
      this.set(step.editor);
      return;
    }
    if (cmd.type !== 'insert') return;
    const step = normalKeys(vim, this.editor, cmd.text, applyEdit);
    this.vim = step.vim;
    this.set(step.editor);
    if (step.pass) this.handle(step.pass);
  }

  /** A key typed into the box; in vim's insert mode it is kept for `.`. */
  typed(cmd: Command): void {
    if (this.vim?.mode === 'insert' && !this.menu?.panel) this.vim = recordTyped(this.vim, cmd);
    this.handle(cmd);
  }

  /** Typing, pasting, cursor moves and Up/Down; false for a command that is not the box's own. */
  handle(cmd: Command): boolean {
    if (this.menu?.panel) {
      this.menu.panel.handle(cmd);
      return true;
    }
    const edited = applyEdit(this.editor, cmd);
    if (edited) {
      this.set(edited);
      return true;
    }
    switch (cmd.type) {
      case 'up': {
        if (this.menuHasItems) this.menu = moveSelection(this.menu!, -1);
        else {
          const moved = ed.up(this.editor);
          const prev = moved ? undefined : this.history.prev(this.editor.text);
          if (moved) this.editor = moved;
          else if (prev !== undefined) this.set(ed.editorWith(prev), true);
        }
        return true;
      }
      case 'down': {
        if (this.menuHasItems) this.menu = moveSelection(this.menu!, 1);
        else {
          const moved = ed.down(this.editor);
          const next = moved ? undefined : this.history.next();
          if (moved) this.editor = moved;
          else if (next !== undefined) this.set(ed.editorWith(next), true);
        }
        return true;
      }
      default:
        return false;
    }
  }

  set(next: ed.EditorState, fromHistory = false): void {
    this.editor = next;
    if (!fromHistory) this.history.resetBrowsing();
    this.afterEdit();
  }

  clear(): void {
    this.set(ed.emptyEditor);
  }

  /** Enter after a backslash: a newline instead of sending. */
  continueLine(): void {
    this.set(ed.insert(ed.backspace(this.editor), '\n'));
  }

  /** Esc: closes the menu (it stays closed for this text); false when none was open. */
  closeMenu(): boolean {
    if (!this.menu) return false;
    this.menu = null;
    this.menuDismissedFor = this.editor.text;
    return true;
  }

  openMenu(menu: MenuState): void {
    this.menu = menu;
  }

  /** A panel in the menu's place: it takes every key until `closePanel`. */
  openPanel(panel: Panel): void {
    this.menu = { kind: 'panel', items: [], selected: 0, panel };
    this.changed();
  }

  /** Whether `panel` is the one open. */
  showing(panel: Panel): boolean {
    return this.menu?.panel === panel;
  }

  closePanel(): void {
    if (this.menu?.panel) this.menu = null;
    this.changed();
  }

  /** Something a panel shows changed (its list arrived). */
  redraw(): void {
    this.changed();
  }

  /** Enter or Tab on the open menu. */
  accept(enter: boolean): MenuAccept {
    const menu = this.menu;
    if (!menu) return { kind: 'unused' };
    if (menu.kind === 'model') {
      const id = menu.items[menu.selected]?.label;
      this.menu = null;
      return id ? { kind: 'model', id } : { kind: 'used' };
    }
    const chosen = this.selectedCompletion();
    // Enter with nothing to complete sends the text as it is.
    if (!chosen) return { kind: enter ? 'unused' : 'used' };
    this.set(applyCompletion(this.editor, chosen.ctx, chosen.item));
    if (menu.kind === 'command' && enter) {
      this.menu = null;
      return { kind: 'submit' };
    }
    return { kind: 'used' };
  }

  /** The text with long pastes expanded: what is sent. */
  get expanded(): string {
    return ed.expandPastes(this.editor).trim();
  }

  /** Empties the box after sending; `entry` goes into the history. */
  commit(entry: string): void {
    this.history.add(entry);
    // the next message starts in insert mode, as it does after every send
    if (this.vim) this.vim = { ...this.vim, mode: 'insert', pending: '', recording: null };
    this.clear();
  }

  /** Queued messages back into the box, before whatever is typed there. */
  restore(texts: string[]): void {
    const current = this.editor.text;
    const text = [...texts, ...(current ? [current] : [])].join('\n');
    this.set({ text, cursor: text.length, pastes: this.editor.pastes });
  }

  /** The completion Enter or Tab would put in, with where it goes. */
  private selectedCompletion(): { ctx: CompletionContext; item: CompletionItem } | null {
    if (this.menu?.kind !== 'command' && this.menu?.kind !== 'path') return null;
    const ctx = completionContext(this.editor);
    const item = this.completions[this.menu.selected];
    return ctx && item ? { ctx, item } : null;
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
    const paths = ctx.kind === 'path' ? this.fileIndex.get() : null;
    this.completions = completionItems(ctx, paths, ctx.kind === 'command' ? { commands: this.commands() } : { resources: this.resources() });
    const selected = this.menu?.kind === ctx.kind ? Math.min(this.menu.selected, Math.max(0, this.completions.length - 1)) : 0;
    const empty = ctx.kind === 'command' ? 'no such command (Esc to close)' : paths === null ? 'indexing files…' : 'no matching paths';
    this.menu = { kind: ctx.kind, items: this.completions.map((c) => ({ label: c.label, description: c.description })), selected, empty };
    this.changed();
  }
}
