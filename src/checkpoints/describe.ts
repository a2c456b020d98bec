// Checkpoints and rewinds in words, for `tack rewind` and the app (pure). File names are the
// workspace's: their control characters are drawn visibly, never sent to the terminal.
import { stripControls, visible } from '../text/terminal-text.js';
import type { NumberedCheckpoint, RewindPlan, RewindReport } from './checkpoints.js';
import type { TreeChange } from './tree-diff.js';

export function formatTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The message's first line, controls out, at most `max` characters. */
export function firstLine(text: string, max = 60): string {
  const lines = stripControls(text).split('\n');
  const line = (lines.find((l) => l.trim()) ?? '').replace(/\t/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** What changed since a checkpoint: "2 changed, 1 new, 1 deleted" (changes go from the checkpoint to now). */
export function sinceSummary(changes: TreeChange[]): string {
  if (changes.length === 0) return 'no changes since';
  const count = (s: TreeChange['status'][]) => changes.filter((c) => s.includes(c.status)).length;
  const parts = [
    [count(['M', 'T']), 'changed'],
    [count(['A']), 'new'],
    [count(['D']), 'deleted'],
  ].filter(([n]) => (n as number) > 0);
  return `${parts.map(([n, w]) => `${n} ${w}`).join(', ')} since`;
}

const KIND_LABEL: Record<NumberedCheckpoint['kind'], string> = { prompt: '', steer: '(steer) ', rewind: '(rewind) ' };

/** `changes` null: the checkpoint's files are no longer stored. */
export function checkpointLine(cp: NumberedCheckpoint, changes: TreeChange[] | null): string {
  const since = changes ? sinceSummary(changes) : 'files pruned: conversation only';
  return `${String(cp.n).padStart(3)}  ${formatTime(cp.timestamp)}  ${KIND_LABEL[cp.kind]}${firstLine(cp.text) || '(empty)'}  · ${since}`;
}

/** One line per file a rewind would touch (changes go from now to the checkpoint). */
export function planLines(plan: RewindPlan): string[] {
  const edited = new Set(plan.edited);
  const verb = (c: TreeChange) => (c.status === 'D' ? 'delete ' : c.status === 'A' ? 'recreate' : 'restore ');
  const lines = plan.changes.map((c) => `  ${verb(c)}  ${visible(c.path)}${edited.has(c.path) ? '  (changed outside tack since it last wrote it)' : ''}`);
  if (lines.length === 0) lines.push('  no file differs from the checkpoint');
  for (const path of plan.tooLarge) lines.push(`  not kept  ${visible(path)}  (over the size limit when checkpointed: left as it is)`);
  for (const dir of plan.ignoredChanged) lines.push(`  not kept  ${visible(dir)}  (ignored, never checkpointed; changed since: left as it is)`);
  return lines;
}

export function reportLines(report: RewindReport, overwriteHint = '--force overwrites it'): string[] {
  const byPath = new Map(report.plan.changes.map((c) => [c.path, c]));
  const lines = [
    ...report.written.map((p) => `  ${byPath.get(p)?.status === 'A' ? 'recreated' : 'restored '}  ${visible(p)}`),
    ...report.deleted.map((p) => `  deleted    ${visible(p)}`),
    ...report.kept.map((p) => `  kept       ${visible(p)}  (changed outside tack since it last wrote it; ${overwriteHint})`),
    ...report.refused.map((r) => `  not done   ${visible(r.path)}: ${visible(r.reason)}`),
    ...report.plan.tooLarge.map((p) => `  not kept   ${visible(p)}  (over the size limit when checkpointed: left as it is)`),
    ...report.plan.ignoredChanged.map((d) => `  not kept   ${visible(d)}  (ignored, never checkpointed; changed since: left as it is)`),
  ];
  return lines.length > 0 ? lines : ['  no file differed from the checkpoint'];
}
