// `!command` in the input box: runs it in the workspace (the agent's bash: sandbox, limits, deny
// rules), shows it like a tool call, and puts what it printed into the conversation — before the
// next prompt when idle, as a steer while tack works. Esc stops it.
import { userCommandMessage } from '../../../session/user-command.js';
import { resultText, renderToolCall, type ToolCallView } from '../view/tool-view.js';
import type { CommandContext } from '../commands/command-context.js';

export async function runShellLine(ctx: CommandContext, command: string): Promise<void> {
  const t = ctx.transcript;
  if (!command.trim()) {
    t.error('! runs a shell command: type it after the !, e.g. !git status');
    return;
  }
  const session = ctx.session();
  const abort = new AbortController();
  ctx.onCancel(() => abort.abort());
  t.notice(`running ${command} (Esc stops it)`);
  const view: ToolCallView = { id: 'user', name: 'bash', args: { command }, status: 'done' };
  try {
    view.result = await session.submit({ type: 'shell', command, signal: abort.signal });
    const d = view.result.details as { exitCode?: number | null } | undefined;
    if (view.result.isError || (typeof d?.exitCode === 'number' && d.exitCode !== 0)) view.status = 'failed';
  } catch (err) {
    view.status = 'failed';
    view.result = { content: [{ type: 'text', text: err instanceof Error ? err.message : String(err) }], details: undefined, isError: true };
  } finally {
    ctx.onCancel(null);
  }
  t.push(renderToolCall(view, t.width));
  if (abort.signal.aborted) {
    t.notice('stopped; its output stays out of the conversation');
    return;
  }
  await session.submit({ type: 'note', text: userCommandMessage(command, resultText(view.result), view.status === 'failed') });
  t.notice(session.view().running ? 'its output goes to tack after the running tools' : 'its output is in the conversation for your next message');
}
