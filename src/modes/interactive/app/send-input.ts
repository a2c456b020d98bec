// A message on its way out of the app: a custom command or skill expanded, the UserPromptSubmit
// hooks run, the files (`@path`) and MCP resources (`@server:uri`) it mentions attached, then sent
// (a new run, a steer or a follow-up). Mentions are looked for in what was typed only: a command's
// body or a file's contents never attach anything.
import type { AgentEndReason } from '../../../agent/types.js';
import { attachMentioned, type Attachments, withAttachments } from '../../../session/attachments/index.js';
import { prepareInput } from '../../../session/input.js';
import type { Session } from '../../../session/session.js';
import type { CommandInfo } from '../commands.js';
import { extensionMenuItems } from '../extensions-view.js';
import { refusedLines } from '../attach-view.js';
import { promptMenuItems, resourceBlocks } from '../mcp-view.js';
import type { Transcript } from '../transcript.js';

/** `pasted`: the clipboard images whose chips the text holds (app/pasted-images.ts), attached after the files. */
export async function sendPrepared(session: Session, text: string, followUp: boolean, t: Transcript, pasted?: Attachments): Promise<void> {
  const input = await prepareInput(session, text, new AbortController().signal);
  for (const line of input.notes) t.notice(line);
  if ('blocked' in input) {
    t.error(input.blocked);
    return;
  }
  try {
    const servers = session.mcp?.specs.map((x) => x.name) ?? [];
    const [files, resources] = await Promise.all([attachMentioned(session.config, session.model, text, servers), resourceBlocks(session, text)]);
    const refused = [...files.refused, ...(pasted?.refused ?? [])];
    if (refused.length > 0) t.push(refusedLines(refused, t.width));
    const full = resources.length > 0 ? `${input.text}\n\n${resources.join('\n\n')}` : input.text;
    await whenIdleAfter(session, () => session.send(withAttachments(full, [...files.parts, ...(pasted?.parts ?? [])]), { followUp }));
  } finally {
    input.release();
  }
}

/**
 * Sends; when that started a run and the run is over (the Stop hooks agreed, nobody sent more), the
 * Notification hooks hear that the app waits for input (Claude Code's `idle_prompt`). Not after Esc:
 * whoever pressed it is there.
 */
async function whenIdleAfter(session: Session, send: () => Promise<void>): Promise<void> {
  const starts = !session.running;
  let reason: AgentEndReason | undefined;
  const unsubscribe = session.subscribe((e) => {
    if (e.type === 'agent_end') reason = e.reason;
  });
  try {
    await send();
  } finally {
    unsubscribe();
  }
  if (starts && reason !== undefined && reason !== 'aborted' && !session.running) {
    void session.extensions.hooks?.notification('tack is waiting for your input', 'idle_prompt');
  }
}

/** Everything the `/` menu offers beside the built-in commands: MCP prompts, custom commands, skills. */
export function commandMenuItems(session: Session): CommandInfo[] {
  return [...promptMenuItems(session), ...extensionMenuItems(session)];
}
