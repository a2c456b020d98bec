// The line after a finished turn: how long it took and what it cost, counted from the usage totals
// when the run started, and the background jobs left running (`done in 12 s · ↑4.1k (3.9k cached)
// ↓312 · $0.003 · 1 job still running`).
import type { UsageTotals } from '../../../session/usage.js';
import { plural } from '../../../../tools/format.js';
import { s } from '../text/style.js';
import { compactNumber, formatCost, inputFigure } from './footer.js';

export function formatDuration(ms: number): string {
  const sec = Math.max(1, Math.round(ms / 1000));
  return sec < 60 ? `${sec} s` : `${Math.floor(sec / 60)} min ${sec % 60} s`;
}

export function renderTurnEnd(ms: number, before: UsageTotals, after: UsageTotals, runningJobs = 0): string[] {
  const input = after.input - before.input;
  const output = after.output - before.output;
  const approx = after.estimated ? '~' : '';
  const parts = [
    `done in ${formatDuration(ms)}`,
    `${inputFigure(input, after.cacheRead - before.cacheRead, after.estimated)} ↓${approx}${compactNumber(output)}`,
  ];
  if (after.cost !== null && before.cost !== null && after.cost > before.cost) parts.push(formatCost(after.cost - before.cost));
  if (runningJobs > 0) parts.push(`${plural(runningJobs, 'job')} still running`);
  return [s.gray(parts.join(' · '))];
}
