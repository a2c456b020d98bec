import { describe, expect, it } from 'vitest';
import { modelWithDefaults } from '../../src/ai/model-defaults.js';
import { buildChatParams } from '../../src/ai/openai/messages.js';
import type { AssistantMessage, CompatFlags, Context, Model } from '../../src/ai/types.js';

function model(overrides: Partial<Model> = {}, compat?: CompatFlags): Model {
  return modelWithDefaults({ id: 'm', ...overrides }, { name: 'p', baseUrl: 'http://x/v1', compat });
}

function assistant(content: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'] = 'stop'): AssistantMessage {
  return {
    role: 'assistant',
    content,
    provider: 'p',
    model: 'm',
    usage: { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null },
    stopReason,
    timestamp: 0,
  };
}

const PNG = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };

describe('buildChatParams', () => {
  it('sends images as data URLs and text-only parts as one string', () => {
    const context: Context = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
          timestamp: 0,
        },
        { role: 'user', content: [{ type: 'text', text: 'look' }, PNG], timestamp: 0 },
      ],
    };
    expect(buildChatParams(model(), context).messages).toEqual([
      { role: 'user', content: 'a\nb' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
    ]);
  });

  it('replaces images with a note when the server takes none', () => {
    const context: Context = { messages: [{ role: 'user', content: [{ type: 'text', text: 'look' }, PNG], timestamp: 0 }] };
    const [message] = buildChatParams(model({}, { supportsImages: false }), context).messages;
    expect(JSON.stringify(message)).not.toContain('image_url');
    expect(JSON.stringify(message)).toContain('image omitted');
  });

  it('keeps tool messages together and sends tool-result images after the batch', () => {
    const context: Context = {
      messages: [
        assistant(
          [
            { type: 'toolCall', id: '1', name: 'screenshot', arguments: {} },
            { type: 'toolCall', id: '2', name: 'ls', arguments: { path: '.' } },
          ],
          'toolUse',
        ),
        { role: 'toolResult', toolCallId: '1', toolName: 'screenshot', content: [PNG], isError: false, timestamp: 0 },
        { role: 'toolResult', toolCallId: '2', toolName: 'ls', content: [], isError: false, timestamp: 0 },
        { role: 'user', content: 'thanks', timestamp: 0 },
      ],
    };
    const roles = buildChatParams(model(), context).messages.map((m) => m.role);
    expect(roles).toEqual(['assistant', 'tool', 'tool', 'user', 'user']);
    const messages = buildChatParams(model(), context).messages;
    expect(messages[1]).toEqual({ role: 'tool', tool_call_id: '1', content: '(see the images below)' });
    expect(messages[2]).toEqual({ role: 'tool', tool_call_id: '2', content: '(no output)' });
    expect(JSON.stringify(messages[3])).toContain('data:image/png;base64');
  });

  it('skips assistant messages with nothing to send (e.g. aborted before any text)', () => {
    const context: Context = {
      messages: [
        { role: 'user', content: 'hi', timestamp: 0 },
        assistant([{ type: 'thinking', thinking: 'hmm' }], 'aborted'),
        { role: 'user', content: 'again', timestamp: 0 },
      ],
    };
    expect(buildChatParams(model(), context).messages.map((m) => m.role)).toEqual(['user', 'user']);
  });

  it('follows the compat flags: token field, stream options, developer role, reasoning effort', () => {
    const context: Context = { systemPrompt: 'sys', messages: [] };
    const plain = buildChatParams(model({}, { maxTokensField: 'max_tokens', supportsStreamOptions: false }), context, { maxTokens: 50, thinkingLevel: 'high' });
    expect(plain).toEqual({ model: 'm', stream: true, max_tokens: 50, messages: [{ role: 'system', content: 'sys' }] });

    const reasoning = buildChatParams(model({ reasoning: true }, { supportsDeveloperRole: true }), context, { maxTokens: 50, thinkingLevel: 'high' });
    expect(reasoning).toMatchObject({
      max_completion_tokens: 50,
      reasoning_effort: 'high',
      stream_options: { include_usage: true },
      messages: [{ role: 'developer', content: 'sys' }],
    });
    expect(buildChatParams(model({ reasoning: true }), context, { thinkingLevel: 'off' }).reasoning_effort).toBeUndefined();
    expect(buildChatParams(model({ reasoning: true }, { supportsReasoningEffort: false }), context, { thinkingLevel: 'low' }).reasoning_effort).toBeUndefined();
  });
});
