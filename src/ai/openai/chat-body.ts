// The request body of a Chat Completions call, as bytes. A tool loop sends the whole conversation at
// every step; the messages it sent before are the same objects (converted-conversation.ts), so each
// one's bytes are kept and copied, not serialised, measured and encoded again (at step 900 that was
// 2.5 of tack's 4 ms). The bytes are those of JSON.stringify, in its order.
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';

/** Each converted message's JSON in UTF-8; a message object is never changed once converted. */
const bytesOf = new WeakMap<object, Buffer>();
const COMMA = Buffer.from(',');

function messageBytes(message: object): Buffer {
  let bytes = bytesOf.get(message);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(message));
    bytesOf.set(message, bytes);
  }
  return bytes;
}

/** `JSON.stringify(params)` in UTF-8, for params built as buildChatParams builds them: `model`, then `messages`, then the rest. */
export function chatBody(params: ChatCompletionCreateParamsStreaming): Buffer {
  const { model, messages, ...rest } = params;
  const tail = JSON.stringify(rest);
  const parts: Buffer[] = [Buffer.from(`{"model":${JSON.stringify(model)},"messages":[`)];
  messages.forEach((message, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(messageBytes(message));
  });
  parts.push(Buffer.from(`]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`));
  return Buffer.concat(parts);
}
