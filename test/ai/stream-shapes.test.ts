// Chunk sequences as real servers shape them, replayed through the assembler: content as a list of
// parts (Mistral) and `reasoning_details` (OpenRouter, Snowflake Cortex), alone and between tool
// calls, and what goes back to the server on the next request.
import { describe, expect, it } from 'vitest';
import { newAssistantMessage } from '../../src/ai/event-stream.js';
import { modelWithDefaults } from '../../src/ai/model-defaults.js';
import { ChunkAssembler } from '../../src/ai/openai/assembler.js';
import { ChunkShapeError } from '../../src/ai/openai/chunk-shape.js';
import { buildChatParams } from '../../src/ai/openai/messages.js';
import type { AssistantMessage, AssistantMessageEvent } from '../../src/ai/types.js';

import { recordedChunks } from '../support/stream-fixtures.js';

/** A recorded Magistral stream (see test/fixtures/streams/README.md). */
const MAGISTRAL_CHUNKS = recordedChunks('mistral-magistral-reasoning.chunks.jsonl');

const chunk = (delta: object, finish: string | null = null) => ({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });

function replay(chunks: unknown[]): { message: AssistantMessage; events: AssistantMessageEvent[]; types: string[] } {
  const message = newAssistantMessage('p', 'm');
  const events: AssistantMessageEvent[] = [];
  const assembler = new ChunkAssembler(message, (e) => events.push(e), null);
  for (const c of chunks) assembler.push(c);
  assembler.finish();
  return { message, events, types: events.map((e) => e.type) };
}

const deltas = (events: AssistantMessageEvent[], type: 'text_delta' | 'thinking_delta') => events.flatMap((e) => (e.type === type ? [e.delta] : [])).join('');

/** The assistant message as the next request sends it back, within the same turn. */
function sentBack(message: AssistantMessage): Record<string, unknown> {
  const model = modelWithDefaults({ id: 'm' }, { name: 'p', baseUrl: 'http://x/v1' });
  const context = {
    messages: [
      { role: 'user' as const, content: 'go', timestamp: 0 },
      message,
      { role: 'toolResult' as const, toolCallId: 'c1', toolName: 'read', content: [{ type: 'text' as const, text: 'ok' }], isError: false, timestamp: 0 },
    ],
  };
  return buildChatParams(model, context).messages[1] as unknown as Record<string, unknown>;
}

describe('content as a list of parts (Mistral)', () => {
  it('shows a recorded Magistral stream as thinking, then the answer', () => {
    const { message, events, types } = replay(MAGISTRAL_CHUNKS);
    expect(types).toEqual(['thinking_start', 'thinking_delta', 'thinking_delta', 'thinking_end', 'text_start', 'text_delta', 'text_end']);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'The user is asking for 2+2. This is basic arithmetic. 2+2=4.', format: 'content_parts' },
      { type: 'text', text: '2 + 2 = 4' },
    ]);
    expect(deltas(events, 'text_delta')).toBe('2 + 2 = 4');
    expect(message.usage).toMatchObject({ input: 10, output: 46 });
  });

  it('takes parts and plain strings in one stream, a thinking part holding a string, and skips parts it cannot show', () => {
    const { message } = replay([
      chunk({ content: [{ type: 'thinking', thinking: 'plan ' }] }),
      chunk({
        content: [
          {
            type: 'thinking',
            thinking: [
              { type: 'text', text: 'more' },
              { type: 'text', text: '.' },
            ],
          },
        ],
      }),
      chunk({
        content: [
          { type: 'reference', reference_ids: [1] },
          { type: 'text', text: 'Hello' },
        ],
      }),
      chunk({ content: ' world' }),
      chunk({ content: null }, 'stop'),
    ]);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'plan more.', format: 'content_parts' },
      { type: 'text', text: 'Hello world' },
    ]);
  });

  it('keeps thinking, answer and a tool call apart when they come as parts and fragments', () => {
    const { message, types } = replay([
      chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'Need the file.' }] }] }),
      chunk({ content: [{ type: 'text', text: 'Reading it.' }] }),
      chunk({ tool_calls: [{ index: 0, id: 'abc123xyz', function: { name: 'read', arguments: '{"path":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"a.ts"}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Need the file.', format: 'content_parts' },
      { type: 'text', text: 'Reading it.' },
      { type: 'toolCall', id: 'abc123xyz', name: 'read', arguments: { path: 'a.ts' } },
    ]);
    expect(message.stopReason).toBe('toolUse');
    expect(types.filter((t) => t.endsWith('_start'))).toEqual(['thinking_start', 'text_start', 'toolcall_start']);
  });

  it('sends back only the answer and the tool call: Mistral thinking is not replayed', () => {
    const { message } = replay([
      chunk({
        content: [
          { type: 'thinking', thinking: 'hm' },
          { type: 'text', text: 'ok' },
        ],
      }),
      chunk({}, 'stop'),
    ]);
    expect(sentBack(message)).toEqual({ role: 'assistant', content: 'ok' });
  });

  it('fails the attempt on a list of things that are not parts', () => {
    const message = newAssistantMessage('p', 'm');
    const assembler = new ChunkAssembler(message, () => {}, null);
    expect(() => assembler.push(chunk({ content: ['text'] }))).toThrow(ChunkShapeError);
    expect(() => assembler.push(chunk({ reasoning_details: 'x' }))).toThrow(ChunkShapeError);
  });
});

