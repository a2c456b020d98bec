// /context on the screen: each part's tokens with a bar of its share of the window, grouped as the
// request holds them, then the window, what is left before compaction and the last request's cache.
// Fits 80 columns and 24 rows with a dozen parts. Pure.
import type { ContextUsage } from '../../../session/context/context-usage.js';
import { s, sym } from '../text/style.js';
import { padEnd, truncate, wrap } from '../text/text.js';
import { compactNumber } from './footer.js';

const GROUPS = { system: 'System', tools: 'Tools', messages: 'Messages' } as const;
const LABEL = 28;
const BAR = 20;

export function contextLines(u: ContextUsage, cols: number): string[] {
  const approx = u.counted === 'estimate' ? '~' : '';
  const pct = (n: number) => (u.window > 0 ? Math.round((n / u.window) * 100) : 0);
  const out = [
    s.bold(`Context: ${approx}${compactNumber(u.total)} of ${compactNumber(u.window)} tokens (${pct(u.total)}%)`),
    `${approx}${compactNumber(u.left)} left before compaction, which starts at ${compactNumber(u.threshold)}`,
  ];
  let group = '';
  const barCols = Math.max(0, Math.min(BAR, cols - LABEL - 12));
  for (const p of u.parts) {
    if (p.group !== group) out.push(GROUPS[p.group]);
    group = p.group;
    const figure = padEnd(`${approx}${compactNumber(p.tokens)}`, 7);
    const filled = u.window > 0 ? Math.min(barCols, Math.round((p.tokens / u.window) * barCols)) : 0;
    const bar = barCols > 0 ? s.cyan(sym('█', '#').repeat(filled)) + s.dim(sym('░', '.').repeat(barCols - filled)) : '';
    out.push(truncate(`  ${padEnd(truncate(p.label, LABEL - 3), LABEL - 2)} ${figure} ${bar}`, cols));
  }
  if (u.lastRequest) {
    const { input, cached } = u.lastRequest;
    const share = input > 0 ? Math.round((cached / input) * 100) : 0;
    out.push(...wrap(`Last request: ${compactNumber(input)} tokens, ${compactNumber(cached)} of them (${share}%) from the server's prompt cache`, cols));
  } else out.push(...wrap('No request yet: the first one carries the system prompt and the tools.', cols));
  const how =
    u.counted === 'server'
      ? "Counted by the server's tokeniser; images estimated."
      : "Estimated (~) at the ratio of the server's last count, or about 4 characters a token before any.";
  out.push(...wrap(how, cols).map((l) => s.dim(l)));
  return out;
}
