import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/types.js';
import type { AssistantMessage, ToolResultMessage } from '../../src/ai/types.js';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { ConversationView } from '../../src/modes/interactive/conversation/conversation-view.js';

const usage = { input: 1000, output: 50, cacheRead: 0, totalTokens: 1050, cost: null };

function assistant(content: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'] = 'stop'): AssistantMessage {
  return { role: 'assistant', content, provider: 'p', model: 'm', usage, stopReason, timestamp: 0 };
}

const update = (m: AssistantMessage): AgentEvent => ({
  type: 'message_update',
  message: m,
  assistantMessageEvent: { type: 'text_delta', contentIndex: 0, delta: '', partial: m },
});
/** What the next frame prints: the finished blocks rendered, then drained. */
const take = (t: ConversationView) => {
  t.flush();
  return t.transcript.take();
};
const items = (t: ConversationView) => take(t).map((i) => stripAnsi(i.text));

beforeAll(() => setColorLevel('color'));

describe('ConversationView', () => {
  it('moves finished blocks of a streaming answer to the static items as soon as they end', () => {
    const t = new ConversationView({ width: 60 });
    t.onEvent({ type: 'agent_start' });
    t.onEvent({ type: 'message_start', message: assistant([]) });
    t.onEvent(update(assistant([{ type: 'text', text: 'First paragraph' }])));
    expect(items(t)).toEqual([]);
    expect(t.liveBody(0, 40).map(stripAnsi)).toEqual(['', 'First paragraph']);
    t.onEvent(update(assistant([{ type: 'text', text: 'First paragraph.\n\nSecond **bold** one' }])));
    expect(items(t)).toEqual(['\nFirst paragraph.']);
    expect(t.liveBody(0, 40).map(stripAnsi)).toEqual(['', 'Second bold one']);
    const final = assistant([{ type: 'text', text: 'First paragraph.\n\nSecond **bold** one.' }]);
    t.onEvent({ type: 'message_end', message: final });
    expect(items(t)).toEqual(['\nSecond bold one.']);
    expect(t.liveBody(0, 40)).toEqual([]);
  });

  it('keeps a code fence in the live part until it closes, then prints it highlighted', () => {
    const t = new ConversationView({ width: 60 });
    t.onEvent({ type: 'message_start', message: assistant([]) });
    t.onEvent(update(assistant([{ type: 'text', text: '```ts\nconst a = 1;\n\nconst b = 2;\n' }])));
    expect(items(t)).toEqual([]);
    t.onEvent(update(assistant([{ type: 'text', text: '```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter' }])));
    const [code] = take(t);
    expect(stripAnsi(code!.text)).toMatch(/^\n {2}const a = 1; +ts\n {2}\n {2}const b = 2;$/);
    expect(code!.text).toContain('\x1b[35mconst');
  });

  it('shows running tools live and prints each when its result arrives, with the user messages where the model saw them', () => {
    const t = new ConversationView({ width: 80 });
    const call = { type: 'toolCall' as const, id: 'c1', name: 'bash', arguments: { command: 'sleep 2' } };
    t.onEvent({ type: 'message_start', message: assistant([]) });
    t.onEvent({ type: 'message_end', message: assistant([call], 'toolUse') });
    take(t);
    t.onEvent({ type: 'tool_execution_start', toolCallId: 'c1', toolName: 'bash', args: call.arguments });
    t.onEvent({
      type: 'tool_execution_update',
      toolCallId: 'c1',
      toolName: 'bash',
      args: call.arguments,
      partialResult: { content: [{ type: 'text', text: 'working' }] },
    });
    expect(t.activity()).toBe('running');
    expect(t.liveBody(1000, 40).map(stripAnsi)).toEqual(['', '○ bash sleep 2', '  working']);
    t.onEvent({
      type: 'tool_execution_end',
      toolCallId: 'c1',
      toolName: 'bash',
      args: call.arguments,
      result: { content: [{ type: 'text', text: 'done' }], details: { exitCode: 0 } },
      isError: false,
    });
    const result: ToolResultMessage = {
      role: 'toolResult',
      toolCallId: 'c1',
      toolName: 'bash',
      content: [{ type: 'text', text: 'done' }],
      details: { exitCode: 0 },
      isError: false,
      timestamp: 0,
    };
    t.onEvent({ type: 'message_end', message: result });
    t.onEvent({ type: 'message_end', message: { role: 'user', content: 'use port 8080', timestamp: 0 } });
    expect(items(t)).toEqual(['\n✓ bash sleep 2\n  done', '\n› use port 8080']);
    expect(t.liveBody(2000, 40)).toEqual([]);
  });

  it("prints errors in red with the model layer's sentence, and notes an interruption", () => {
    const t = new ConversationView({ width: 80 });
    t.onEvent({ type: 'message_start', message: assistant([]) });
    t.onEvent({ type: 'message_end', message: { ...assistant([], 'error'), errorMessage: 'the server at x refused the API key; check OPENAI_API_KEY' } });
    const [err] = take(t);
    expect(err!.text).toContain('\x1b[31m');
    expect(stripAnsi(err!.text)).toBe('\n✗ the server at x refused the API key; check OPENAI_API_KEY');
    t.onEvent({ type: 'message_start', message: assistant([]) });
    t.onEvent({ type: 'message_end', message: assistant([{ type: 'text', text: 'partial' }], 'aborted') });
    expect(items(t)).toEqual(['\npartial', '\ninterrupted']);
  });

  it('folds thinking to its first lines once it is finished', () => {
    const t = new ConversationView({ width: 80 });
    const thinking = Array.from({ length: 8 }, (_, i) => `thought ${i}`).join('\n');
    t.onEvent({ type: 'message_start', message: assistant([]) });
    t.onEvent({
      type: 'message_end',
      message: assistant([
        { type: 'thinking', thinking },
        { type: 'text', text: 'answer' },
      ]),
    });
    expect(items(t)).toEqual(['\nthinking\n  thought 0\n  thought 1\n  thought 2\n  … 5 more lines of thinking', '\nanswer']);
  });

  it('shows a retry with its countdown until the stream resumes', () => {
    const t = new ConversationView({ width: 80 });
    t.onEvent({ type: 'agent_start' });
    t.onEvent({ type: 'retry', attempt: 1, maxAttempts: 4, delayMs: 3000, reason: 'the server is overloaded (503)' });
    expect(t.retry).toMatchObject({ attempt: 1, maxAttempts: 4, reason: 'the server is overloaded (503)' });
    t.onEvent(update(assistant([{ type: 'text', text: 'ok' }])));
    expect(t.retry).toBeNull();
  });
});
