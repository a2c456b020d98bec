// A server that refuses part of a standard request (a 400 naming it) is retried once without that
// part, from prompt to final answer, and the part stays out for the rest of the session.
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_OMITTED } from '../../src/ai/openai/messages.js';
import type { CompatFlags, Model } from '../../src/ai/types.js';
import type { Refusal, StreamTurn } from '../support/mock-openai-server.js';
import { closeServers, expectCompleteTranscript, results, runAgent, startServer, type AgentRunOptions } from './harness.js';

afterEach(closeServers);

const addTurn: StreamTurn = { toolCalls: [{ id: 'call_a', name: 'add', arguments: { a: 2, b: 3 } }] };
const answer = (text: string): StreamTurn => ({ text });

interface Case {
  refusal: Refusal;
  /** whether a request body has the refused part */
  has: (body: any) => boolean;
  learned: CompatFlags;
  setup?: AgentRunOptions;
  /** what the request says instead, once the part is gone */
  instead?: (body: any) => void;
}

const reasoningModel: Partial<Model> = { reasoning: true, compat: { supportsDeveloperRole: true } };

const cases: Case[] = [
  { refusal: 'stream_options', has: (b) => 'stream_options' in b, learned: { supportsStreamOptions: false } },
  {
    refusal: 'max_completion_tokens',
    has: (b) => 'max_completion_tokens' in b,
    learned: { maxTokensField: 'max_tokens' },
    setup: { maxTokens: 1000 },
    instead: (b) => expect(b.max_tokens).toBe(1000),
  },
  {
    refusal: 'max_tokens',
    has: (b) => 'max_tokens' in b,
    learned: { maxTokensField: 'max_completion_tokens' },
    setup: { maxTokens: 1000, provider: { compat: { maxTokensField: 'max_tokens' } } },
    instead: (b) => expect(b.max_completion_tokens).toBe(1000),
  },
  {
    refusal: 'developer',
    has: (b) => b.messages[0].role === 'developer',
    learned: { supportsDeveloperRole: false },
    setup: { model: reasoningModel },
    instead: (b) => expect(b.messages[0]).toEqual({ role: 'system', content: 'You are a test.' }),
  },
  { refusal: 'parallel_tool_calls', has: (b) => 'parallel_tool_calls' in b, learned: { supportsParallelToolCalls: false } },
  { refusal: 'tool_choice', has: (b) => 'tool_choice' in b, learned: { supportsToolChoice: false } },
  {
    refusal: 'strict',
    has: (b) => b.tools.some((t: any) => 'strict' in t.function),
    learned: { supportsStrictTools: false },
    instead: (b) => expect(b.tools.find((t: any) => t.function.name === 'add').function.parameters).not.toHaveProperty('additionalProperties'),
  },
  {
    refusal: 'reasoning_effort',
    has: (b) => 'reasoning_effort' in b,
    learned: { supportsReasoningEffort: false },
    setup: { model: { reasoning: true }, thinkingLevel: 'high' },
  },
];

describe('refused request parts', () => {
  it.each(cases)('$refusal: retried once without it, then never sent again', async (c) => {
    const server = await startServer({ refuses: [c.refusal], turns: [addTurn, answer('The sum is 5.'), answer('Still 5.')] });
    const { messages, bodies, provider } = await runAgent(server, { ...c.setup, prompts: ['add', 'again'] });
    expectCompleteTranscript(messages, 'Still 5.');
    // The first request had it and was refused; the retry and every later request do without.
    expect(bodies.map(c.has)).toEqual([true, false, false, false]);
    expect(provider.learned).toEqual(c.learned);
    for (const body of bodies.slice(1)) c.instead?.(body);
  });

  it('strict tools: only schemas that fit are sent strict, with additionalProperties false', async () => {
    const server = await startServer({ turns: [answer('ok')] });
    const { bodies } = await runAgent(server);
    const add = bodies[0].tools.find((t: any) => t.function.name === 'add').function;
    expect(add.strict).toBe(true);
    expect(add.parameters).toMatchObject({ type: 'object', required: ['a', 'b'], additionalProperties: false });
    expect(bodies[0]).toMatchObject({ tool_choice: 'auto', parallel_tool_calls: true });
  });

  it('several refusals in a row are each learned', async () => {
    const server = await startServer({ refuses: ['stream_options', 'parallel_tool_calls', 'strict'], turns: [addTurn, answer('5')] });
    const { messages, bodies, provider } = await runAgent(server);
    expectCompleteTranscript(messages, '5');
    expect(bodies).toHaveLength(5);
    expect(provider.learned).toEqual({ supportsStreamOptions: false, supportsParallelToolCalls: false, supportsStrictTools: false });
  });

  it('a 400 that names nothing it can leave out is an error, not a loop', async () => {
    const server = await startServer({ refuses: ['images'], turns: [answer('never')] });
    const { messages, bodies } = await runAgent(server);
    // No image was sent, so nothing matches and the refusal never happens: the answer arrives.
    expect(bodies).toHaveLength(1);
    expectCompleteTranscript(messages, 'never');
    const picky = await startServer({ turns: [{ status: 400, body: { error: { message: 'stream_options: bad value' } } }] });
    const second = await runAgent(picky, { provider: { compat: { supportsStreamOptions: false } } });
    expect(second.bodies).toHaveLength(1);
    expect(second.messages.at(-1)).toMatchObject({ role: 'assistant', stopReason: 'error' });
  });
});

