// Each streaming quirk of a real server, from prompt to final answer through the real Agent and
// adapter over loopback: text, thinking and tool calls land where they belong and every call is answered.
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamTurn } from '../support/mock-openai-server.js';
import { assistants, callsOf, closeServers, expectCompleteTranscript, results, runAgent, startServer, textOf, thinkingOf } from './harness.js';

afterEach(closeServers);

const addTurn = (quirks: Partial<StreamTurn> = {}): StreamTurn => ({
  toolCalls: [{ id: 'call_a', name: 'add', arguments: { a: 2, b: 3 } }],
  chunkSize: 3,
  ...quirks,
});
const answerTurn = (quirks: Partial<StreamTurn> = {}): StreamTurn => ({ text: 'The sum is 5.', ...quirks });

describe('tool-call stream shapes', () => {
  it.each<[string, Partial<StreamTurn>]>([
    ['arguments in one chunk', { argumentsInOneChunk: true }],
    ['no index', { omitIndex: true }],
    ['no index, id on every chunk', { omitIndex: true, idOnEveryChunk: true }],
    ['index and id on every chunk', { idOnEveryChunk: true }],
    ['no finish_reason', { omitFinishReason: true }],
    ['a non-standard finish_reason', { finishReason: 'eos_token' }],
    ['finish_reason stop despite tool calls', { finishReason: 'stop' }],
  ])('%s', async (_name, quirks) => {
    const server = await startServer({ turns: [addTurn(quirks), answerTurn(quirks.finishReason ? { finishReason: 'end_turn' } : quirks)] });
    const { messages, bodies } = await runAgent(server);
    expectCompleteTranscript(messages, 'The sum is 5.');
    expect(callsOf(messages)).toEqual([{ type: 'toolCall', id: 'call_a', name: 'add', arguments: { a: 2, b: 3 } }]);
    expect(results(messages)[0]!.content).toEqual([{ type: 'text', text: '5' }]);
    expect(assistants(messages).map((m) => m.stopReason)).toEqual(['toolUse', 'stop']);
    expect(bodies).toHaveLength(2);
  });

  it('keeps two calls apart when fragments carry no index', async () => {
    const server = await startServer({
      turns: [
        {
          toolCalls: [
            { id: 'c1', name: 'add', arguments: { a: 1, b: 1 } },
            { id: 'c2', name: 'add', arguments: { a: 20, b: 22 } },
          ],
          omitIndex: true,
          chunkSize: 4,
        },
        answerTurn({ text: '2 and 42' }),
      ],
    });
    const { messages } = await runAgent(server);
    expectCompleteTranscript(messages, '2 and 42');
    expect(callsOf(messages).map((c) => [c.id, c.arguments])).toEqual([
      ['c1', { a: 1, b: 1 }],
      ['c2', { a: 20, b: 22 }],
    ]);
    expect(results(messages).map((r) => (r.content[0] as { text: string }).text)).toEqual(['2', '42']);
  });

  it.each([
    ['no usage at all', 'none', 0],
    ['usage on the finish chunk', 'finish-chunk', 77],
    ['usage inside the last choice', 'in-choice', 77],
  ] as const)('%s', async (_name, usageIn, expected) => {
    const usage = { prompt_tokens: 77, completion_tokens: 5 };
    const server = await startServer({ turns: [addTurn({ usageIn, usage }), answerTurn({ usageIn, usage })] });
    const { messages } = await runAgent(server);
    expectCompleteTranscript(messages, 'The sum is 5.');
    for (const m of assistants(messages)) expect(m.usage.input).toBe(expected);
  });
});

