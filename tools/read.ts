// The `read` tool: a text file with line numbers, a window of it when long, or an image; what was
// read is noted so `write` and `edit` know the model saw it.
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { Type, type Static } from 'typebox';
import type { AgentTool, AgentToolResult } from '../src/agent/types.js';
import { fileLooksBinary } from './fs/binary.js';
import type { ToolContext } from './context.js';
import { ToolError, runTool, textResult } from './errors.js';
import { explainFsError } from './fs/fs-error.js';
import { cutLine, formatSize } from './format.js';
import { editorFor } from './fs/editor-files.js';
import { readLineWindow } from './fs/line-window.js';
import { resolvePath } from './fs/paths.js';

export const READ_MAX_LINES = 2000;
export const READ_MAX_BYTES = 50 * 1024;
export const READ_MAX_LINE_CHARS = 2000;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

const parameters = Type.Object({
  path: Type.String({ description: 'File to read: relative to the workspace root, or absolute' }),
  offset: Type.Optional(Type.Integer({ minimum: 1, description: 'First line to show, 1-based (default 1)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: `Most lines to show (default ${READ_MAX_LINES})` })),
});

export interface ReadDetails {
  path: string;
  insideWorkspace: boolean;
  /** shown line range, 1-based and inclusive; absent for empty files and images */
  firstLine?: number;
  lastLine?: number;
  totalLines?: number;
  truncated: boolean;
  image?: { mimeType: string; bytes: number };
}

/** `cat -n` layout: the number right-aligned in 6 columns, a tab, the line. */
export function numberLine(lineNumber: number, text: string): string {
  return `${String(lineNumber).padStart(6)}\t${text}`;
}

export function createReadTool(context: ToolContext): AgentTool<typeof parameters, ReadDetails> {
  return {
    name: 'read',
    label: 'Read',
    description:
      `Read a text file, shown with line numbers ("     12\\tcode"; the number and tab are not part of the file). ` +
      `Shows at most ${READ_MAX_LINES} lines or 50 KB; use offset and limit to page through longer files, as the footer says. ` +
      'Also reads images (png, jpg, gif, webp). Read a file before you edit or overwrite it. ' +
      'Read several files in one turn by calling read several times.',
    parameters,
    readOnly: true,
    execute: (_id, params, signal) => runTool(() => readFileTool(context, params, signal)),
  };
}

async function readFileTool(context: ToolContext, params: Static<typeof parameters>, signal?: AbortSignal): Promise<AgentToolResult<ReadDetails>> {
  const target = resolvePath(context.cwd, params.path);
  const shown = target.display;
  const base: ReadDetails = { path: shown, insideWorkspace: target.insideWorkspace, truncated: false };
  try {
    const stats = await stat(target.absolute);
    if (stats.isDirectory()) throw new ToolError(`${shown} is a directory, not a file; use ls to list it`);
    context.fileState.remember(target.absolute, stats);

    const mimeType = IMAGE_TYPES[extname(target.absolute).toLowerCase()];
    if (mimeType) {
      if (stats.size > MAX_IMAGE_BYTES) {
        throw new ToolError(`${shown}: image too large to show (${formatSize(stats.size)}, limit ${formatSize(MAX_IMAGE_BYTES)})`);
      }
      const data = (await readFile(target.absolute, { signal })).toString('base64');
      return {
        content: [
          { type: 'text', text: `Image ${shown} (${mimeType}, ${formatSize(stats.size)})` },
          { type: 'image', data, mimeType },
        ],
        details: { ...base, image: { mimeType, bytes: stats.size } },
      };
    }
    if (stats.size > 0 && (await fileLooksBinary(target.absolute))) {
      throw new ToolError(`${shown}: binary file, ${formatSize(stats.size)}, not shown`);
    }
    // an editor's buffer (ACP) is what the user sees, unsaved changes included
    const editor = editorFor(context, target);
    const buffer = editor ? await editor.read(target.absolute) : undefined;
    if (buffer === '' || (buffer === undefined && stats.size === 0)) return textResult(`${shown} is empty (0 bytes).`, { ...base, totalLines: 0 });

    const offset = params.offset ?? 1;
    const limit = params.limit ?? READ_MAX_LINES;
    let bytes = 0;
    let hitByteLimit = false;
    const window = await readLineWindow(
      buffer === undefined ? target.absolute : [Buffer.from(buffer)],
      offset,
      Math.min(limit, READ_MAX_LINES),
      (line) => {
        bytes += Buffer.byteLength(cutLine(line, READ_MAX_LINE_CHARS)) + 8;
        hitByteLimit = bytes > READ_MAX_BYTES;
        return !hitByteLimit;
      },
      signal,
    );
    const total = window.totalLines;
    if (offset > total) {
      throw new ToolError(`offset ${offset} is past the end of ${shown}, which has ${total} line${total === 1 ? '' : 's'}`);
    }
    const last = offset + window.lines.length - 1;
    const body = window.lines.map((line, i) => numberLine(offset + i, cutLine(line, READ_MAX_LINE_CHARS))).join('\n');
    const truncated = last < total;
    const why = hitByteLimit ? ' (50 KB output limit)' : '';
    const footer = truncated ? `\n\n[lines ${offset}-${last} of ${total}${why}; use offset=${last + 1} to continue]` : '';
    return textResult(body + footer, { ...base, firstLine: offset, lastLine: last, totalLines: total, truncated });
  } catch (error) {
    throw await explainFsError(error, target, context.cwd);
  }
}
