// `@path` in a sent message: the files it names are attached (src/session/attachments); the
// message's own view lists them (view/messages.ts), and a file that could not go gets one sentence here.
import { s, sym } from '../text/style.js';
import { sanitize, wrapWithPrefix } from '../text/text.js';

/** The lines for mentions that named a file but did not attach it. Pure. */
export function refusedLines(refused: readonly string[], cols: number): string[] {
  return refused.flatMap((r) => wrapWithPrefix(sanitize(r), cols, `${sym('!', '!')} `, '  ').map((l) => s.yellow(l)));
}