describe('reasoning', () => {
  it.each([
    ['reasoning_content', { reasoningField: 'reasoning_content' }],
    ['reasoning', { reasoningField: 'reasoning' }],
    ['<think> tags in the content', { thinkTags: true }],
  ] as const)('shows %s as thinking, never as answer text', async (_name, quirks) => {
    for (const chunkSize of [1, 2, 3, 7]) {
      const server = await startServer({
        turns: [
          { ...addTurn(), reasoning: 'I should add 2 and 3.', chunkSize, ...quirks },
          { text: 'The sum is 5.', reasoning: 'The tool said 5.', chunkSize, ...quirks },
        ],
      });
      const { messages } = await runAgent(server);
      expectCompleteTranscript(messages, 'The sum is 5.');
      const [first, second] = assistants(messages);
      const format = 'thinkTags' in quirks ? 'think_tag' : quirks.reasoningField;
      expect(first!.content).toEqual([
        { type: 'thinking', thinking: 'I should add 2 and 3.', format },
        { type: 'toolCall', id: 'call_a', name: 'add', arguments: { a: 2, b: 3 } },
      ]);
      expect(second!.content).toEqual([
        { type: 'thinking', thinking: 'The tool said 5.', format },
        { type: 'text', text: 'The sum is 5.' },
      ]);
      await closeServers();
    }
  });

  it('leaves an answer that merely mentions <think> later on as text', async () => {
    const text = 'Use a <think> tag, then </think> to close it.';
    const server = await startServer({ turns: [{ text, chunkSize: 2 }] });
    const { messages } = await runAgent(server);
    expectCompleteTranscript(messages, text);
    expect(thinkingOf(assistants(messages)[0]!)).toBe('');
  });

  it('replays reasoning within the turn in the field it came in, and drops it for later turns', async () => {
    const server = await startServer({
      turns: [{ ...addTurn(), reasoning: 'Plan: add.' }, answerTurn({ reasoning: 'Done.' }), answerTurn({ text: 'Again 5.' })],
    });
    const { messages, bodies } = await runAgent(server, { prompts: ['add', 'again'] });
    expectCompleteTranscript(messages, 'Again 5.');
    const assistantOf = (body: any) => body.messages.filter((m: any) => m.role === 'assistant');
    expect(assistantOf(bodies[1])[0]).toMatchObject({ reasoning_content: 'Plan: add.', content: null });
    // A new user turn: earlier reasoning is no longer sent.
    expect(assistantOf(bodies[2]).map((m: any) => m.reasoning_content)).toEqual([undefined, undefined]);
  });

  it('replays inline reasoning as <think> tags within the turn', async () => {
    const server = await startServer({ turns: [{ ...addTurn(), reasoning: 'Plan: add.', thinkTags: true }, answerTurn()] });
    const { messages, bodies } = await runAgent(server);
    expectCompleteTranscript(messages, 'The sum is 5.');
    const replayed = bodies[1].messages.find((m: any) => m.role === 'assistant');
    expect(replayed.content).toBe('<think>\nPlan: add.\n</think>\n\n');
    expect(replayed.tool_calls[0].id).toBe('call_a');
  });

  it('stops replaying reasoning for the session when the server refuses it', async () => {
    const server = await startServer({
      refuses: ['reasoning_content'],
      turns: [{ ...addTurn(), reasoning: 'Plan: add.' }, { ...addTurn(), reasoning: 'Once more.' }, answerTurn()],
    });
    const { messages, bodies, provider } = await runAgent(server);
    expectCompleteTranscript(messages, 'The sum is 5.');
    // refused once, then never sent again
    expect(bodies.map((b) => b.messages.some((m: any) => m.reasoning_content !== undefined))).toEqual([false, true, false, false]);
    expect(provider.learned).toEqual({ replayReasoning: false });
  });
});

describe('tool-call ids', () => {
  it('makes empty and repeated ids unique before they go back, each result following its call', async () => {
    const server = await startServer({
      refuses: ['duplicate_tool_call_ids', 'unanswered_tool_calls'],
      turns: [
        { toolCalls: [{ id: '', name: 'add', arguments: { a: 1, b: 2 } }] },
        { toolCalls: [{ id: '', name: 'add', arguments: { a: 3, b: 4 } }] },
        { toolCalls: [{ id: 'call_0', name: 'add', arguments: { a: 5, b: 6 } }] },
        {
          toolCalls: [
            { id: 'call_0', name: 'add', arguments: { a: 7, b: 8 } },
            { id: 'call_0', name: 'add', arguments: { a: 9, b: 10 } },
          ],
        },
        answerTurn({ text: 'done' }),
      ],
    });
    const { messages, bodies } = await runAgent(server);
    expectCompleteTranscript(messages, 'done');
    expect(bodies).toHaveLength(5);
    const last = bodies[4].messages;
    const sentCalls = last.filter((m: any) => m.role === 'assistant').flatMap((m: any) => m.tool_calls);
    const ids = sentCalls.map((c: any) => c.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids.every(Boolean)).toBe(true);
    // Each tool message answers the call whose arguments produced its sum.
    const sums = new Map(sentCalls.map((c: any) => [c.id, JSON.parse(c.function.arguments)]));
    for (const tool of last.filter((m: any) => m.role === 'tool')) {
      const { a, b } = sums.get(tool.tool_call_id) as { a: number; b: number };
      expect(tool.content).toBe(String(a + b));
    }
  });
});
