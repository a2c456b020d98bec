// Files a user's message names with `@path`, attached to it (see attach.ts), and images given by
// path (`--image`). The message keeps the typed text as its first part, so views and the queue show
// what was typed, not the files.
import { acceptsImages } from '../../ai/model-defaults.js';
import type { ImageContent, Model, TextContent, UserMessage } from '../../ai/types.js';
import type { ResolvedConfig } from '../../config/resolve.js';
import { secretTestFor } from '../permissions/setup.js';
import { attachFiles, type Attachments } from './attach.js';
import { findFileMentions } from './mentions.js';
import { readImageFile } from './image-file.js';
import { imageLabel } from './parts.js';
import { formatSize } from '../../../tools/format.js';

export { type Attachments, TEXT_MAX_BYTES, TEXT_MAX_LINES } from './attach.js';
export { type AttachedFile, attachedFiles } from './parts.js';
export { IMAGE_MAX_BYTES, IMAGE_NAME, readImageFile, sniffImageType } from './image-file.js';
export { findFileMentions, pastedImageMention } from './mentions.js';

const NONE: Attachments = { parts: [], attached: [], refused: [] };

/** The files `text` mentions, attached as the model in use takes them; `servers` are MCP servers, whose `@server:uri` are no files. */
export function attachMentioned(config: ResolvedConfig, model: Model, text: string, servers: readonly string[] = []): Promise<Attachments> {
  const mentions = findFileMentions(text, servers);
  if (mentions.length === 0) return Promise.resolve(NONE);
  return attachFiles(config.cwd, mentions, { images: { accepted: acceptsImages(model), model: model.id }, secret: secretTestFor(config) });
}

/** The typed text alone, or a message with the attached parts after it. */
export function withAttachments(text: string, parts: readonly (TextContent | ImageContent)[]): string | UserMessage {
  if (parts.length === 0) return text;
  return { role: 'user', content: [{ type: 'text', text }, ...parts], timestamp: Date.now() };
}

/** Images named on the command line (`--image`), as parts; rejects with one sentence naming the first bad one. */
export async function imageParts(paths: readonly string[]): Promise<(TextContent | ImageContent)[]> {
  const parts: (TextContent | ImageContent)[] = [];
  for (const path of paths) {
    const { bytes, ...image } = await readImageFile(path, `--image ${path}`);
    parts.push(imageLabel({ path, kind: 'image', size: formatSize(bytes) }, image.mimeType), image);
  }
  return parts;
}
