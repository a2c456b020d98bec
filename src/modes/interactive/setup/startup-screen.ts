// The first screen, drawn before Ink, React and the session are loaded (which takes a while): the
// header line, which stays, and a stand-in input box and footer, which Ink replaces.
import { packageVersion } from '../../../config/paths.js';
import { s, sym } from '../text/style.js';
import { renderHeader } from '../view/messages.js';

/** Prints the startup screen; returns the header as printed, and how many lines below it Ink must replace. */
export function printStartupScreen(stdout: NodeJS.WriteStream, model: string, cwd: string): { header: string; placeholder: number } {
  const cols = stdout.columns || 80;
  const rule = s.gray(sym('─', '-').repeat(cols));
  const header = renderHeader({ version: packageVersion(), model, cwd }, cols);
  // the footer's place stays empty: the header above already names the model and the directory
  const live = [rule, `${sym('›', '>')} ${s.dim('starting…')}`, rule, ''];
  stdout.write(`${[...header, ...live].join('\n')}\n`);
  return { header: `${header.join('\n')}\n`, placeholder: live.length };
}