describe('images', () => {
  it('replaces images with a short note when the server refuses them, for the rest of the session', async () => {
    const server = await startServer({
      refuses: ['images'],
      turns: [
        { toolCalls: [{ id: 'l1', name: 'look', arguments: { path: 'a.png' } }] },
        answer('A pixel.'),
        { toolCalls: [{ id: 'l2', name: 'look', arguments: { path: 'b.png' } }] },
        answer('Another.'),
      ],
    });
    const { messages, bodies, provider } = await runAgent(server, { prompts: ['look at a.png', 'and b.png'] });
    expectCompleteTranscript(messages, 'Another.');
    const hasImage = (b: any) => b.messages.some((m: any) => Array.isArray(m.content) && m.content.some((p: any) => p.type === 'image_url'));
    expect(bodies.map(hasImage)).toEqual([false, true, false, false, false]);
    const tool = bodies[2].messages.find((m: any) => m.role === 'tool');
    expect(tool.content).toBe(`Read image file [image/png]\n${IMAGE_OMITTED}`);
    expect(provider.learned).toEqual({ supportsImages: false });
    // The transcript itself keeps the image: only what is sent changes.
    expect(results(messages)[0]!.content.some((c) => c.type === 'image')).toBe(true);
  });
});

describe('thinking level', () => {
  it('sends reasoning_effort to a reasoning model, and follows setThinkingLevel between prompts', async () => {
    const server = await startServer({ turns: [answer('a'), answer('b'), answer('c')] });
    const { agent, bodies, notes } = await runAgent(server, { model: { reasoning: true }, thinkingLevel: 'low' });
    agent.setThinkingLevel('high');
    await agent.prompt('more');
    agent.setThinkingLevel('off');
    await agent.prompt('less');
    const all = server.chatRequests().map((r) => r.body.reasoning_effort);
    expect(all).toEqual(['low', 'high', undefined]);
    expect(bodies).toHaveLength(1);
    expect(notes).toEqual([]);
  });

  it('ignores the level with one note where the server takes none', async () => {
    const server = await startServer({ turns: [answer('a'), answer('b')] });
    const { bodies, notes } = await runAgent(server, {
      model: { reasoning: true },
      provider: { name: 'deepseek', compat: { supportsReasoningEffort: false } },
      thinkingLevel: 'medium',
      prompts: ['one', 'two'],
    });
    expect(bodies.every((b) => !('reasoning_effort' in b))).toBe(true);
    expect(notes).toEqual(['thinking level medium ignored: the server behind deepseek does not take a thinking level (reasoning_effort)']);
  });

  it('notes once, after the server refused reasoning_effort', async () => {
    const server = await startServer({ refuses: ['reasoning_effort'], turns: [answer('a'), answer('b')] });
    const { notes } = await runAgent(server, { model: { reasoning: true }, thinkingLevel: 'high', prompts: ['one', 'two'] });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('does not take a thinking level');
  });

  it('says how to enable it for a model not known to reason', async () => {
    const server = await startServer({ turns: [answer('a')] });
    const { bodies, notes } = await runAgent(server, { thinkingLevel: 'high' });
    expect(bodies[0]).not.toHaveProperty('reasoning_effort');
    expect(notes).toEqual([expect.stringContaining('"reasoning": true')]);
  });
});
