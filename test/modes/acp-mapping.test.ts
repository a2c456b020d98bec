// How tack's events, questions, prompts and MCP entries look in ACP terms (pure functions).
import { describe, expect, it } from 'vitest';
import { clientMcpServers, withClientServers } from '../../src/modes/acp/client-mcp.js';
import { answerOf, permissionRequest } from '../../src/modes/acp/permission.js';
import { promptMessage } from '../../src/modes/acp/prompt-content.js';
import { replay, toolLocations, updatesFor } from '../../src/modes/acp/updates.js';
import type { ApprovalRequest } from '../../src/session/permissions/index.js';

const CWD = '/work/p';

describe('updatesFor', () => {
  it('streams text and thinking as chunks, and a finished tool call as a pending call with its kind, location and diff', () => {
    const partial = {} as any;
    expect(
      updatesFor({ type: 'message_update', message: partial, assistantMessageEvent: { type: 'text_delta', contentIndex: 0, delta: 'hi', partial } }, CWD),
    ).toEqual([{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } }]);
    expect(
      updatesFor({ type: 'message_update', message: partial, assistantMessageEvent: { type: 'thinking_delta', contentIndex: 0, delta: 'hmm', partial } }, CWD),
    ).toEqual([{ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'hmm' } }]);
    const toolCall = { type: 'toolCall' as const, id: 'c1', name: 'edit', arguments: { path: 'src/a.ts', old_text: 'a', new_text: 'b' } };
    const [call] = updatesFor(
      { type: 'message_update', message: partial, assistantMessageEvent: { type: 'toolcall_end', contentIndex: 0, toolCall, partial } },
      CWD,
    );
    expect(call).toEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'c1',
      title: 'edit src/a.ts',
      kind: 'edit',
      status: 'pending',
      locations: [{ path: '/work/p/src/a.ts' }],
      content: [{ type: 'diff', path: '/work/p/src/a.ts', oldText: 'a', newText: 'b' }],
      rawInput: toolCall.arguments,
    });
  });

  it('reports a tool as running, then completed or failed with its output', () => {
    expect(updatesFor({ type: 'tool_execution_start', toolCallId: 'c1', toolName: 'bash', args: {} }, CWD)).toEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'in_progress' },
    ]);
    const end = updatesFor(
      {
        type: 'tool_execution_end',
        toolCallId: 'c1',
        toolName: 'bash',
        args: {},
        isError: true,
        result: { content: [{ type: 'text', text: 'exit 1' }], details: {} },
      },
      CWD,
    );
    expect(end).toEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'failed', content: [{ type: 'content', content: { type: 'text', text: 'exit 1' } }] },
    ]);
  });

  it('names where a call looks: a read with its line, a search in the workspace, none for bash', () => {
    expect(toolLocations('read', { path: 'a.ts', offset: 40 }, CWD)).toEqual([{ path: '/work/p/a.ts', line: 40 }]);
    expect(toolLocations('grep', { pattern: 'x' }, CWD)).toEqual([{ path: '/work/p' }]);
    expect(toolLocations('bash', { command: 'ls' }, CWD)).toEqual([]);
  });

  it('replays a stored conversation: the user, the answer, the call and its result', () => {
    const updates = replay(
      [
        { role: 'user', content: 'fix it', timestamp: 1 },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Looking.' },
            { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'a.ts' } },
          ],
          stopReason: 'toolUse',
          timestamp: 2,
        } as any,
        { role: 'toolResult', toolCallId: 'c1', toolName: 'read', content: [{ type: 'text', text: '1 x' }], isError: false, timestamp: 3 },
      ],
      CWD,
    );
    expect(updates.map((u) => u.sessionUpdate)).toEqual(['user_message_chunk', 'agent_message_chunk', 'tool_call', 'tool_call_update']);
  });
});

