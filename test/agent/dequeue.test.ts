import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent } from '../../src/agent/index.js';
import { createModels, fauxAssistantMessage, fauxProvider, type Message } from '../../src/ai/index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const textOf = (m: Message) =>
  m.role === 'user'
    ? typeof m.content === 'string'
      ? m.content
      : ''
    : m.role === 'assistant'
      ? m.content.map((c) => (c.type === 'text' ? c.text : '')).join('')
      : '';

describe('Agent.dequeueAll', () => {
  it('takes queued messages back without interrupting, and the run never sees them', async () => {
    const faux = fauxProvider({ delayMs: 5 });
    const models = createModels();
    models.setProvider(faux.provider);
    const agent = new Agent({ initialState: { systemPrompt: 'test', model: faux.getModel() }, streamFn: models.streamSimple.bind(models) });
    const queues: string[][] = [];
    agent.subscribe((e: AgentEvent) => {
      if (e.type === 'queue_update') queues.push([...e.steering, ...e.followUp]);
    });
    faux.setResponses([fauxAssistantMessage('word '.repeat(60)), fauxAssistantMessage('should not be asked for')]);
    const run = agent.prompt('talk');
    while (!agent.state.streamingMessage) await sleep(2);
    agent.steer('a correction');
    agent.followUp('later');
    const back = agent.dequeueAll();
    expect(back.map((q) => `${q.kind}:${q.text}`)).toEqual(['steer:a correction', 'followUp:later']);
    expect(agent.queued()).toEqual([]);
    expect(agent.state.isStreaming).toBe(true);
    await run;
    const last = agent.state.messages.at(-1)!;
    expect(last.role === 'assistant' && last.stopReason).toBe('stop');
    expect(agent.state.messages.map(textOf)).toEqual(['talk', 'word '.repeat(60)]);
    expect(queues.at(-1)).toEqual([]);
  });

  it('returns nothing and emits nothing when the queue is empty', () => {
    const faux = fauxProvider();
    const models = createModels();
    models.setProvider(faux.provider);
    const agent = new Agent({ initialState: { systemPrompt: 'test', model: faux.getModel() }, streamFn: models.streamSimple.bind(models) });
    let events = 0;
    agent.subscribe(() => void events++);
    expect(agent.dequeueAll()).toEqual([]);
    expect(events).toBe(0);
  });
});
