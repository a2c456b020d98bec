// The first-run setup screen: which local servers tack looked for, and two fields, the server's
// base URL and the name of the variable holding its key. Pure.
import { plural } from '../../../../tools/format.js';
import type { ProbedServer } from '../../../config/server-setup.js';
import type { EditorState } from '../editor/editor.js';
import { s, sym } from '../text/style.js';
import { sanitize, truncate, wrapWithPrefix } from '../text/text.js';

export interface SetupState {
  fields: [EditorState, EditorState];
  /** the field being edited */
  focus: 0 | 1;
  /** a sentence about the last Enter: what is wrong, or that the server is being asked */
  status?: { kind: 'error' | 'busy'; text: string };
  /** keys count from now: until then they were typed before the screen, and its keys are not named */
  keysTaken: boolean;
}

export const FIELD_LABELS = ['Base URL', 'Key variable'] as const;
const HINTS = [
  'e.g. http://localhost:8080/v1 or https://openrouter.ai/api/v1',
  'the NAME of the variable holding the key, e.g. OPENROUTER_API_KEY; empty: no key',
];
const INDENT = '  ';

function field(st: EditorState, focused: boolean): string {
  if (!focused) return st.text;
  const c = st.cursor;
  return `${st.text.slice(0, c)}${s.inverse(st.text[c] ?? ' ')}${st.text.slice(c + 1)}`;
}

export function renderSetup(state: SetupState, o: { probed: readonly ProbedServer[]; configPath: string; cols: number; rows: number }): string[] {
  const { cols } = o;
  const head = truncate(`${s.yellow(sym('?', '?'))} ${s.bold('No model server is set up yet')}`, cols);
  const width = Math.max(...o.probed.map((p) => p.label.length), 0);
  const intro = [
    `${INDENT}Looked for a local server; none answered:`,
    ...o.probed.map((p) => truncate(`${INDENT}${INDENT}${p.label.padEnd(width)}  ${s.gray(p.baseUrl)}`, cols)),
    ...wrapWithPrefix(
      `Start one of them and run tack again, or name an OpenAI-compatible server here. It is saved in ${o.configPath} (the key only by its variable's name).`,
      cols,
      INDENT,
      INDENT,
    ),
    '',
  ];
  const form: string[] = [];
  FIELD_LABELS.forEach((label, i) => {
    const focused = state.focus === i;
    const fieldHead = `${focused ? sym('›', '>') : ' '} ${label.padEnd(12)} `;
    form.push(truncate(`${focused ? s.cyan(s.bold(fieldHead)) : fieldHead}${field(state.fields[i]!, focused)}`, cols));
    // the example is wrapped, never cut: it shows what to type
    if (focused) form.push(...wrapWithPrefix(HINTS[i]!, cols, ' '.repeat(fieldHead.length), ' '.repeat(fieldHead.length)).map((l) => s.gray(l)));
  });
  if (state.status) {
    const error = state.status.kind === 'error';
    const color = error ? s.red : s.gray;
    form.push(...wrapWithPrefix(sanitize(state.status.text), cols, `${INDENT}${error ? sym('✗', 'x') : sym('…', '...')} `, `${INDENT}  `).map((l) => color(l)));
  }
  const keys = wrapWithPrefix(`Enter: next field, then check and save · Tab/${sym('↑↓', 'Up/Down')}: switch field · Esc: quit`, cols, INDENT, INDENT);
  form.push(...keys.map((l) => (state.keysTaken ? s.gray(l) : '')));
  // one row stays for the cursor below the drawing, or the first line scrolls away: the fields win it
  const room = o.rows - 1 - 1 - form.length;
  const short = truncate(`${INDENT}Looked for ${plural(o.probed.length, 'local server')}, none answered; saved in ${o.configPath}`, cols);
  const shown = intro.length <= room ? intro : room > 0 ? [short] : [];
  return [head, ...shown, ...form];
}
