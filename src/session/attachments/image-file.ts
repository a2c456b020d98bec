// Images a user hands to the model: recognised by their first bytes (never by the name alone), and
// bounded in size, since servers refuse large images and each one costs a request's worth of tokens.
import { open } from 'node:fs/promises';
import { constants } from 'node:fs';
import type { ImageContent } from '../../ai/types.js';
import { formatSize } from '../../../tools/format.js';

/** What the common vision APIs take without resizing (OpenAI allows 20 MB, Anthropic 5 MB). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Names that promise an image: a pasted path with one of these is taken as an attachment. */
export const IMAGE_NAME = /\.(?:png|jpe?g|gif|webp)$/i;

/** The image type the bytes start with: png, jpeg, gif or webp, the formats vision models take. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** An image file the user named (`--image`), read whole; a sentence for a path that is not one. */
export async function readImageFile(path: string, shown = path): Promise<ImageContent & { bytes: number }> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`${shown}: there is no such file`);
    if (code === 'EACCES' || code === 'EPERM') throw new Error(`${shown}: permission denied`);
    throw new Error(`${shown}: cannot be read (${(err as Error).message})`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`${shown} is not a file`);
    if (info.size > IMAGE_MAX_BYTES) throw new Error(`${shown} is too big to send (${formatSize(info.size)}; images up to ${formatSize(IMAGE_MAX_BYTES)})`);
    const data = await handle.readFile();
    const mimeType = sniffImageType(data);
    if (!mimeType) throw new Error(`${shown} is not an image (png, jpeg, gif or webp)`);
    return { type: 'image', data: data.toString('base64'), mimeType, bytes: data.length };
  } finally {
    await handle.close();
  }
}
