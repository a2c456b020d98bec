// `tack -p /context` (and `tack context`): where a new or continued session's context goes, as
// /context shows it in the app, or as one JSON object with `--output-format json` or `stream-json`.
import type { Session } from '../session/session.js';
import { stripControls } from '../text/terminal-text.js';
import { contextLines } from './interactive/view/context-view.js';

/** Whether the prompt asks for the report rather than a run. */
export const asksForContext = (typed: string | undefined): boolean => typed?.trim() === '/context';

export async function printContext(session: Session, outputFormat: 'text' | 'json' | 'stream-json', writeLine: (obj: unknown) => void): Promise<void> {
  const usage = await session.submit({ type: 'context' });
  if (outputFormat !== 'text') return void writeLine({ type: 'context', ...usage });
  const lines = contextLines(usage, process.stdout.isTTY ? (process.stdout.columns ?? 80) : 80);
  process.stdout.write(`${(process.stdout.isTTY ? lines : lines.map((l) => stripControls(l))).join('\n')}\n`);
}
