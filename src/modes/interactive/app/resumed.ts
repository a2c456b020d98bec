// A resumed session's earlier conversation, shown once (condensed) above the input, and the token
// figures the footer takes from it.
import type { Session } from '../../../session/session.js';
import type { Transcript } from '../transcript.js';
import { renderHistory } from '../view/history-view.js';

export function showResumed(t: Transcript, session: Session): void {
  const messages = session.state.messages;
  if (messages.length === 0) return;
  for (const block of renderHistory(messages, session.compactedCount, t.width)) t.push(block);
  const tot = t.totals;
  for (const m of messages) {
    if (m.role !== 'assistant') continue;
    tot.input += m.usage.input;
    tot.output += m.usage.output;
    tot.cacheRead += m.usage.cacheRead;
    if (m.usage.input > 0) tot.lastInput = m.usage.input;
    tot.cost = tot.cost === null || m.usage.cost === null ? null : tot.cost + m.usage.cost.total;
    const text = m.content.map((c) => (c.type === 'text' ? c.text : '')).join('').trim();
    if (text) t.lastAnswer = text;
  }
  // a compacted session starts with the summary message, which stands for the compacted ones
  const total = session.compactedCount > 0 ? session.compactedCount + messages.length - 1 : messages.length;
  t.notice(`resumed session ${session.id.slice(0, 8)} (${total} earlier message${total === 1 ? '' : 's'})`);
}
