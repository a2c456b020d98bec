// What the input box offers to complete at the cursor: a slash command at the start, or a path
// after `@`; and how a chosen item is put into the text. The commands are handed in (the app holds
// the list), so completion knows nothing of what a command does.
import type { EditorState } from '../editor/editor.js';
import { fuzzyFilter } from './fuzzy.js';

/** A slash command as the `/` menu and /help show it. */
export interface CommandInfo {
  name: string;
  args?: string;
  description: string;
  /** where a command from a file comes from (`.claude/commands`), shown in the menu */
  source?: string;
}

/** The `/` menu's commands: tack's own, then those of the moment (command files, skills, MCP prompts). */
export interface MenuCommands {
  builtIn: readonly CommandInfo[];
  others: readonly CommandInfo[];
}

export interface CompletionItem {
  label: string;
  description?: string;
  /** replaces the text from `from` to the cursor */
  insert: string;
}

export interface CompletionContext {
  kind: 'command' | 'path';
  query: string;
  /** where the completed token starts (the `/` or `@`) */
  from: number;
}

export function completionContext(st: EditorState): CompletionContext | null {
  const before = st.text.slice(0, st.cursor);
  if (/^\/[\w.:-]*$/.test(before) && !/\s/.test(st.text.slice(st.cursor, st.cursor + 1) || '')) {
    return { kind: 'command', query: before.slice(1), from: 0 };
  }
  const m = /(^|\s)@([^\s@]*)$/.exec(before);
  if (m) return { kind: 'path', query: m[2]!, from: before.length - m[2]!.length - 1 };
  return null;
}

export const MENU_SIZE = 8;

/** `extra`: the commands for the `/` menu, and MCP resources (`@server:uri`) beside paths. */
export function completionItems(
  ctx: CompletionContext,
  paths: readonly string[] | null,
  extra: { commands?: MenuCommands; resources?: readonly CompletionItem[] } = {},
): CompletionItem[] {
  if (ctx.kind === 'command') {
    const query = ctx.query.toLowerCase();
    return withClashes(extra.commands ?? { builtIn: [], others: [] })
      .filter((c) => c.name.toLowerCase().startsWith(query))
      .map((c) => ({
        label: `/${c.name}${c.args ? ` ${c.args}` : ''}`,
        description: c.source ? `${c.description} · ${c.source}` : c.description,
        insert: `/${c.name}`,
      }));
  }
  const query = ctx.query.toLowerCase();
  const resources = query ? (extra.resources ?? []).filter((r) => r.insert.slice(1).toLowerCase().startsWith(query)) : [];
  if (!paths) return resources;
  // a path with spaces is quoted, so the whole of it attaches when sent
  return [
    ...resources,
    ...fuzzyFilter(ctx.query, paths, MENU_SIZE * 4).map((p) => ({ label: p, insert: /\s/.test(p) && !p.endsWith('/') ? `@"${p}"` : `@${p}` })),
  ];
}

/** Built-in commands, then the others; a file whose name a built-in has is shown once, as the built-in that wins. */
function withClashes({ builtIn: commands, others: extra }: MenuCommands): CommandInfo[] {
  const builtIn = new Set(commands.map((c) => c.name));
  const beaten = (name: string) => extra.filter((e) => e.name.toLowerCase() === name).map((e) => e.source ?? 'a file');
  const builtIns = commands.map((c) => {
    const over = beaten(c.name);
    return over.length > 0 ? { ...c, source: `built-in; over ${over.join(', ')}` } : c;
  });
  return [...builtIns, ...extra.filter((e) => !builtIn.has(e.name.toLowerCase()))];
}

/** The text with the item in place of the token; files get a space after them, directories do not. */
export function applyCompletion(st: EditorState, ctx: CompletionContext, item: CompletionItem): EditorState {
  const tail = ctx.kind === 'path' && item.insert.endsWith('/') ? '' : ' ';
  const insert = item.insert + tail;
  const text = st.text.slice(0, ctx.from) + insert + st.text.slice(st.cursor).replace(/^ /, '');
  return { ...st, text, cursor: ctx.from + insert.length };
}
