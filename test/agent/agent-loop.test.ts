// The low-level loop as pi-agent-core 0.73 documents it: `agentLoop` / `agentLoopContinue` over a
// context the caller owns, and each hook of `AgentLoopConfig`. The model is the faux provider.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  agentLoop,
  agentLoopContinue,
  type AgentContext,
  type AgentEvent,
  type AgentLoopConfig,
  type AgentMessage,
  type AgentTool,
} from '../../src/agent/index.js';
import {
  createAssistantMessageEventStream,
  fauxAssistantMessage,
  fauxProvider,
  fauxText,
  fauxToolCall,
  type Context,
  type Message,
  type StreamOptions,
} from '../../src/ai/index.js';

const user = (text: string): Message => ({ role: 'user', content: text, timestamp: Date.now() });
const textOf = (m: AgentMessage) => {
  const c = (m as Message).content;
  return typeof c === 'string' ? c : c.map((p) => (p.type === 'text' ? p.text : p.type)).join('');
};

function setup() {
  const faux = fauxProvider();
  const sent: { context: Context; options?: StreamOptions }[] = [];
  const config = (more: Partial<AgentLoopConfig> = {}): AgentLoopConfig => ({
    model: faux.getModel(),
    convertToLlm: (messages) => messages.filter((m): m is Message => ['user', 'assistant', 'toolResult'].includes(m.role)),
    ...more,
  });
  const streamFn = (model: Parameters<typeof faux.provider.stream>[0], context: Context, options?: StreamOptions) => {
    sent.push({ context: { ...context, messages: [...context.messages] }, options });
    return faux.provider.stream(model, context, options);
  };
  return { faux, sent, config, streamFn };
}

