// The session picker (`tack -r`, `/resume`): earlier sessions of this directory with their date,
// first prompt, turns and size. Typing filters, Up/Down select, Enter resumes, Esc closes (a new
// conversation). While it is open it takes every key but Ctrl+C.
import type { SessionSummary } from '../../../session/file/locate.js';
import type { Command } from '../input/keymap.js';
import { s, sym } from '../text/style.js';
import { graphemes } from '../text/graphemes.js';
import { padEnd, sanitize, truncate } from '../text/text.js';

export const PICKER_ROWS = 10;

export class SessionPicker {
  private sessions: SessionSummary[] | null = null;
  private error: string | null = null;
  filter = '';
  private selected = 0;

  constructor(
    load: Promise<SessionSummary[]>,
    /** the chosen session's file, or null for none (Esc) */
    private readonly done: (path: string | null) => void,
    private readonly changed: () => void,
    private readonly escapeLabel: string,
  ) {
    load.then(
      (sessions) => {
        this.sessions = sessions;
        this.changed();
      },
      (err: unknown) => {
        this.error = err instanceof Error ? err.message : String(err);
        this.changed();
      },
    );
  }

  /** The sessions the filter lets through: every word somewhere in the date, prompt or id. */
  visible(): SessionSummary[] {
    const words = this.filter.toLowerCase().split(/\s+/).filter(Boolean);
    return (this.sessions ?? []).filter((x) => {
      const hay = `${formatDate(x.created)} ${x.firstPrompt} ${x.id}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    });
  }

  /** Every key but Ctrl+C (which the controller treats as Esc here). */
  handle(cmd: Command): void {
    const count = this.visible().length;
    switch (cmd.type) {
      case 'insert':
      case 'paste':
        this.setFilter(this.filter + cmd.text.replace(/\s+/g, ' '));
        return;
      case 'edit':
        if (cmd.op === 'backspace')
          this.setFilter(
            graphemes(this.filter)
              .slice(0, -1)
              .map((g) => g.segment)
              .join(''),
          );
        else if (cmd.op === 'deleteWordBack' || cmd.op === 'killLineStart') this.setFilter('');
        return;
      case 'up':
      case 'down':
        if (count > 0) this.selected = (this.selected + (cmd.type === 'up' ? -1 : 1) + count) % count;
        return;
      case 'submit': {
        const chosen = this.visible()[this.selected];
        if (chosen) this.done(chosen.path);
        return;
      }
      case 'escape':
      case 'interrupt':
        this.done(null);
        return;
      default:
        return;
    }
  }

  render(cols: number, maxRows = PICKER_ROWS): string[] {
    const title = `${s.bold('Resume a session')} ${s.gray(`· type to filter · ${sym('↑↓', 'Up/Down')} Enter: resume · Esc: ${this.escapeLabel}`)}`;
    const filter = `${sym('›', '>')} ${this.filter}${s.inverse(' ')}`;
    const out = [truncate(title, cols), truncate(filter, cols)];
    if (this.error) return [...out, s.red(truncate(`  could not list the sessions: ${this.error}`, cols))];
    if (!this.sessions) return [...out, s.gray('  reading the sessions…')];
    const rows = this.visible();
    if (rows.length === 0) return [...out, s.gray(this.sessions.length === 0 ? '  no earlier sessions in this directory' : '  no session matches')];
    const start = Math.min(Math.max(0, this.selected - Math.floor(maxRows / 2)), Math.max(0, rows.length - maxRows));
    rows.slice(start, start + maxRows).forEach((x, k) => {
      const selected = start + k === this.selected;
      const line = truncate(`${selected ? sym('›', '>') : ' '} ${summaryLine(x)}`, cols);
      out.push(selected ? s.cyan(s.bold(line)) : line);
    });
    if (rows.length > maxRows) out.push(s.gray(`  ${this.selected + 1}/${rows.length}`));
    return out;
  }

  private setFilter(filter: string): void {
    this.filter = filter;
    this.selected = 0;
  }
}

/** `2026-01-05 14:03   12 turns   1.2 MB   fix the login bug…` (local time). */
export function summaryLine(x: SessionSummary): string {
  const turns = `${x.turns} turn${x.turns === 1 ? '' : 's'}`;
  const prompt = x.firstPrompt ? sanitize(x.firstPrompt) : s.gray('(nothing asked)');
  return `${formatDate(x.created)}  ${padEnd(turns, 10)} ${padEnd(formatSize(x.size), 8)} ${prompt}`;
}

export function formatDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
