// The Agent class as pi-agent-core 0.73 documents it (defaults, state, queues and their modes,
// prompt/continue/abort/reset, listeners) and getModel; the model is the faux provider.
import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent, type AgentMessage } from '../../src/agent/index.js';
import { fauxAssistantMessage, fauxProvider, getModel, registerFauxProvider, type Context, type Message } from '../../src/ai/index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const user = (text: string): Message => ({ role: 'user', content: text, timestamp: Date.now() });
const textOf = (m: AgentMessage) => {
  const c = (m as Message).content;
  return typeof c === 'string' ? c : c.map((p) => (p.type === 'text' ? p.text : p.type)).join('');
};

function fauxAgent(delayMs = 0) {
  const faux = fauxProvider({ delayMs });
  const sent: Context[] = [];
  const agent = new Agent({
    initialState: { model: faux.getModel() },
    streamFn: (model, context, options) => {
      sent.push({ ...context, messages: [...context.messages] });
      return faux.provider.stream(model, context, options);
    },
  });
  return { faux, agent, sent };
}

describe('new Agent()', () => {
  it('starts with pi’s defaults: empty system prompt, a default model, no tools, idle', () => {
    const agent = new Agent();
    const s = agent.state;
    expect(s.systemPrompt).toBe('');
    expect(s.model.id).toBe('unknown');
    expect(s.thinkingLevel).toBe('off');
    expect(s.tools).toEqual([]);
    expect(s.messages).toEqual([]);
    expect(s.isStreaming).toBe(false);
    expect(s.streamingMessage).toBeUndefined();
    expect(s.pendingToolCalls.size).toBe(0);
    expect(s.errorMessage).toBeUndefined();
    expect(agent.steeringMode).toBe('one-at-a-time');
    expect(agent.followUpMode).toBe('one-at-a-time');
  });

  it('copies the arrays assigned to state.messages and state.tools', () => {
    const agent = new Agent();
    const messages = [user('hi')];
    agent.state.messages = messages;
    messages.push(user('later'));
    expect(agent.state.messages).toHaveLength(1);
    agent.state.systemPrompt = 'be brief';
    expect(agent.state.systemPrompt).toBe('be brief');
  });

  it('without a stream function, answers through the registry: an unknown provider is an error turn, not a throw', async () => {
    const agent = new Agent();
    await agent.prompt('hello');
    expect(agent.state.errorMessage).toMatch(/no provider named "unknown"/);
    expect(agent.state.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('reaches a provider registered with registerFauxProvider, whose factories get the context, options and call count', async () => {
    const faux = registerFauxProvider();
    try {
      const seen: string[] = [];
      faux.setResponses([
        (context, options, state) => {
          seen.push(`${context.messages.length}:${options?.sessionId}:${state.callCount}`);
          return fauxAssistantMessage('scripted');
        },
      ]);
      const agent = new Agent({ initialState: { model: faux.getModel() }, sessionId: 's-1' });
      await agent.prompt('hello');
      expect(seen).toEqual(['1:s-1:1']);
      expect(agent.state.messages.at(-1)).toMatchObject({ role: 'assistant', api: faux.api, content: [{ text: 'scripted' }] });
      expect(faux.getPendingResponseCount()).toBe(0);
    } finally {
      faux.unregister();
    }
  });
});

describe('prompt, steer, followUp', () => {
  it('a steer queued while idle waits for the next prompt and joins its first turn', async () => {
    const { faux, agent, sent } = fauxAgent();
    faux.setResponses([fauxAssistantMessage('ok')]);
    agent.steer(user('use tabs'));
    expect(agent.state.isStreaming).toBe(false);
    await agent.prompt('format the file');
    expect(sent[0]?.messages.map(textOf)).toEqual(['format the file', 'use tabs']);
  });

  it('refuses prompt() and continue() while a run goes, with pi’s sentences', async () => {
    const { faux, agent } = fauxAgent(5);
    faux.setResponses([fauxAssistantMessage('word '.repeat(50))]);
    const run = agent.prompt('talk');
    expect(agent.state.isStreaming).toBe(true);
    await expect(agent.prompt('again')).rejects.toThrow(
      'Agent is already processing a prompt. Use steer() or followUp() to queue messages, or wait for completion.',
    );
    await expect(agent.continue()).rejects.toThrow('Agent is already processing. Wait for completion before continuing.');
    await run;
    expect(agent.state.isStreaming).toBe(false);
  });

  it('continue() needs a transcript; after an answer it runs the queued messages', async () => {
    const { faux, agent, sent } = fauxAgent();
    await expect(agent.continue()).rejects.toThrow('No messages to continue from');
    faux.setResponses([fauxAssistantMessage('first'), fauxAssistantMessage('second')]);
    await agent.prompt('one');
    await expect(agent.continue()).rejects.toThrow('Cannot continue from message role: assistant');
    agent.followUp('two');
    await agent.continue();
    expect(sent.at(-1)?.messages.map(textOf)).toEqual(['one', 'first', 'two']);
  });

  it('takes steers one at a time by default, and all at once in "all" mode', async () => {
    for (const mode of ['one-at-a-time', 'all'] as const) {
      const { faux, agent, sent } = fauxAgent();
      agent.steeringMode = mode;
      faux.setResponses([fauxAssistantMessage('a'), fauxAssistantMessage('b'), fauxAssistantMessage('c')]);
      agent.steer('s1');
      agent.steer('s2');
      await agent.prompt('go');
      const firstCall = sent[0]?.messages.map(textOf);
      expect(firstCall).toEqual(mode === 'all' ? ['go', 's1', 's2'] : ['go', 's1']);
      expect(sent).toHaveLength(mode === 'all' ? 1 : 2);
    }
  });

  it('prompt() takes an image list with its text', async () => {
    const { faux, agent } = fauxAgent();
    faux.setResponses([fauxAssistantMessage('a cat')]);
    await agent.prompt('what is this?', [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }]);
    expect(agent.state.messages[0]).toMatchObject({ role: 'user', content: [{ type: 'text' }, { type: 'image', mimeType: 'image/png' }] });
  });
});

describe('abort, queues, reset', () => {
  it('abort() stops the run and keeps the queues; abortAndTakeQueue() hands them back', async () => {
    const { faux, agent } = fauxAgent(5);
    faux.setResponses([fauxAssistantMessage('word '.repeat(80))]);
    const run = agent.prompt('talk');
    while (!agent.state.streamingMessage) await sleep(2);
    agent.followUp('later');
    agent.abort();
    await run;
    expect(agent.hasQueuedMessages()).toBe(true);
    const last = agent.state.messages.at(-1);
    expect(last?.role === 'assistant' && last.stopReason).toBe('aborted');
    expect(agent.abortAndTakeQueue().map((q) => `${q.kind}:${q.text}`)).toEqual(['followUp:later']);
    expect(agent.hasQueuedMessages()).toBe(false);
  });

  it('clearSteeringQueue / clearFollowUpQueue / clearAllQueues empty what they name; reset() forgets everything', async () => {
    const { faux, agent } = fauxAgent();
    agent.steer('s');
    agent.followUp('f');
    agent.clearSteeringQueue();
    expect(agent.queued().map((q) => q.kind)).toEqual(['followUp']);
    agent.clearAllQueues();
    expect(agent.hasQueuedMessages()).toBe(false);
    faux.setResponses([fauxAssistantMessage('x')]);
    await agent.prompt('hi');
    agent.followUp('f');
    agent.reset();
    expect(agent.state.messages).toEqual([]);
    expect(agent.hasQueuedMessages()).toBe(false);
  });

  it('waitForIdle resolves once the run and its listeners are done', async () => {
    const { faux, agent } = fauxAgent();
    faux.setResponses([fauxAssistantMessage('x')]);
    let endSeen = false;
    agent.subscribe(async (e) => {
      if (e.type !== 'agent_end') return;
      await sleep(20);
      endSeen = true;
    });
    void agent.prompt('hi');
    await agent.waitForIdle();
    expect(endSeen).toBe(true);
    expect(agent.state.isStreaming).toBe(false);
  });
});

describe('subscribe', () => {
  it('awaits listeners in order, each getting the event and the run’s abort signal', async () => {
    const { faux, agent } = fauxAgent();
    faux.setResponses([fauxAssistantMessage('x')]);
    const log: string[] = [];
    const signals = new Set<AbortSignal>();
    agent.subscribe(async (e: AgentEvent, signal) => {
      signals.add(signal);
      if (e.type === 'agent_start') await sleep(15);
      log.push(`a:${e.type}`);
    });
    const off = agent.subscribe((e) => {
      log.push(`b:${e.type}`);
    });
    await agent.prompt('hi');
    expect(log.slice(0, 2)).toEqual(['a:agent_start', 'b:agent_start']);
    expect(signals.size).toBe(1);
    expect([...signals][0]?.aborted).toBe(false);
    off();
    log.length = 0;
    faux.setResponses([fauxAssistantMessage('y')]);
    await agent.prompt('again');
    expect(log.every((l) => l.startsWith('a:'))).toBe(true);
  });

  it('an event waits while a listener still works on an earlier one, even one emitted without awaiting', async () => {
    const { faux, agent } = fauxAgent();
    faux.setResponses([fauxAssistantMessage('x')]);
    const a: string[] = [];
    const b: string[] = [];
    agent.subscribe(async (e: AgentEvent) => {
      if (e.type === 'agent_start') {
        agent.steer('while the first listener is busy'); // emits queue_update without awaiting
        await sleep(15);
      }
      a.push(e.type);
    });
    agent.subscribe((e) => {
      b.push(e.type);
    });
    await agent.prompt('hi');
    expect(b).toEqual(a);
    expect(b.indexOf('queue_update')).toBeGreaterThan(b.indexOf('agent_start'));
  });

  it('a listener that throws ends the run with an assistant message saying so', async () => {
    const { faux, agent } = fauxAgent();
    faux.setResponses([fauxAssistantMessage('x')]);
    agent.subscribe((e) => {
      if (e.type === 'turn_end') throw new Error('the UI broke');
    });
    await agent.prompt('hi');
    expect(agent.state.errorMessage).toBe('the UI broke');
    expect(agent.state.messages.at(-1)).toMatchObject({ role: 'assistant', stopReason: 'error', errorMessage: 'the UI broke' });
  });
});

describe('getModel', () => {
  it('finds a vendor’s model in tack’s table, with its window and prices; unknown ids are undefined', () => {
    const m = getModel('openai', 'gpt-4o-mini');
    expect(m).toMatchObject({ id: 'gpt-4o-mini', provider: 'openai', baseUrl: 'https://api.openai.com/v1', contextWindow: 128_000 });
    expect(m?.prices?.input).toBe(0.15);
    expect(getModel('google', 'gemini-2.5-flash')?.reasoning).toBe(true);
    expect(getModel('openai', 'no-such-model')).toBeUndefined();
    expect(getModel('nowhere', 'gpt-4o')).toBeUndefined();
  });
});
