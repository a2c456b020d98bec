// A resumed session's earlier conversation, shown once (condensed) above the input.
import type { Session } from '../../../session/session.js';
import type { Transcript } from '../conversation/transcript.js';
import { renderHistory } from '../view/history-view.js';

export function showResumed(t: Transcript, session: Session): void {
  const messages = session.view().state.messages;
  if (messages.length === 0) return;
  for (const block of renderHistory(messages, session.view().compactedCount, t.width)) t.push(block);
  // a compacted session starts with the summary message, which stands for the compacted ones
  const { compactedCount } = session.view();
  const total = compactedCount > 0 ? compactedCount + messages.length - 1 : messages.length;
  t.notice(`resumed session ${session.view().id.slice(0, 8)} (${total} earlier message${total === 1 ? '' : 's'})`);
}
