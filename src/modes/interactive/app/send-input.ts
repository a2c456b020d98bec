// A message on its way out of the app, through the Session's front door (session/input/submit.ts),
// with what the user should see of it: notes, a refusal, files that were not attached.
import type { AgentEndReason } from '../../../agent/types.js';
import type { Submission } from '../../../session/input/submission.js';
import type { Session } from '../../../session/session.js';
import type { MenuCommands } from '../complete/completion.js';
import { COMMANDS } from '../commands/index.js';
import { extensionMenuItems } from '../commands/extensions-view.js';
import { refusedLines } from '../conversation/attach-view.js';
import { promptMenuItems } from '../commands/mcp-view.js';
import type { Transcript } from '../conversation/transcript.js';

/** `input.parts`: the clipboard images whose chips the text holds (app/pasted-images.ts), attached after the files. */
export async function sendPrepared(session: Session, input: Submission, followUp: boolean, t: Transcript): Promise<void> {
  await whenIdleAfter(session, async () => {
    const sent = await session.submit({ type: 'user_message', input, queue: followUp ? 'follow_up' : undefined });
    for (const line of sent.notes) t.notice(line);
    if (sent.blocked) t.error(sent.blocked);
    if (sent.refused.length > 0) t.push(refusedLines(sent.refused, t.width));
    await sent.done;
  });
}

/**
 * Sends; when that started a run and the run is over (the Stop hooks agreed, nobody sent more), the
 * Notification hooks hear that the app waits for input (Claude Code's `idle_prompt`). Not after Esc:
 * whoever pressed it is there.
 */
async function whenIdleAfter(session: Session, send: () => Promise<void>): Promise<void> {
  const starts = !session.view().running;
  let reason: AgentEndReason | undefined;
  const unsubscribe = session.subscribe((e) => {
    if (e.type === 'agent_end') reason = e.reason;
  });
  try {
    await send();
  } finally {
    unsubscribe();
  }
  if (starts && reason !== undefined && reason !== 'aborted' && !session.view().running) {
    void session.submit({ type: 'notify_idle' });
  }
}

/** Everything the `/` menu offers: tack's own commands, then MCP prompts, custom commands, skills. */
export function commandMenuItems(session: Session): MenuCommands {
  return { builtIn: COMMANDS, others: [...promptMenuItems(session), ...extensionMenuItems(session)] };
}
