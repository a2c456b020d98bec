// A message on its way out of the app: a custom command or skill expanded, the UserPromptSubmit
// hooks run, `@server:uri` resources attached, then sent (a new run, a steer or a follow-up).
import { prepareInput } from '../../../session/input.js';
import type { Session } from '../../../session/session.js';
import type { CommandInfo } from '../commands.js';
import { extensionMenuItems } from '../extensions-view.js';
import { promptMenuItems, sendWithResources } from '../mcp-view.js';
import type { Transcript } from '../transcript.js';

export { isExtensionCommand } from '../extensions-view.js';

export async function sendPrepared(session: Session, text: string, followUp: boolean, t: Transcript): Promise<void> {
  const input = await prepareInput(session, text, new AbortController().signal);
  for (const line of input.notes) t.notice(line);
  if ('blocked' in input) {
    t.error(input.blocked);
    return;
  }
  await sendWithResources(session, input.text, (full) => session.send(full, { followUp })).finally(input.release);
}

/** Everything the `/` menu offers beside the built-in commands: MCP prompts, custom commands, skills. */
export function commandMenuItems(session: Session): CommandInfo[] {
  return [...promptMenuItems(session), ...extensionMenuItems(session)];
}