describe('permissions', () => {
  const request: ApprovalRequest = {
    toolCallId: 'c1',
    tool: 'bash',
    args: { command: 'npm test' },
    kind: 'bash',
    summary: 'Run npm test',
    reason: 'Running commands asks in the ask mode',
    command: 'npm test',
    choices: [
      { label: 'Yes', key: 'y', answer: { answer: 'yes' } },
      {
        label: 'Always allow `npm test …` this session',
        key: 'a',
        answer: { answer: 'always', scope: { kind: 'commands', prefixes: ['npm test'], save: false } },
      },
      { label: 'No', key: 'n', answer: { answer: 'no' } },
    ],
  };

  it("offers tack's choices as options and maps the pick back; a cancelled question is a no", () => {
    const r = permissionRequest('s1', request, CWD);
    expect(r.options).toEqual([
      { optionId: 'y', name: 'Yes', kind: 'allow_once' },
      { optionId: 'a', name: 'Always allow `npm test …` this session', kind: 'allow_always' },
      { optionId: 'n', name: 'No', kind: 'reject_once' },
    ]);
    expect(r.toolCall).toMatchObject({ toolCallId: 'c1', title: 'Run npm test', kind: 'execute' });
    expect(answerOf(request, { outcome: { outcome: 'selected', optionId: 'a' } })).toMatchObject({ answer: 'always', scope: { kind: 'commands' } });
    expect(answerOf(request, { outcome: { outcome: 'selected', optionId: 'zzz' } })).toEqual({ answer: 'no' });
    expect(answerOf(request, { outcome: { outcome: 'cancelled' } })).toEqual({ answer: 'no' });
  });

  it("an MCP tool's question says what its server says the tool does, before the reason", () => {
    const mcp: ApprovalRequest = {
      ...request,
      tool: 'mcp__t__echo',
      args: { message: 'hi' },
      kind: 'other',
      summary: 'Use t:echo',
      reason: 'Using the MCP tool t:echo',
      command: undefined,
      about: 'Echoes the message back.',
    };
    const r = permissionRequest('s1', mcp, CWD);
    expect(r.toolCall).toMatchObject({ title: 'Use t:echo', rawInput: { message: 'hi' } });
    expect(r.toolCall.content).toEqual([{ type: 'content', content: { type: 'text', text: 'Echoes the message back.\n\nUsing the MCP tool t:echo' } }]);
  });
});

describe('prompts and MCP entries', () => {
  it('inlines embedded context and names links; images make a parts message', () => {
    const text = promptMessage([
      { type: 'text', text: 'explain ' },
      { type: 'resource', resource: { uri: 'file:///p/a.ts', text: 'let x = 1;' } },
      { type: 'resource_link', name: 'b.ts', uri: 'file:///p/b.ts' },
    ]);
    expect(text.content).toBe('explain \n<context uri="file:///p/a.ts">\nlet x = 1;\n</context>[b.ts](file:///p/b.ts)');
    const withImage = promptMessage([
      { type: 'text', text: 'this' },
      { type: 'image', data: 'AAA=', mimeType: 'image/png' },
    ]);
    expect(withImage.content).toEqual([
      { type: 'text', text: 'this' },
      { type: 'image', data: 'AAA=', mimeType: 'image/png' },
    ]);
  });

  it("turns the client's servers into entries, names made safe, replacing a configured one of the same name", () => {
    const client = clientMcpServers([
      { name: 'my tools', command: 'node', args: ['s.js'], env: [{ name: 'K', value: 'v' }] },
      { type: 'http', name: 'web', url: 'https://x.example/mcp', headers: [{ name: 'A', value: 'b' }] },
    ]);
    expect(client[0]).toMatchObject({ name: 'my_tools', transport: 'stdio', command: 'node', args: ['s.js'], env: { K: 'v' } });
    expect(client[1]).toMatchObject({ name: 'web', transport: 'http', url: 'https://x.example/mcp', headers: { A: 'b' } });
    const configured = clientMcpServers([{ name: 'web', command: 'old', args: [], env: [] }]);
    expect(withClientServers(configured, client).map((s) => s.name)).toEqual(['my_tools', 'web']);
    expect(withClientServers(configured, client).find((s) => s.name === 'web')).toMatchObject({ transport: 'http' });
  });
});
