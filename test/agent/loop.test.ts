import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { Agent, type AgentEvent, type AgentTool } from '../../src/agent/index.js';
import {
  createModels,
  fauxAssistantMessage,
  fauxProvider,
  fauxText,
  fauxToolCall,
  type Context,
  type Message,
  type ToolResultMessage,
} from '../../src/ai/index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads a file of `files`, waits, writes it back with `text` added: two at once lose one write. */
function appendTool(files: Map<string, string>): AgentTool<any> {
  return {
    name: 'append',
    label: 'append',
    description: 'read-modify-write',
    parameters: Type.Object({ path: Type.String(), text: Type.String() }),
    lockKey: (p: { path: string }) => p.path,
    execute: async (_id, p: { path: string; text: string }) => {
      const before = files.get(p.path) ?? '';
      await sleep(30);
      files.set(p.path, before + p.text);
      return { content: [{ type: 'text', text: 'ok' }] };
    },
  };
}

function setup(tools: AgentTool<any, any>[], options: { maxTurns?: number; delayMs?: number } = {}) {
  const faux = fauxProvider({ delayMs: options.delayMs });
  const models = createModels();
  models.setProvider(faux.provider);
  const agent = new Agent({
    initialState: { systemPrompt: 'test', model: faux.getModel(), tools },
    streamFn: models.streamSimple.bind(models),
    maxTurns: options.maxTurns,
  });
  const events: AgentEvent[] = [];
  agent.subscribe((e) => {
    events.push(e);
  });
  return { faux, agent, events };
}

const text = (m: Message) =>
  m.role === 'assistant'
    ? m.content.map((c) => (c.type === 'text' ? c.text : '')).join('')
    : m.role === 'user'
      ? typeof m.content === 'string'
        ? m.content
        : ''
      : m.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

function slowTool(name: string, ms: number, log: string[] = []): AgentTool<any> {
  return {
    name,
    label: name,
    description: 'waits',
    parameters: Type.Object({ id: Type.String() }),
    executionMode: 'sequential',
    execute: async (_id, params: { id: string }, signal) => {
      log.push(`start ${params.id}`);
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, ms);
        signal?.addEventListener('abort', () => {
          clearTimeout(t);
          reject(new Error('stopped by signal'));
        });
      });
      log.push(`end ${params.id}`);
      return { content: [{ type: 'text', text: `${name} ${params.id} done` }] };
    },
  };
}

const addTool: AgentTool<any> = {
  name: 'add',
  label: 'Add',
  description: 'Add two numbers',
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  execute: async (_id, p: { a: number; b: number }) => ({ content: [{ type: 'text', text: String(p.a + p.b) }] }),
};

