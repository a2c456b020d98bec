// One short line naming a tool call by its main argument: `read src/a.ts 1-200`, `bash npm test`.
// What the model or a tool sent is drawn with its control characters visible, never raw: an escape
// sequence in an argument would otherwise reach the terminal.
import { visible } from '../text/terminal-text.js';
import { isMcpToolName, shownToolName } from '../extensions/mcp/names.js';
import { declinedForUser } from '../session/permissions/declined.js';

const MAX = 80;

function clip(text: string): string {
  const line = visible(text.replace(/[ \t]*\n[ \t]*/g, ' ⏎ ').trim());
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}

/** Whether a failure's first line shows whole in `describeOutcome` (so a preview need not repeat it). */
export function outcomeShowsWhole(line: string): boolean {
  const shown = declinedForUser(line) ?? line;
  return clip(shown) === visible(shown.trim());
}

export function describeCall(name: string, args: unknown): string {
  return visible(describeRaw(name, args));
}

function describeRaw(name: string, args: unknown): string {
  const a = (args && typeof args === 'object' ? args : {}) as Record<string, unknown>;
  const s = (key: string) => (typeof a[key] === 'string' ? (a[key] as string) : undefined);
  switch (name) {
    case 'read': {
      const offset = typeof a.offset === 'number' ? a.offset : undefined;
      const limit = typeof a.limit === 'number' ? a.limit : undefined;
      const range = offset || limit ? ` ${offset ?? 1}-${limit ? (offset ?? 1) + limit - 1 : ''}` : '';
      return `read ${s('path') ?? ''}${range}`;
    }
    case 'bash':
      return `bash ${clip(s('command') ?? '')}`;
    case 'grep':
      return `grep ${clip(s('pattern') ?? '')}${s('path') ? ` in ${s('path')}` : ''}`;
    case 'find':
      return `find ${s('pattern') ?? ''}${s('path') ? ` in ${s('path')}` : ''}`;
    case 'ls':
      return `ls ${s('path') ?? '.'}`;
    case 'write':
    case 'edit':
      return `${name} ${s('path') ?? ''}`;
    case 'todo':
      return `todo ${clip(todoChanges(a))}`;
    case 'exit_plan_mode': {
      // the plan itself is shown in its question; here, its first line and its length
      const lines = (s('plan') ?? '').trim().split('\n');
      return `plan ${clip(lines[0]!.replace(/^#+\s*/, ''))} (${lines.length} lines)`;
    }
    case 'fetch':
      return `fetch ${clip(webAddress(s('url') ?? ''))}`;
    case 'search':
      return `search ${clip(s('query') ?? '')}`;
    case 'job_output':
    case 'job_stop': {
      const how = ['since', 'tail', 'filter'].filter((k) => a[k] !== undefined).map((k) => `${k} ${clip(String(a[k]))}`);
      return `${name} job ${String(a.job_id)}${how.length > 0 ? ` · ${how.join(' · ')}` : ''}`;
    }
    case 'task':
      return `task ${s('agent') ?? 'explore'}: ${clip(s('description') ?? '')}`;
    default: {
      // an MCP tool is labelled with its server, its arguments as `name: value`: `everything:echo message: hi`
      if (isMcpToolName(name)) {
        const pairs = Object.entries(a).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
        return `${shownToolName(name)} ${clip(pairs.join(' · '))}`;
      }
      return `${name} ${clip(JSON.stringify(a))}`;
    }
  }
}

/** A URL without its scheme, its path cut after two folders: `docs.python.org/3/library/…`. */
function webAddress(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '');
  const parts = bare.split('/');
  return parts.length > 4 ? `${parts.slice(0, 3).join('/')}/…` : bare;
}

/** `+2, 1 done, 3 in_progress`: what a todo call changes, by item id. */
function todoChanges(a: Record<string, unknown>): string {
  const added = Array.isArray(a.add) ? a.add.length : 0;
  const updates = (Array.isArray(a.update) ? a.update : []).map(
    (u: Record<string, unknown>) => `${String(u?.id)} ${typeof u?.status === 'string' ? u.status : 'reworded'}`,
  );
  return [...(added ? [`+${added}`] : []), ...updates].join(', ') || 'list';
}

/** The outcome in a few words, when it is worth a mention: `(exit 1)`, `(failed: no such file …)`. */
export function describeOutcome(isError: boolean, details: unknown, firstText: string | undefined): string {
  const d = (details && typeof details === 'object' ? details : {}) as Record<string, unknown>;
  if (typeof d.exitCode === 'number' && d.exitCode !== 0) return ` (exit ${d.exitCode})`;
  if (d.timedOut === true) return ' (timed out)';
  if (!isError) return '';
  const first = (firstText ?? '').split('\n')[0]!;
  // the model is told how to go on; the user answered, and reads that they did
  const declined = declinedForUser(first);
  return declined ? ` (${clip(declined)})` : ` (failed: ${clip(first)})`;
}