// Hand-written from OpenRouter's documentation of `reasoning_details` (no public recording found):
// Claude behind OpenRouter streams `reasoning` and the same text as `reasoning.text` details, the
// signature in a last fragment of the same index.
const SIGNED = [
  chunk({
    role: 'assistant',
    content: '',
    reasoning: 'Let me ',
    reasoning_details: [{ type: 'reasoning.text', text: 'Let me ', format: 'anthropic-claude-v1', index: 0 }],
  }),
  chunk({ reasoning: 'look.', reasoning_details: [{ type: 'reasoning.text', text: 'look.', format: 'anthropic-claude-v1', index: 0 }] }),
  chunk({ reasoning_details: [{ type: 'reasoning.text', signature: 'EqQBCkYIBxgCKkAsig==', format: 'anthropic-claude-v1', index: 0 }] }),
];

describe('reasoning_details', () => {
  it('shows reasoning.text once, though `reasoning` repeats it, and keeps its signature', () => {
    const { message, events, types } = replay([...SIGNED, chunk({ content: 'Done.' }), chunk({}, 'stop')]);
    expect(deltas(events, 'thinking_delta')).toBe('Let me look.');
    expect(types).toEqual(['thinking_start', 'thinking_delta', 'thinking_delta', 'thinking_end', 'text_start', 'text_delta', 'text_end']);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Let me look.', format: 'reasoning_details', sealed: { signature: 'EqQBCkYIBxgCKkAsig==', scheme: 'anthropic-claude-v1' } },
      { type: 'text', text: 'Done.' },
    ]);
  });

  it('shows a summary as thinking and keeps an encrypted item unseen, both to be sent back', () => {
    const { message, events } = replay([
      chunk({ reasoning_details: [{ type: 'reasoning.summary', summary: '**Planning** the steps', id: 'rs_1', format: 'openai-responses-v1', index: 0 }] }),
      chunk({ reasoning_details: [{ type: 'reasoning.encrypted', data: 'gAAAAB3n', id: 'rs_1', format: 'openai-responses-v1', index: 1 }] }),
      chunk({ content: 'Answer.' }),
      chunk({}, 'stop'),
    ]);
    expect(deltas(events, 'thinking_delta')).toBe('**Planning** the steps');
    expect(message.content).toEqual([
      {
        type: 'thinking',
        thinking: '**Planning** the steps',
        format: 'reasoning_details',
        summary: true,
        sealed: { id: 'rs_1', scheme: 'openai-responses-v1' },
      },
      { type: 'thinking', thinking: '', format: 'reasoning_details', sealed: { id: 'rs_1', encrypted: 'gAAAAB3n', scheme: 'openai-responses-v1' } },
      { type: 'text', text: 'Answer.' },
    ]);
    expect(sentBack(message).reasoning_details).toEqual([
      { type: 'reasoning.summary', summary: '**Planning** the steps', id: 'rs_1', format: 'openai-responses-v1', index: 0 },
      { type: 'reasoning.encrypted', data: 'gAAAAB3n', id: 'rs_1', format: 'openai-responses-v1', index: 1 },
    ]);
  });

  it('reads thinking sent only as details, without ids or formats (Snowflake Cortex)', () => {
    const { message } = replay([
      chunk({ reasoning_details: [{ type: 'reasoning.text', text: 'First, ' }] }),
      chunk({ reasoning_details: [{ type: 'reasoning.text', text: 'the tests.' }] }),
      chunk({ content: 'Run them.' }),
      chunk({}, 'stop'),
    ]);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'First, the tests.', format: 'reasoning_details' },
      { type: 'text', text: 'Run them.' },
    ]);
  });

  it('keeps details around tool calls, gives a late signature to its own block, and sends them all back beside the calls', () => {
    const { message, types } = replay([
      SIGNED[0],
      SIGNED[1],
      chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"a.ts"}' } }] }),
      SIGNED[2],
      chunk({ reasoning_details: [{ type: 'reasoning.encrypted', data: 'c2lnbmF0dXJl', format: 'google-gemini-v1', index: 1 }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Let me look.', format: 'reasoning_details', sealed: { signature: 'EqQBCkYIBxgCKkAsig==', scheme: 'anthropic-claude-v1' } },
      { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'a.ts' } },
      { type: 'thinking', thinking: '', format: 'reasoning_details', sealed: { encrypted: 'c2lnbmF0dXJl', scheme: 'google-gemini-v1' } },
    ]);
    expect(types.filter((t) => t.endsWith('_end'))).toEqual(['thinking_end', 'thinking_end', 'toolcall_end']);
    expect(sentBack(message)).toEqual({
      role: 'assistant',
      content: null,
      reasoning_details: [
        { type: 'reasoning.text', text: 'Let me look.', signature: 'EqQBCkYIBxgCKkAsig==', format: 'anthropic-claude-v1', index: 0 },
        { type: 'reasoning.encrypted', data: 'c2lnbmF0dXJl', format: 'google-gemini-v1', index: 1 },
      ],
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"a.ts"}' } }],
    });
  });

  it('leaves out detail kinds it does not know, and `reasoning` still shows when the details carry no text', () => {
    const { message } = replay([
      chunk({ reasoning: 'visible', reasoning_details: [{ type: 'reasoning.future', blob: 1 }] }),
      chunk({ content: 'ok' }),
      chunk({}, 'stop'),
    ]);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'visible', format: 'reasoning' },
      { type: 'text', text: 'ok' },
    ]);
  });
});
