// `/context`: where the context goes, in tokens, with the window, what is left before compaction and
// how much of the last request the server's prompt cache served. Counted by the server's tokeniser
// where it has one (tokenizer.ts), else estimated at the session's running ratio and marked so.
import type { ImageContent, Message } from '../../ai/types.js';
import { imageSize } from '../attachments/image-size.js';
import { type ContextGroup, contextParts, type RequestShape } from './context-parts.js';
import type { Tokenize } from './tokenizer.js';

export interface ContextUsage {
  /** the model's window, and the size at which a compaction starts */
  window: number;
  threshold: number;
  /** `server`: the text was counted by the server's tokeniser (images are always estimated) */
  counted: 'server' | 'estimate';
  parts: { group: ContextGroup; label: string; tokens: number }[];
  total: number;
  /** tokens that may still come before a compaction */
  left: number;
  /** the last request as the server counted it, and the part its prompt cache served */
  lastRequest?: { input: number; cached: number };
}

export interface ContextSource extends RequestShape {
  window: number;
  threshold: number;
  /** the session's ratio: from the server's last count, or a common tokeniser's */
  tokensPerChar: number;
}

/** An image's tokens as the common vision encoders count them: 170 per 512-pixel tile and 85 more. */
function imageTokens(image: ImageContent): number {
  const size = imageSize(Buffer.from(image.data, 'base64'), image.mimeType);
  if (!size) return 1000;
  const scale = Math.min(1, 2048 / Math.max(size.width, size.height));
  const w = size.width * scale;
  const h = size.height * scale;
  const shrink = Math.min(1, 768 / Math.min(w, h));
  return 85 + 170 * Math.ceil((w * shrink) / 512) * Math.ceil((h * shrink) / 512);
}

function lastRequest(messages: readonly Message[]): ContextUsage['lastRequest'] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'assistant' && m.usage.input > 0) return { input: m.usage.input, cached: m.usage.cacheRead };
  }
  return undefined;
}

export async function measureContext(src: ContextSource, tokenize: Tokenize): Promise<ContextUsage> {
  const parts = contextParts(src);
  const counts = await tokenize(parts.map((p) => p.text));
  const measured = parts.map((p, i) => ({
    group: p.group,
    label: p.label,
    tokens: (counts?.[i] ?? Math.ceil(p.text.length * src.tokensPerChar)) + p.images.reduce((n, img) => n + imageTokens(img), 0),
  }));
  const total = measured.reduce((n, p) => n + p.tokens, 0);
  const last = lastRequest(src.messages);
  return {
    window: src.window,
    threshold: src.threshold,
    counted: counts ? 'server' : 'estimate',
    parts: measured,
    total,
    left: Math.max(0, src.threshold - total),
    ...(last ? { lastRequest: last } : {}),
  };
}
