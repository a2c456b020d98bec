// The app moving from one session to another (the picker, /resume): the old one stops, its queued
// messages come back to the caller, and the approval mode and thinking level carry over.
import type { QueuedMessage } from '../../../agent/agent.js';
import type { Session } from '../../../session/session.js';

/** `detach`: stop listening to the old session, once its run has ended (its last events shown). */
export async function handOver(old: Session, next: Session, giveBack: (queued: QueuedMessage[]) => void, detach: () => void): Promise<void> {
  giveBack(old.abort());
  await old.waitForIdle();
  detach();
  old.approvals?.setPrompter(undefined);
  old.close();
  const mode = old.approvals?.mode;
  if (mode && mode !== 'auto') next.approvals?.setMode(mode);
  next.setThinkingLevel(old.state.thinkingLevel);
}
