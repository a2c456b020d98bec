// The approval gate's questions as ACP `session/request_permission`: each of tack's choices is an
// option (its key is the option id), and the client's pick is the answer. Pure.
import type { PermissionOptionKind, RequestPermissionRequest, RequestPermissionResponse, ToolCallContent } from '@agentclientprotocol/sdk';
import type { ApprovalAnswer, ApprovalRequest } from '../../session/permissions/index.js';
import { toolKind, toolLocations } from './updates.js';

const OPTION_KIND: Record<ApprovalAnswer['answer'], PermissionOptionKind> = { yes: 'allow_once', always: 'allow_always', no: 'reject_once' };

export function permissionRequest(sessionId: string, r: ApprovalRequest, cwd: string): RequestPermissionRequest {
  const content: ToolCallContent[] = [];
  // the gate's diff is what the edit will do, computed from the file on disk; shown as text with the reason
  const lines = [r.about, r.reason, r.note, r.command === undefined ? undefined : `$ ${r.command}`, r.diff, r.plan].filter((x): x is string => Boolean(x));
  content.push({ type: 'content', content: { type: 'text', text: lines.join('\n\n') } });
  return {
    sessionId,
    toolCall: {
      toolCallId: r.toolCallId,
      title: r.summary,
      kind: r.kind === 'repeat' ? 'other' : toolKind(r.tool),
      rawInput: r.args,
      content,
      locations: toolLocations(r.tool, r.args, cwd),
    },
    options: r.choices.map((c) => ({ optionId: c.key, name: c.label, kind: OPTION_KIND[c.answer.answer] })),
  };
}

/**
 * Clients that put their own question on every `fs/write_text_file` (acpx asks "Allow write to …?"
 * unless told to approve everything): an edit written through them is asked about there, once.
 */
const ASK_ON_WRITE = new Set(['acpx']);

export function clientAsksOnWrite(clientInfo: { name?: string } | null | undefined): boolean {
  return ASK_ON_WRITE.has(clientInfo?.name ?? '');
}

/**
 * Whether tack leaves a question to such a client: a routine edit (asked only because of the mode)
 * that goes through the client's file system. An edit asked for a rule, a risk or a hidden diff keeps tack's question.
 */
export function leftToClient(r: ApprovalRequest, clientWrites: boolean): boolean {
  return clientWrites && r.kind === 'edit' && r.routine === true && r.note === undefined;
}

/** The client's pick as tack's answer; a cancelled question (the turn was cancelled) or an unknown pick is a no. */
export function answerOf(r: ApprovalRequest, response: RequestPermissionResponse): ApprovalAnswer {
  if (response.outcome.outcome !== 'selected') return { answer: 'no' };
  const id = response.outcome.optionId;
  return r.choices.find((c) => c.key === id)?.answer ?? { answer: 'no' };
}
