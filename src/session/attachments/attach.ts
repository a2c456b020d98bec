// What `@path` mentions attach to a message: each names a file inside the workspace (judged on its
// real path, like the tools' paths), read bounded, as tack reads its own files (tools/fs/own): opened
// on its real path without following a link, and checked again where the kernel says it is. Text
// files go as text saying where they were cut, images as image parts for a model that takes them;
// anything else is refused in one sentence.
import { closeSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { relative } from 'node:path';
import type { ImageContent, TextContent } from '../../ai/types.js';
import { looksBinary, SNIFF_BYTES } from '../../../tools/fs/binary.js';
import { formatSize } from '../../../tools/format.js';
import { resolvePath } from '../../../tools/fs/paths.js';
import { OwnFileError, openOwn, readHead, type OwnFile } from '../../../tools/fs/own/index.js';
import { describeLocation, locate, realRoot } from '../../../tools/fs/real-path.js';
import { builtinSecretTest, type SecretTest } from '../../../tools/fs/secret-files.js';
import { IMAGE_MAX_BYTES, sniffImageType } from './image-file.js';
import type { FileMention } from './mentions.js';
import { type AttachedFile, filePart, imageLabel } from './parts.js';

/** The read tool's page: as much of a file as one attachment carries. */
export const TEXT_MAX_BYTES = 50 * 1024;
export const TEXT_MAX_LINES = 2000;

export interface Attachments {
  /** parts to follow the typed text, in the order of the mentions */
  parts: (TextContent | ImageContent)[];
  attached: AttachedFile[];
  /** one sentence per mention that named a file but was not attached */
  refused: string[];
}

export interface AttachOptions {
  /** the model takes image parts; its id names it when not */
  images: { accepted: boolean; model: string };
  secret?: SecretTest;
}

export async function attachFiles(root: string, mentions: readonly FileMention[], o: AttachOptions): Promise<Attachments> {
  const out: Attachments = { parts: [], attached: [], refused: [] };
  for (const mention of mentions) {
    const outcome = await attachOne(root, mention.path, o).catch(
      (err: NodeJS.ErrnoException) => `${mention.path} cannot be read (${err.code ?? err.message}); not attached`,
    );
    if (typeof outcome === 'string') out.refused.push(outcome);
    else if (outcome) {
      out.parts.push(...outcome.parts);
      out.attached.push(outcome.file);
    }
  }
  return out;
}

type One = { parts: (TextContent | ImageContent)[]; file: AttachedFile } | string | undefined;

async function attachOne(root: string, written: string, o: AttachOptions): Promise<One> {
  const target = resolvePath(root, written);
  const there = await lstat(target.absolute).catch(() => undefined);
  // `@alice` in prose is no file: only something that looks like a path is worth a word
  if (!there) return /[/.]/.test(written) ? `${written}: there is no such file; not attached` : undefined;
  if (!target.insideWorkspace) return `${written} is outside the workspace; not attached`;
  const where = await locate(root, target.absolute);
  if (!where.inside) return `${describeLocation(root, where)} leads outside the workspace; not attached`;
  const shown = target.display;
  if (there.isDirectory() || (there.isSymbolicLink() && (await lstat(where.real)).isDirectory())) return `${shown} is a folder; name the files to attach`;
  const isSecret = o.secret ?? builtinSecretTest;
  const secret = isSecret(where.real) ?? isSecret(target.absolute);
  if (secret) return `${shown} looks like a ${secret === 'secret file' ? 'secret file' : `secret (${secret})`}; not attached (the read tool asks first)`;
  const rootReal = await realRoot(root);
  let opened: OwnFile;
  try {
    opened = openOwn(rootReal, relative(rootReal, where.real));
  } catch (error) {
    if (error instanceof OwnFileError) return `${shown} is not a regular file inside the workspace; not attached`;
    throw error;
  }
  const { fd } = opened;
  const size = Number(opened.stat.size);
  try {
    const head = readHead(fd, Math.min(size, SNIFF_BYTES));
    const mimeType = sniffImageType(head);
    if (mimeType) {
      if (!o.images.accepted) return `${o.images.model} does not take images, so ${shown} was not sent`;
      if (size > IMAGE_MAX_BYTES) return `${shown} is too big to send (${formatSize(size)}; images up to ${formatSize(IMAGE_MAX_BYTES)})`;
      const data = readHead(fd, size);
      const file: AttachedFile = { path: shown, kind: 'image', size: formatSize(size) };
      return { parts: [imageLabel(file, mimeType), { type: 'image', data: data.toString('base64'), mimeType }], file };
    }
    if (looksBinary(head)) return `${shown} is a binary file (${formatSize(size)}); not attached`;
    const { text, cut } = boundedText(readHead(fd, Math.min(size, TEXT_MAX_BYTES)), size);
    const file: AttachedFile = { path: shown, kind: 'text', size: formatSize(size), ...(cut ? { cut: cut.where } : {}) };
    return { parts: [filePart(file, text, cut?.sentence)], file };
  } finally {
    closeSync(fd);
  }
}

/** The text of a file's first bytes, cut at a line end within the limits; `cut` says where, for the user and (a sentence) the model. */
export function boundedText(bytes: Buffer, size: number): { text: string; cut?: { where: string; sentence: string } } {
  const text = new TextDecoder().decode(bytes);
  const lines = text.split('\n');
  const whole = bytes.length >= size;
  // a final newline starts no line; without the whole file, the last piece is a line cut short
  const complete = text.endsWith('\n') || !whole ? lines.length - 1 : lines.length;
  if (whole && complete <= TEXT_MAX_LINES) return { text };
  const kept = Math.min(complete, TEXT_MAX_LINES);
  if (kept === 0) {
    const where = `inside line 1 at ${formatSize(bytes.length)} of ${formatSize(size)}`;
    return { text, cut: { where, sentence: `cut ${where}; use the read tool for the rest` } };
  }
  const shown = `${lines.slice(0, kept).join('\n')}\n`;
  const where = `after line ${kept} (${formatSize(Buffer.byteLength(shown))} of ${formatSize(size)})`;
  return { text: shown, cut: { where, sentence: `cut ${where}; read it with offset=${kept + 1} for the rest` } };
}
