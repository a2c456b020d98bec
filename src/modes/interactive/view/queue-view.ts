// The messages waiting for the agent, shown dimmed above the input until the agent takes them.
import { s, sym } from '../text/style.js';
import { truncate } from '../text/text.js';
import { jobNoteHeadline } from '../../../jobs/reports.js';

export interface QueueState {
  steering: readonly string[];
  followUp: readonly string[];
}

export const emptyQueue: QueueState = { steering: [], followUp: [] };

/** The queue as the Session holds it (one list, in order), split by kind for the screen. */
export function queueState(queued: readonly { kind: 'steer' | 'followUp'; text: string }[]): QueueState {
  return { steering: queued.filter((q) => q.kind === 'steer').map((q) => q.text), followUp: queued.filter((q) => q.kind === 'followUp').map((q) => q.text) };
}

/** One line a message (its first line, cut to the width); at most `max` lines in all. */
export function renderQueue(q: QueueState, cols: number, max = 6): string[] {
  const entries = [...q.steering.map((t) => ({ label: 'steer', t })), ...q.followUp.map((t) => ({ label: 'follow-up', t }))];
  const line = (label: string, t: string) => {
    // a job's end told to the model: what happened, not the note written for it
    const job = jobNoteHeadline(t);
    if (job) return s.dim(truncate(`${sym('↳', '>')} ${job} (the model is told)`, cols));
    const first = t.trim().split('\n')[0] ?? '';
    const more = t.trim().includes('\n') ? ' …' : '';
    return s.dim(truncate(`${sym('↳', '>')} ${label}: ${first}${more}`, cols));
  };
  if (entries.length <= max) return entries.map((e) => line(e.label, e.t));
  const shown = entries.slice(0, max - 1).map((e) => line(e.label, e.t));
  return [...shown, s.dim(`  … ${entries.length - shown.length} more queued`)];
}

export function queueHint(q: QueueState): string | undefined {
  if (q.steering.length + q.followUp.length === 0) return undefined;
  return 'Up takes queued messages back · Esc interrupts';
}