async function drain(stream: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

function echoTool(log: string[] = [], extra: Partial<AgentTool<any>> = {}): AgentTool<any> {
  return {
    name: 'echo',
    label: 'Echo',
    description: 'echoes a word',
    parameters: Type.Object({ word: Type.String() }),
    execute: async (_id, p: { word: string }) => {
      log.push(`start ${p.word}`);
      await new Promise((r) => setTimeout(r, p.word === 'slow' ? 40 : 5));
      log.push(`end ${p.word}`);
      return { content: [{ type: 'text', text: `echo ${p.word}` }], details: { word: p.word } };
    },
    ...extra,
  };
}

describe('agentLoop', () => {
  it('streams the run as events and resolves result() with the new messages, prompt first; the caller’s context is not changed', async () => {
    const { faux, config, streamFn } = setup();
    faux.setResponses([fauxAssistantMessage([fauxToolCall('echo', { word: 'hi' })]), fauxAssistantMessage('done')]);
    const context: AgentContext = { systemPrompt: 'be brief', messages: [user('earlier')], tools: [echoTool()] };
    const stream = agentLoop([user('go')], context, config(), undefined, streamFn);
    const events = await drain(stream);
    const messages = await stream.result();
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);
    expect(events[0]?.type).toBe('agent_start');
    expect(events.at(-1)).toMatchObject({ type: 'agent_end', reason: 'done' });
    expect(events.filter((e) => e.type === 'turn_start')).toHaveLength(2);
    expect(context.messages).toHaveLength(1);
  });

  it('keeps messages of the app’s own roles in the context and lets convertToLlm decide what the model sees', async () => {
    const { faux, config, streamFn, sent } = setup();
    faux.setResponses([fauxAssistantMessage('ok')]);
    const note = { role: 'note', text: 'for the UI only', timestamp: 0 } as unknown as AgentMessage;
    const context: AgentContext = { systemPrompt: '', messages: [note] };
    await drain(agentLoop([user('hello')], context, config(), undefined, streamFn));
    expect(sent[0]?.context.messages.map((m) => m.role)).toEqual(['user']);
  });

  it('applies transformContext before convertToLlm, for the call only', async () => {
    const { faux, config, streamFn, sent } = setup();
    faux.setResponses([fauxAssistantMessage('ok')]);
    const order: string[] = [];
    const cfg = config({
      transformContext: async (messages) => {
        order.push('transform');
        return messages.slice(-1);
      },
      convertToLlm: (messages) => {
        order.push('convert');
        return messages as Message[];
      },
    });
    const stream = agentLoop([user('new')], { systemPrompt: '', messages: [user('old 1'), user('old 2')] }, cfg, undefined, streamFn);
    await drain(stream);
    expect(order).toEqual(['transform', 'convert']);
    expect(sent[0]?.context.messages.map(textOf)).toEqual(['new']);
  });

  it('delivers steering messages after the tool batch, and follow-ups when it would otherwise stop', async () => {
    const { faux, config, streamFn, sent } = setup();
    faux.setResponses([fauxAssistantMessage([fauxToolCall('echo', { word: 'a' })]), fauxAssistantMessage('steered'), fauxAssistantMessage('followed')]);
    const steering = [user('use tabs')];
    const followUps = [user('then the docs')];
    let polls = 0;
    const cfg = config({
      getSteeringMessages: async () => (++polls === 2 ? steering.splice(0) : []),
      getFollowUpMessages: async () => followUps.splice(0),
    });
    const stream = agentLoop([user('go')], { systemPrompt: '', messages: [], tools: [echoTool()] }, cfg, undefined, streamFn);
    await drain(stream);
    expect(sent.map((s) => s.context.messages.map((m) => m.role).join(','))).toEqual([
      'user',
      'user,assistant,toolResult,user',
      'user,assistant,toolResult,user,assistant,user',
    ]);
    expect((await stream.result()).map(textOf)).toContain('then the docs');
  });

  it('beforeToolCall sees the call, the checked arguments and the context; it can block with a reason or rewrite the arguments in place', async () => {
    const { faux, config, streamFn } = setup();
    faux.setResponses([fauxAssistantMessage([fauxToolCall('echo', { word: 'rm' }), fauxToolCall('echo', { word: 'ls' })]), fauxAssistantMessage('ok')]);
    const log: string[] = [];
    const seen: string[] = [];
    const cfg = config({
      beforeToolCall: async ({ toolCall, args, assistantMessage, context }) => {
        seen.push(`${toolCall.name}:${assistantMessage.role}:${context.messages.length}`);
        const a = args as { word: string };
        if (a.word === 'rm') return { block: true, reason: 'not that one' };
        a.word = 'ls -la';
        return undefined;
      },
    });
    const stream = agentLoop([user('go')], { systemPrompt: '', messages: [], tools: [echoTool(log)] }, cfg, undefined, streamFn);
    await drain(stream);
    const results = (await stream.result()).filter((m) => m.role === 'toolResult');
    expect(results.map(textOf)).toEqual(['not that one', 'echo ls -la']);
    expect(results.map((r) => (r as { isError: boolean }).isError)).toEqual([true, false]);
    expect(log).toEqual(['start ls -la', 'end ls -la']);
    expect(seen).toEqual(['echo:assistant:2', 'echo:assistant:2']);
  });

  it('afterToolCall replaces content, details and the error flag field by field', async () => {
    const { faux, config, streamFn } = setup();
    faux.setResponses([fauxAssistantMessage([fauxToolCall('echo', { word: 'x' })]), fauxAssistantMessage('ok')]);
    const cfg = config({
      afterToolCall: async ({ result }) => ({
        content: [fauxText(`checked: ${textOf({ role: 'user', content: result.content, timestamp: 0 })}`)],
        isError: true,
      }),
    });
    const events = await drain(agentLoop([user('go')], { systemPrompt: '', messages: [], tools: [echoTool()] }, cfg, undefined, streamFn));
    const end = events.find((e) => e.type === 'tool_execution_end');
    expect(end).toMatchObject({ isError: true, result: { content: [{ text: 'checked: echo x' }], details: { word: 'x' } } });
  });

  it('ends the run after a batch whose every result says terminate, without another model call', async () => {
    const { faux, config, streamFn, sent } = setup();
    faux.setResponses([fauxAssistantMessage([fauxToolCall('echo', { word: 'a' }), fauxToolCall('echo', { word: 'b' })]), fauxAssistantMessage('never')]);
    const cfg = config({ afterToolCall: async () => ({ terminate: true }) });
    const stream = agentLoop([user('go')], { systemPrompt: '', messages: [], tools: [echoTool()] }, cfg, undefined, streamFn);
    await drain(stream);
    expect(sent).toHaveLength(1);
    expect((await stream.result()).map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'toolResult']);
  });

  it('runs a batch together under "parallel" (the default) and one by one under "sequential" or a sequential tool', async () => {
    const runs = async (more: Partial<AgentLoopConfig>, tool: Partial<AgentTool<any>> = {}) => {
      const { faux, config, streamFn } = setup();
      faux.setResponses([fauxAssistantMessage([fauxToolCall('echo', { word: 'slow' }), fauxToolCall('echo', { word: 'fast' })]), fauxAssistantMessage('ok')]);
      const log: string[] = [];
      const events = await drain(agentLoop([user('go')], { systemPrompt: '', messages: [], tools: [echoTool(log, tool)] }, config(more), undefined, streamFn));
      const results = events
        .filter((e) => e.type === 'message_end' && e.message.role === 'toolResult')
        .map((e) => textOf((e as { message: AgentMessage }).message));
      return { log, results };
    };
    const parallel = await runs({});
    expect(parallel.log).toEqual(['start slow', 'start fast', 'end fast', 'end slow']);
    expect(parallel.results).toEqual(['echo slow', 'echo fast']);
    expect((await runs({ toolExecution: 'sequential' })).log).toEqual(['start slow', 'end slow', 'start fast', 'end fast']);
    expect((await runs({}, { executionMode: 'sequential' })).log).toEqual(['start slow', 'end slow', 'start fast', 'end fast']);
  });

  it('keeps tack’s write serialization under "parallel": calls on one path never overlap, other paths do', async () => {
    const { faux, config, streamFn } = setup();
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall('echo', { word: 'slow' }), fauxToolCall('echo', { word: 'fast' }), fauxToolCall('echo', { word: 'slow' })]),
      fauxAssistantMessage('ok'),
    ]);
    const log: string[] = [];
    const tool = echoTool(log, { lockKey: (p: { word: string }) => p.word });
    await drain(agentLoop([user('go')], { systemPrompt: '', messages: [], tools: [tool] }, config(), undefined, streamFn));
    expect(log.slice(0, 2)).toEqual(['start slow', 'start fast']);
    expect(log.indexOf('start slow', 1)).toBeGreaterThan(log.indexOf('end slow'));
  });

  it('a tool that may change anything (readOnly: false, like bash or an MCP tool) overlaps nothing, even a pi-style tool', async () => {
    const { faux, config, streamFn } = setup();
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall('shell', { word: 'slow' }), fauxToolCall('echo', { word: 'fast' }), fauxToolCall('shell', { word: 'slow' })]),
      fauxAssistantMessage('ok'),
    ]);
    const log: string[] = [];
    const shell = { ...echoTool(log, { readOnly: false }), name: 'shell' };
    await drain(agentLoop([user('go')], { systemPrompt: '', messages: [], tools: [shell, echoTool(log)] }, config(), undefined, streamFn));
    expect(log).toEqual(['start slow', 'end slow', 'start fast', 'end fast', 'start slow', 'end slow']);
  });

  it('hands getApiKey’s key, the session id and the reasoning level to the stream function', async () => {
    const { faux, config, streamFn, sent } = setup();
    faux.setResponses([fauxAssistantMessage('ok')]);
    const asked: string[] = [];
    const cfg = config({
      getApiKey: (provider) => {
        asked.push(provider);
        return 'key-from-store';
      },
      sessionId: 'session-1',
      reasoning: 'high',
    });
    await drain(agentLoop([user('go')], { systemPrompt: '', messages: [] }, cfg, undefined, streamFn));
    expect(asked).toEqual(['faux']);
    expect(sent[0]?.options).toMatchObject({ apiKey: 'key-from-store', sessionId: 'session-1', reasoning: 'high' });
  });

  it('stops after a turn when shouldStopAfterTurn says so, before the queues are read', async () => {
    const { faux, config, streamFn, sent } = setup();
    faux.setResponses([fauxAssistantMessage([fauxToolCall('echo', { word: 'a' })]), fauxAssistantMessage('never')]);
    let steeringPolls = 0;
    const cfg = config({
      shouldStopAfterTurn: ({ message, toolResults, newMessages }) => message.role === 'assistant' && toolResults.length === 1 && newMessages.length === 3,
      getSteeringMessages: async () => {
        steeringPolls++;
        return [];
      },
    });
    await drain(agentLoop([user('go')], { systemPrompt: '', messages: [], tools: [echoTool()] }, cfg, undefined, streamFn));
    expect(sent).toHaveLength(1);
    expect(steeringPolls).toBe(1);
  });
});

