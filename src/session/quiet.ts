// Commands that need a quiet moment (/compact, /rewind, /init) and a run that is only finishing:
// its answer is complete, and what remains is bookkeeping (the checkpoint, Stop hooks). Typed just
// as the answer ends, such a command waits a little for that instead of being refused.
import type { SessionCore } from './session-core.js';

/** Whether the session is idle now, or within `ms` when its run is only finishing. */
export async function quietWithin(session: SessionCore, ms: number): Promise<boolean> {
  if (!session.running) return true;
  const s = session.state;
  const last = s.messages.at(-1);
  const finishing =
    !s.streamingMessage && s.pendingToolCalls.size === 0 && session.queued().length === 0 && last?.role === 'assistant' && last.stopReason !== 'toolUse';
  if (!finishing) return false;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([session.runs.waitForIdle(), new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
  return !session.running;
}
