// The conversation is converted once per message (converted-conversation.ts): each request built
// from a conversation that grew, or changed in other ways, must be exactly the request built anew
// from copies of the same messages (copies are objects nothing was kept for).
import { describe, expect, it } from 'vitest';
import { modelWithDefaults } from '../../src/ai/model-defaults.js';
import { chatBody } from '../../src/ai/openai/chat-body.js';
import { buildChatParams } from '../../src/ai/openai/messages.js';
import type { AssistantMessage, CompatFlags, Message, Model, ToolResultMessage, UserMessage } from '../../src/ai/types.js';

function model(compat?: CompatFlags): Model {
  return modelWithDefaults({ id: 'm' }, { name: 'p', baseUrl: 'http://x/v1', compat });
}

const PNG = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const user = (text: string): UserMessage => ({ role: 'user', content: text, timestamp: 0 });
/** An answer calling `ids` (a server that says "call_0" every turn repeats them), with its reasoning. */
function answer(step: number, ids: string[]): AssistantMessage {
  return {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: `why ${step}`, format: 'reasoning_content' },
      ...ids.map((id) => ({ type: 'toolCall' as const, id, name: 'look', arguments: { step } })),
    ],
    provider: 'p',
    model: 'm',
    usage: { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null },
    stopReason: 'toolUse',
    timestamp: 0,
  };
}
const result = (id: string, image = false): ToolResultMessage => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'look',
  content: [{ type: 'text', text: `seen ${id}` }, ...(image ? [PNG] : [])],
  isError: false,
  timestamp: 0,
});

/** The request for `messages` as built now, and as built anew from copies. */
function both(m: Model, messages: Message[]) {
  const context = { systemPrompt: 'sys', messages };
  return { kept: buildChatParams(m, context).messages, anew: buildChatParams(m, structuredClone(context)).messages };
}

describe('the conversation converted once per message', () => {
  it('matches a fresh conversion at every step: repeated ids, images at a batch end, a new prompt, a replaced message, learned flags', () => {
    const m = model();
    const messages: Message[] = [user('go')];
    const check = (mm: Model = m) => {
      const { kept, anew } = both(mm, messages);
      expect(kept).toEqual(anew);
    };
    check();
    for (let step = 0; step < 6; step++) {
      // every answer repeats the ids "call_0" and "" (made unique, and the results follow them)
      messages.push(answer(step, ['call_0', '']));
      check();
      // the batch's results come in one by one; the second brings an image on even steps
      messages.push(result('call_0'));
      check();
      messages.push(result('', step % 2 === 0));
      check();
      // a steer between steps: reasoning before it is no longer replayed
      if (step === 2) {
        messages.push(user('and then?'));
        check();
      }
    }
    // a message replaced in the middle (a reminder's copy, a rewind): sent as it is now
    messages[3] = { ...result('call_0'), content: [{ type: 'text', text: 'changed' }] };
    check();
    expect(JSON.stringify(both(m, messages).kept)).toContain('changed');
    // a server that refused images: learned flags convert the whole conversation again
    check(model({ supportsImages: false }));
    check(model({ replayReasoning: false }));
    check();
    // a shorter conversation with the same first message (a rewind)
    messages.splice(4);
    check();
  });

  it('a request does not change what an earlier one was given', () => {
    const m = model();
    const messages: Message[] = [user('go'), answer(0, ['a']), result('a', true)];
    const first = buildChatParams(m, { messages }).messages;
    const copy = structuredClone(first);
    messages.push(answer(1, ['b']), result('b'));
    buildChatParams(m, { messages });
    expect(first).toEqual(copy);
  });
});

describe('the request body', () => {
  it('is the bytes of JSON.stringify, step after step, whatever the request holds besides the messages', () => {
    const tools = [{ name: 'look', description: 'looks — at “things”', parameters: { type: 'object', properties: { step: { type: 'number' } } } }];
    const messages: Message[] = [user('go \u2028 \u0000 "quoted"')];
    for (let step = 0; step < 4; step++) {
      for (const [m, options] of [
        [model(), {}],
        [model({ maxTokensField: 'max_tokens', supportsStreamOptions: false }), { maxTokens: 50, temperature: 0.2 }],
      ] as const) {
        const params = buildChatParams(m, { systemPrompt: 'sys', messages, tools }, options);
        expect(chatBody(params).toString('utf8')).toBe(JSON.stringify(params));
      }
      messages.push(answer(step, [`c${step}`]), result(`c${step}`, step === 1));
    }
    const bare = buildChatParams(model(), { messages: [] });
    expect(chatBody(bare).toString('utf8')).toBe(JSON.stringify(bare));
  });
});
