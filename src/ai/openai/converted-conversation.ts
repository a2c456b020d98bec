// The conversation in Chat Completions' shape, converted once per message: a tool loop sends the
// whole history at every step, and converting all of it again each time made step 900 cost far more
// than step 100. What the last request of a conversation converted is kept (by its first message),
// and a request that only adds messages after it converts just those. Anything else (a message
// replaced, a new user message, other settings) converts the whole conversation, as before.
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Message, Model } from '../types.js';
import { type Conversion, conversionSettings, convertOne, imagesMessage, startConversion } from './chat-messages.js';

interface Converted extends Conversion {
  settings: string;
  /** the messages converted, the very objects */
  sources: Message[];
}

/** A conversation is known by its first message: a compaction or a new session starts another. */
const kept = new WeakMap<Message, Converted>();

export function convertConversation(model: Model, messages: readonly Message[]): ChatCompletionMessageParam[] {
  const first = messages[0];
  if (first === undefined) return [];
  const settings = conversionSettings(model);
  const before = kept.get(first);
  const c = before && continues(before, messages, settings) ? before : fresh(messages, settings);
  try {
    for (let i = c.sources.length; i < messages.length; i++) {
      convertOne(c, model, messages[i]!, i);
      c.sources.push(messages[i]!);
    }
  } catch (err) {
    kept.delete(first);
    throw err;
  }
  kept.set(first, c);
  // images of a batch that ends the conversation go last; they stay pending for messages added later
  const images = imagesMessage(c.pendingImages);
  return images ? [...c.out, images] : c.out.slice();
}

function fresh(messages: readonly Message[], settings: string): Converted {
  return { ...startConversion(messages.findLastIndex((m) => m.role === 'user')), settings, sources: [] };
}

/**
 * Whether `messages` are the converted ones (the same objects, in order) plus later ones that hold no
 * user message (a new one would move where reasoning stops being replayed). The check is a comparison
 * of references, not a conversion.
 */
function continues(c: Converted, messages: readonly Message[], settings: string): boolean {
  if (c.settings !== settings || messages.length < c.sources.length) return false;
  for (let i = 0; i < c.sources.length; i++) if (messages[i] !== c.sources[i]) return false;
  for (let i = c.sources.length; i < messages.length; i++) if (messages[i]!.role === 'user') return false;
  return true;
}
