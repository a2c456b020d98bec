// The app moving from one session to another (the picker, /resume): the old one stops, its queued
// messages come back to the caller, and the approval mode and thinking level carry over.
import type { QueuedMessage } from '../../../agent/agent.js';
import type { Session } from '../../../session/session.js';

/** `detach`: stop listening to the old session, once its run has ended (its last events shown). */
export async function handOver(old: Session, next: Session, giveBack: (queued: QueuedMessage[]) => void, detach: () => void): Promise<void> {
  giveBack(await old.submit({ type: 'abort' }));
  await old.submit({ type: 'wait_idle' });
  detach();
  void old.close();
  const mode = old.view().approvals?.mode;
  if (mode && mode !== 'auto') await next.submit({ type: 'set_mode', mode });
  await next.submit({ type: 'set_thinking', level: old.view().state.thinkingLevel });
}
