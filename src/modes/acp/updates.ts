// What an ACP client is shown: Session events and stored messages as `session/update` payloads.
// Pure: no connection, no I/O.
import { plural } from '../../../tools/format.js';
import type { JobInfo } from '../../../tools/jobs/index.js';
import type { SessionUpdate, ToolCallContent, ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk';
import type { AgentToolResult } from '../../agent/types.js';
import { textOf } from '../../ai/content.js';
import type { Message, ToolCall } from '../../ai/types.js';
import type { SessionEvent } from '../../session/session.js';
import type { TodoItem } from '../../session/todo/list.js';
import { isRunNote } from '../../session/prompt/run-note.js';
import { resolvePath } from '../../../tools/fs/paths.js';
import { describeCall } from '../tool-summary.js';

const KINDS: Record<string, ToolKind> = {
  read: 'read',
  edit: 'edit',
  write: 'edit',
  bash: 'execute',
  grep: 'search',
  find: 'search',
  ls: 'search',
  fetch: 'fetch',
  search: 'fetch',
};

export const toolKind = (name: string): ToolKind => KINDS[name] ?? 'other';

const argsOf = (args: unknown): Record<string, unknown> => (args && typeof args === 'object' ? (args as Record<string, unknown>) : {});

/** The files a call touches, absolute, with the line where a read starts. */
export function toolLocations(name: string, args: unknown, cwd: string): ToolCallLocation[] {
  const a = argsOf(args);
  if (!(name in KINDS) || name === 'bash') return [];
  const path = typeof a.path === 'string' ? a.path : name === 'ls' || name === 'grep' || name === 'find' ? '.' : undefined;
  if (path === undefined) return [];
  const location: ToolCallLocation = { path: resolvePath(cwd, path).absolute };
  if (name === 'read' && typeof a.offset === 'number') location.line = a.offset;
  return [location];
}

/** An edit or write shown as the change it asks for (ACP clients render a diff). */
export function changeOf(name: string, args: unknown, cwd: string): ToolCallContent[] {
  const a = argsOf(args);
  if (typeof a.path !== 'string') return [];
  const path = resolvePath(cwd, a.path).absolute;
  if (name === 'edit' && typeof a.old_text === 'string' && typeof a.new_text === 'string') {
    return [{ type: 'diff', path, oldText: a.old_text, newText: a.new_text }];
  }
  if (name === 'write' && typeof a.content === 'string') return [{ type: 'diff', path, oldText: null, newText: a.content }];
  return [];
}

function announce(call: ToolCall, cwd: string): SessionUpdate {
  return {
    sessionUpdate: 'tool_call',
    toolCallId: call.id,
    title: describeCall(call.name, call.arguments),
    kind: toolKind(call.name),
    status: 'pending',
    locations: toolLocations(call.name, call.arguments, cwd),
    content: changeOf(call.name, call.arguments, cwd),
    rawInput: call.arguments,
  };
}

function resultText(result: Pick<AgentToolResult, 'content'>): ToolCallContent[] {
  const text = textOf(result.content, { separator: '\n', image: '[image]' });
  return text ? [{ type: 'content', content: { type: 'text', text } }] : [];
}

function jobEnd(job: JobInfo): string {
  if (job.state === 'stopped') return 'stopped';
  return job.signal ? `killed by ${job.signal}` : `exited with code ${job.exitCode}`;
}

/** The updates one Session event makes (most make none). */
export function updatesFor(event: SessionEvent, cwd: string): SessionUpdate[] {
  switch (event.type) {
    case 'message_update': {
      const e = event.assistantMessageEvent;
      if (e.type === 'text_delta') return [{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: e.delta } }];
      if (e.type === 'thinking_delta') return [{ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: e.delta } }];
      if (e.type === 'toolcall_end') return [announce(e.toolCall, cwd)];
      return [];
    }
    case 'tool_execution_start':
      return [{ sessionUpdate: 'tool_call_update', toolCallId: event.toolCallId, status: 'in_progress' }];
    case 'tool_execution_update':
      // a child agent's progress is its steps, not each streamed piece of its answer
      if ((event.partialResult?.details as { event?: { type?: string } } | undefined)?.event?.type === 'message_update') return [];
      return [{ sessionUpdate: 'tool_call_update', toolCallId: event.toolCallId, content: resultText(event.partialResult) }];
    case 'tool_execution_end': {
      const content = [...(event.isError ? [] : changeOf(event.toolName, event.args, cwd)), ...resultText(event.result)];
      return [{ sessionUpdate: 'tool_call_update', toolCallId: event.toolCallId, status: event.isError ? 'failed' : 'completed', content }];
    }
    case 'retry':
      return [{ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: `\n(${event.reason}; retrying)\n` } }];
    case 'compaction_end':
      return [
        { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: `\n(compacted ${plural(event.messagesSummarized, 'earlier message')})\n` } },
      ];
    case 'todo':
      return [planUpdate(event.items)];
    // a background job is a tool call of its own, in progress from its start until it ends
    case 'job_started': {
      const title = `background job ${event.job.id}: ${event.job.command.split('\n')[0]}`;
      return [
        {
          sessionUpdate: 'tool_call',
          toolCallId: `job-${event.job.id}`,
          title,
          kind: 'execute',
          status: 'in_progress',
          rawInput: { command: event.job.command },
        },
      ];
    }
    case 'job_exited': {
      const failed = event.job.state === 'exited' && event.job.exitCode !== 0;
      const text = [jobEnd(event.job), ...event.lastLines].join('\n');
      return [
        {
          sessionUpdate: 'tool_call_update',
          toolCallId: `job-${event.job.id}`,
          status: failed ? 'failed' : 'completed',
          content: [{ type: 'content', content: { type: 'text', text } }],
        },
      ];
    }
    default:
      return [];
  }
}

/** The todo list as ACP's plan, sent whole each time; ACP has no "cancelled", so those items are left out. */
export function planUpdate(items: readonly TodoItem[]): SessionUpdate {
  const entries = items
    .filter((i) => i.status !== 'cancelled')
    .map((i) => ({
      content: i.text,
      priority: 'medium' as const,
      status: i.status === 'done' ? ('completed' as const) : i.status === 'in_progress' ? ('in_progress' as const) : ('pending' as const),
    }));
  return { sessionUpdate: 'plan', entries };
}

/** A stored conversation, replayed for `session/load`. */
export function replay(messages: readonly Message[], cwd: string): SessionUpdate[] {
  const out: SessionUpdate[] = [];
  // tack's notes to the model (the date, the git state) are not the user's words
  for (const m of messages.filter((x) => !isRunNote(x))) {
    if (m.role === 'user') {
      const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
      for (const p of parts) {
        out.push({
          sessionUpdate: 'user_message_chunk',
          content: p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image', data: p.data, mimeType: p.mimeType },
        });
      }
    } else if (m.role === 'assistant') {
      for (const c of m.content) {
        if (c.type === 'text') out.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: c.text } });
        else if (c.type === 'thinking') out.push({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: c.thinking } });
        else out.push(announce(c, cwd));
      }
    } else {
      const status = m.isError ? 'failed' : 'completed';
      out.push({ sessionUpdate: 'tool_call_update', toolCallId: m.toolCallId, status, content: resultText(m) });
    }
  }
  return out;
}