describe('what tack adds', () => {
  it('passes a retried model call on as a retry event, and the answer of the attempt that worked', async () => {
    const { config } = setup();
    const streamFn = () => {
      const out = createAssistantMessageEventStream();
      const partial = fauxAssistantMessage('');
      queueMicrotask(() => {
        out.push({ type: 'retry', attempt: 2, maxAttempts: 4, delayMs: 10, reason: 'HTTP 429', partial });
        const answer = fauxAssistantMessage('second attempt');
        out.push({ type: 'text_start', contentIndex: 0, partial: answer });
        out.push({ type: 'done', reason: 'stop', message: answer, partial: answer });
      });
      return out;
    };
    const stream = agentLoop([user('go')], { systemPrompt: '', messages: [] }, config(), undefined, streamFn);
    const events = await drain(stream);
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ attempt: 2, maxAttempts: 4, reason: 'HTTP 429' });
    expect((await stream.result()).map(textOf)).toEqual(['go', 'second attempt']);
  });

  it('answers every tool call of an answer cut off by an error, so the transcript stays valid', async () => {
    const { faux, config, streamFn } = setup();
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall('echo', { word: 'a' }), fauxToolCall('echo', { word: 'b' })], {
        stopReason: 'error',
        errorMessage: 'connection reset',
      }),
    ]);
    const log: string[] = [];
    const stream = agentLoop([user('go')], { systemPrompt: '', messages: [], tools: [echoTool(log)] }, config(), undefined, streamFn);
    const events = await drain(stream);
    const results = (await stream.result()).filter((m) => m.role === 'toolResult');
    expect(results.map(textOf)).toEqual([
      'interrupted: the answer was cut off before this tool ran',
      'interrupted: the answer was cut off before this tool ran',
    ]);
    expect(log).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'agent_end', reason: 'error' });
  });
});

describe('agentLoopContinue', () => {
  it('refuses an empty context and one that ends with an assistant message', () => {
    const { config } = setup();
    expect(() => agentLoopContinue({ systemPrompt: '', messages: [] }, config())).toThrow('Cannot continue: no messages in context');
    const answered = { systemPrompt: '', messages: [user('q'), fauxAssistantMessage('a')] };
    expect(() => agentLoopContinue(answered, config())).toThrow('Cannot continue from message role: assistant');
  });

  it('answers the context as it is; the result holds only the new messages', async () => {
    const { faux, config, streamFn, sent } = setup();
    faux.setResponses([fauxAssistantMessage('answer')]);
    const stream = agentLoopContinue({ systemPrompt: '', messages: [user('pending question')] }, config(), undefined, streamFn);
    await drain(stream);
    expect(sent[0]?.context.messages.map(textOf)).toEqual(['pending question']);
    expect((await stream.result()).map(textOf)).toEqual(['answer']);
  });
});