describe('agent loop', () => {
  it('emits events in the documented order and keeps the transcript', async () => {
    const { faux, agent, events } = setup([addTool]);
    faux.setResponses([fauxAssistantMessage([fauxToolCall('add', { a: 17, b: 25 })]), fauxAssistantMessage([fauxText('17 + 25 = 42')])]);
    await agent.prompt('add');
    const seq = events
      .filter((e) => e.type !== 'message_update')
      .map((e) => ('message' in e && e.type.startsWith('message') ? `${e.type}:${e.message.role}` : e.type));
    expect(seq).toEqual([
      'agent_start',
      'turn_start',
      'message_start:user',
      'message_end:user',
      'message_start:assistant',
      'message_end:assistant',
      'tool_execution_start',
      'tool_execution_end',
      'message_start:toolResult',
      'message_end:toolResult',
      'turn_end',
      'turn_start',
      'message_start:assistant',
      'message_end:assistant',
      'turn_end',
      'agent_end',
    ]);
    expect(events.some((e) => e.type === 'message_update')).toBe(true);
    expect(agent.state.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);
    expect(text(agent.state.messages[2])).toBe('42');
    expect(text(agent.state.messages[3])).toBe('17 + 25 = 42');
    expect(agent.state.isStreaming).toBe(false);
  });

  it('delivers a steer sent during a slow tool after its result and before the next model call, skipping no tool', async () => {
    const log: string[] = [];
    const { faux, agent } = setup([slowTool('wait', 150, log)]);
    let seen: Message[] = [];
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall('wait', { id: 'a' }), fauxToolCall('wait', { id: 'b' })]),
      (ctx: Context) => {
        seen = [...ctx.messages];
        return fauxAssistantMessage('ok, using tabs');
      },
    ]);
    const run = agent.prompt('do it');
    while (!log.includes('start a')) await sleep(5);
    agent.steer('use tabs, not spaces');
    await run;
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(seen.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'toolResult', 'user']);
    expect(text(seen[4])).toBe('use tabs, not spaces');
    expect(faux.callCount).toBe(2);
  });

  it('starts a new turn for a steer sent while the model answers without tools', async () => {
    const { faux, agent } = setup([], { delayMs: 5 });
    faux.setResponses([fauxAssistantMessage('a long answer '.repeat(20)), fauxAssistantMessage('corrected')]);
    const run = agent.prompt('explain');
    while (!agent.state.streamingMessage) await sleep(2);
    agent.steer('shorter please');
    await run;
    expect(agent.state.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(text(agent.state.messages[2])).toBe('shorter please');
    expect(text(agent.state.messages[3])).toBe('corrected');
  });

  it('delivers follow-ups only when the agent would otherwise stop', async () => {
    const { faux, agent } = setup([slowTool('wait', 80)]);
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall('wait', { id: 'a' })]),
      fauxAssistantMessage('first task done'),
      fauxAssistantMessage('second task done'),
    ]);
    const run = agent.prompt('first task');
    await sleep(20);
    agent.followUp('second task');
    expect(agent.queued().map((q) => q.kind)).toEqual(['followUp']);
    await run;
    expect(agent.state.messages.map((m) => `${m.role}:${text(m)}`)).toEqual([
      'user:first task',
      'assistant:',
      'toolResult:wait a done',
      'assistant:first task done',
      'user:second task',
      'assistant:second task done',
    ]);
  });

  it('abort mid-stream keeps the partial answer as aborted and returns queued messages', async () => {
    const { faux, agent, events } = setup([], { delayMs: 10 });
    faux.setResponses([fauxAssistantMessage('word '.repeat(200))]);
    const run = agent.prompt('talk');
    while (!(agent.state.streamingMessage && text(agent.state.streamingMessage).length > 8)) await sleep(2);
    agent.steer('wait, stop');
    agent.followUp('and then this');
    const back = agent.abortAndTakeQueue();
    await run;
    expect(back.map((q) => `${q.kind}:${q.text}`)).toEqual(['steer:wait, stop', 'followUp:and then this']);
    const last = agent.state.messages.at(-1)!;
    expect(last.role).toBe('assistant');
    expect(last.role === 'assistant' && last.stopReason).toBe('aborted');
    const partial = text(last);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan('word '.repeat(200).length);
    expect(events.at(-1)).toMatchObject({ type: 'agent_end', reason: 'aborted' });
    expect(agent.queued()).toEqual([]);
    expect(agent.state.isStreaming).toBe(false);
  });

  it('abort mid-tool fires the tool signal and still records one result per call', async () => {
    let aborted = false;
    const tool: AgentTool<any> = {
      name: 'hang',
      label: 'hang',
      description: 'never ends',
      parameters: Type.Object({}),
      execute: (_id, _p, signal) =>
        new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('killed'));
          }),
        ),
    };
    const { faux, agent } = setup([tool]);
    faux.setResponses([fauxAssistantMessage([fauxToolCall('hang', {}), fauxToolCall('hang', {})]), fauxAssistantMessage('never')]);
    const run = agent.prompt('go');
    while (agent.state.pendingToolCalls.size === 0) await sleep(2);
    agent.steer('queued steer');
    expect(agent.abortAndTakeQueue().map((q) => q.text)).toEqual(['queued steer']);
    await run;
    expect(aborted).toBe(true);
    const results = agent.state.messages.filter((m): m is ToolResultMessage => m.role === 'toolResult');
    expect(results).toHaveLength(2);
    expect(results.every((r) => r.isError && text(r).startsWith('interrupted'))).toBe(true);
    expect(faux.callCount).toBe(1);
  });

  it('answers unknown tools, invalid JSON and invalid arguments with error results and goes on', async () => {
    const { faux, agent } = setup([addTool]);
    const badJson = fauxToolCall('add', {});
    badJson.invalidArguments = { raw: '{"a": 1, "b":', error: 'Unexpected end of JSON input' };
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall('nope', { x: 1 }), badJson, fauxToolCall('add', { a: 'one', b: 2 }), fauxToolCall('add', { a: '3', b: 4 })]),
      fauxAssistantMessage('recovered'),
    ]);
    await agent.prompt('go');
    const results = agent.state.messages.filter((m): m is ToolResultMessage => m.role === 'toolResult');
    expect(results.map((r) => r.isError)).toEqual([true, true, true, false]);
    expect(text(results[0])).toContain('Unknown tool "nope". Available tools: add.');
    expect(text(results[1])).toContain('not valid JSON');
    expect(text(results[1])).toContain('{"a": 1, "b":');
    expect(text(results[2])).toContain('a must be number');
    expect(text(results[2])).toContain('"a":"one"');
    expect(text(results[3])).toBe('7');
    expect(text(agent.state.messages.at(-1)!)).toBe('recovered');
  });

  it('turns a throwing tool into an error result', async () => {
    const boom: AgentTool<any> = {
      name: 'boom',
      label: 'boom',
      description: 'throws',
      parameters: Type.Object({}),
      execute: async () => {
        throw new Error('disk on fire');
      },
    };
    const { faux, agent } = setup([boom]);
    faux.setResponses([fauxAssistantMessage([fauxToolCall('boom', {})]), fauxAssistantMessage('ok')]);
    await agent.prompt('go');
    const result = agent.state.messages[2] as ToolResultMessage;
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('disk on fire');
  });

  it('serializes changing calls on one path so both writes land, and overlaps read-only calls', async () => {
    const files = new Map<string, string>([['a.txt', '']]);
    let active = 0;
    let maxActive = 0;
    const append = appendTool(files);
    const look: AgentTool<any> = {
      name: 'look',
      label: 'look',
      description: 'read-only',
      readOnly: true,
      parameters: Type.Object({}),
      execute: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        await sleep(40);
        active--;
        return { content: [{ type: 'text', text: 'seen' }] };
      },
    };
    const { faux, agent } = setup([append, look]);
    faux.setResponses([
      fauxAssistantMessage([
        fauxToolCall('append', { path: 'a.txt', text: 'one;' }),
        fauxToolCall('append', { path: 'a.txt', text: 'two;' }),
        fauxToolCall('look', {}),
        fauxToolCall('look', {}),
      ]),
      fauxAssistantMessage('done'),
    ]);
    await agent.prompt('go');
    expect(files.get('a.txt')).toBe('one;two;');
    expect(maxActive).toBe(2);
    const ids = agent.state.messages.filter((m): m is ToolResultMessage => m.role === 'toolResult').map((m) => m.toolName);
    expect(ids).toEqual(['append', 'append', 'look', 'look']);
  });

  it('a call whose arguments a beforeToolCall hook moves onto another call’s path waits for that call: both writes land', async () => {
    const files = new Map<string, string>();
    const append = appendTool(files);
    const { faux, agent } = setup([append]);
    // as a PreToolUse hook's updatedInput does: the checked arguments rewritten in place
    agent.beforeToolCall = async ({ args }) => {
      const a = args as { path: string; text: string };
      if (a.text === 'two;') a.path = 'a.txt';
      return undefined;
    };
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall('append', { path: 'a.txt', text: 'one;' }), fauxToolCall('append', { path: 'b.txt', text: 'two;' })]),
      fauxAssistantMessage('done'),
    ]);
    await agent.prompt('go');
    expect(files.get('a.txt')).toBe('one;two;');
    expect(files.has('b.txt')).toBe(false);
  });

  it('stops after maxTurns model calls', async () => {
    const { faux, agent, events } = setup([addTool], { maxTurns: 2 });
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall('add', { a: 1, b: 1 })]),
      fauxAssistantMessage([fauxToolCall('add', { a: 2, b: 2 })]),
      fauxAssistantMessage([fauxToolCall('add', { a: 3, b: 3 })]),
    ]);
    await agent.prompt('loop');
    expect(faux.callCount).toBe(2);
    expect(events.at(-1)).toMatchObject({ type: 'agent_end', reason: 'maxTurns' });
  });

  it('refuses prompt() while running and records a model error', async () => {
    const { faux, agent, events } = setup([], { delayMs: 5 });
    faux.setResponses([fauxAssistantMessage('slow answer here'), fauxAssistantMessage([], { stopReason: 'error', errorMessage: 'server said no' })]);
    const run = agent.prompt('one');
    await expect(agent.prompt('two')).rejects.toThrow(/steer\(\)/);
    await run;
    await agent.prompt('three');
    expect(agent.state.errorMessage).toBe('server said no');
    expect(events.at(-1)).toMatchObject({ type: 'agent_end', reason: 'error' });
  });

  it('passes the transcript through transformContext and lets beforeToolCall block a call', async () => {
    const faux = fauxProvider();
    const models = createModels();
    models.setProvider(faux.provider);
    let sentCount = -1;
    const agent = new Agent({
      initialState: { systemPrompt: 's', model: faux.getModel(), tools: [addTool] },
      streamFn: models.streamSimple.bind(models),
      transformContext: (messages) => messages.slice(-1),
      beforeToolCall: async ({ args }) => ((args as { a: number }).a === 666 ? { block: true, reason: 'refused: not that number' } : undefined),
    });
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall('add', { a: 666, b: 1 })]),
      (ctx) => {
        sentCount = ctx.messages.length;
        return fauxAssistantMessage('fine');
      },
    ]);
    await agent.prompt('go');
    const result = agent.state.messages[2] as ToolResultMessage;
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('refused: not that number');
    expect(sentCount).toBe(1);
    expect(agent.state.messages).toHaveLength(4);
  });
});
