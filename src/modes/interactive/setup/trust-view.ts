// The trust question's lines: what was found and what each file would do, the risky files last,
// beside the choices, commands and skills that only add themselves grouped, and never taller than
// the terminal (what does not fit is counted, the calm lines given up first). Pure.
import { dirname } from 'node:path';
import { plural } from '../../../../tools/format.js';
import { type FileGroup, type FileReport, type TrustAssessment, groupFiles, groupLine } from '../../../trust/index.js';
import { visible } from '../../../text/terminal-text.js';
import { s, sym } from '../text/style.js';
import { truncate, wrapWithPrefix } from '../text/text.js';

export interface Choice {
  label: string;
  key: string;
}

const INDENT = '  ';

export function renderTrustQuestion(
  a: TrustAssessment,
  o: { choices: readonly Choice[]; selected: number; cols: number; rows: number; ownSettings: string; keysTaken: boolean },
): string[] {
  const { cols } = o;
  const changed = a.status === 'changed';
  const title = changed ? "This folder's settings changed since you trusted it" : 'This folder has its own tack settings';
  const head = [truncate(`${s.yellow(sym('?', '?'))} ${s.bold(title)}  ${s.gray(visible(a.root))}`, cols)];
  const own = wrapWithPrefix(`Until you trust it, tack uses only your own settings (${o.ownSettings}).`, cols, INDENT, INDENT).map((l) => s.gray(l));
  const { groups, others } = groupFiles(a.files);
  const calm = [...own, ...groups.flatMap((g) => groupLines(g, changed, cols)), ...others.filter((f) => !f.risky).flatMap((f) => fileLines(f, changed, cols))];
  const risky = others.filter((f) => f.risky).flatMap((f) => fileLines(f, changed, cols));
  const choices = o.choices.map((c, i) => {
    const line = truncate(`${i === o.selected ? sym('›', '>') : ' '} ${c.label} ${s.gray(`(${c.key})`)}`, cols);
    return i === o.selected ? s.cyan(s.bold(line)) : line;
  });
  // the keys are named once they count: what is typed sooner was meant for before the question
  choices.push(o.keysTaken ? s.gray(truncate(`${INDENT}y/s/n or ${sym('↑↓', 'Up/Down')} Enter · Esc: don't trust`, cols)) : '');
  // one row stays for the cursor below the drawing, or the first line scrolls away
  const room = o.rows - 1 - head.length - choices.length;
  return [...head, ...fit(calm, risky, room, cols), ...choices];
}

/** The calm lines and the risky ones in `room` lines: the risky ones first served, what is left out counted. */
function fit(calm: string[], risky: string[], room: number, cols: number): string[] {
  if (calm.length + risky.length <= room) return [...calm, ...risky];
  if (risky.length >= room) {
    // the calm lines are all left out, and counted with the risky ones that do not fit
    const hidden = risky.length - Math.max(room - 1, 0) + calm.length;
    const marker = s.yellow(truncate(`${INDENT}… ${plural(hidden, 'more line')} not shown: make the terminal taller to read them`, cols));
    return room > 0 ? [...risky.slice(0, room - 1), marker] : [];
  }
  const calmRoom = room - risky.length;
  const marker = s.gray(truncate(`${INDENT}… ${plural(calm.length - calmRoom + 1, 'more line')} that loosen nothing`, cols));
  return [...calm.slice(0, calmRoom - 1), marker, ...risky];
}

/** "30 slash commands: /task-01 … /task-30 in .claude/commands", and how many are new since the folder was trusted. */
function groupLines(g: FileGroup, changed: boolean, cols: number): string[] {
  const dirs = new Set(g.files.map((f) => dirname(f.rel)));
  const where = dirs.size === 1 ? ` in ${[...dirs][0]}` : '';
  const fresh = changed ? g.files.filter((f) => f.change !== 'same').length : 0;
  const lines = wrapWithPrefix(`${visible(groupLine(g))}${visible(where)}${fresh > 0 ? ` (${fresh} new or changed)` : ''}`, cols, INDENT, `${INDENT}${INDENT}`);
  return fresh > 0 ? lines.map((l) => s.yellow(l)) : lines;
}

function fileLines(f: FileReport, changed: boolean, cols: number): string[] {
  const state = f.change === 'new' && changed ? ' (new)' : f.change === 'changed' ? ' (changed)' : '';
  const lines = [truncate(`${INDENT}${s.bold(visible(f.rel))}${state}, if trusted:`, cols)];
  const effects = f.effects.length > 0 ? f.effects : ['change nothing tack does'];
  for (const effect of effects) {
    const fresh = changed && f.added.includes(effect);
    const wrapped = wrapWithPrefix(`${fresh ? 'new: ' : ''}${visible(effect)}`, cols, `${INDENT}${INDENT}${sym('•', '-')} `, `${INDENT}${INDENT}  `);
    lines.push(...wrapped.map((l) => (fresh ? s.yellow(l) : l)));
  }
  if (f.diff) lines.push(...diffLines(f.diff, cols));
  return lines;
}

/** A script a hook or server runs changed since it was trusted: what changed, the first lines of it. */
const DIFF_LINES = 16;
function diffLines(diff: string, cols: number): string[] {
  const all = diff.split('\n');
  const shown = all.slice(0, DIFF_LINES).map((line) => {
    const text = truncate(`${INDENT}${INDENT}${visible(line)}`, cols);
    return line.startsWith('+') ? s.green(text) : line.startsWith('-') ? s.red(text) : s.gray(text);
  });
  const more = all.length - shown.length;
  return more > 0 ? [...shown, s.gray(`${INDENT}${INDENT}… ${plural(more, 'more line')} of the diff`)] : shown;
}
