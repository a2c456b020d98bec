// grep's own engine, used when ripgrep is not on PATH (or not wanted): the same filters and output as rg's, files
// read in bounded chunks, and the event loop given back often so a large tree never freezes the app.
import { closeSync, openSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { ToolError } from '../errors.js';
import { ALWAYS_IGNORED, anchorGlob } from '../fs/glob-pattern.js';
import { comparePaths, matchesPerFile, type FileHits, type SearchOutcome, type SearchQuery, type Withheld } from './format.js';
import { requiredLiteral } from './regex-literal.js';
import { walkFiles } from '../fs/walk.js';

/** Files smaller than this are read whole, at once; bigger ones in line-aligned chunks of CHUNK_BYTES. */
const SMALL_FILE_BYTES = 1024 * 1024;
const CHUNK_BYTES = 8 * 1024 * 1024;
const YIELD_EVERY_MS = 15;

interface Matcher {
  /** finds candidate lines across a whole chunk */
  chunk: RegExp;
  /** confirms one line, so a match never spans lines (as in rg) */
  line: RegExp;
  /** bytes every matching file must contain, when the pattern is a plain string */
  required?: Buffer;
}

function compile(query: SearchQuery): Matcher {
  const source = query.literal ? query.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : query.pattern;
  const flags = query.ignoreCase ? 'i' : '';
  const build = (extra: string) => ({ chunk: new RegExp(source, `gm${extra}${flags}`), line: new RegExp(source, `${extra}${flags}`) });
  let matcher: Matcher;
  try {
    matcher = build('u');
  } catch {
    // some patterns rg accepts are only valid without the `u` flag (e.g. `\-` outside a class)
    try {
      matcher = build('');
    } catch (error) {
      throw new ToolError(`invalid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`);
    }
  }
  const required = query.ignoreCase ? undefined : query.literal ? query.pattern : requiredLiteral(query.pattern);
  if (required) matcher.required = Buffer.from(required);
  return matcher;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** Adds the matching lines of one chunk (whole lines, first one numbered `firstLine`) to `hits`. */
function searchText(text: string, firstLine: number, matcher: Matcher, hits: FileHits, cap: number): void {
  const { chunk, line } = matcher;
  chunk.lastIndex = 0;
  let lineNumber = firstLine;
  let counted = 0;
  for (let found = chunk.exec(text); found !== null && hits.matches.length < cap; found = chunk.exec(text)) {
    const start = found.index === 0 ? 0 : text.lastIndexOf('\n', found.index - 1) + 1;
    if (start >= text.length) break;
    const newline = text.indexOf('\n', found.index);
    const end = newline === -1 ? text.length : newline;
    lineNumber += countNewlines(text, counted, start);
    counted = start;
    const candidate = text.slice(start, end);
    if (line.test(candidate)) {
      hits.matches.push(lineNumber);
      hits.lines.set(lineNumber, candidate);
    }
    if (newline === -1) break;
    chunk.lastIndex = newline + 1;
  }
}

/** Lines within `context` of a match, from a chunk. */
function addContext(text: string, firstLine: number, hits: FileHits, context: number): void {
  const wanted = new Set<number>();
  for (const match of hits.matches) for (let n = match - context; n <= match + context; n++) wanted.add(n);
  const lastLine = firstLine + countNewlines(text, 0, text.length);
  let start = 0;
  for (let n = firstLine; n <= lastLine && start <= text.length; n++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (wanted.has(n) && !hits.lines.has(n) && (newline !== -1 || end > start)) hits.lines.set(n, text.slice(start, end));
    if (newline === -1) break;
    start = newline + 1;
  }
}

/** A big file in pieces that end at a line break, each with the number of its first line. */
async function* lineChunks(handle: FileHandle): AsyncGenerator<{ bytes: Buffer; firstLine: number }> {
  let carry = Buffer.alloc(0);
  let firstLine = 1;
  let position = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
    position += bytesRead;
    const data = Buffer.concat([carry, buffer.subarray(0, bytesRead)]);
    if (bytesRead === 0) {
      if (data.length > 0) yield { bytes: data, firstLine };
      return;
    }
    const cut = data.lastIndexOf(10) + 1;
    if (cut === 0) {
      carry = data;
      continue;
    }
    const bytes = data.subarray(0, cut);
    carry = data.subarray(cut);
    yield { bytes, firstLine };
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) firstLine++;
  }
}

/** Reused for every small file: reading into one buffer avoids an allocation and an fstat per file. */
const scratch = Buffer.allocUnsafe(SMALL_FILE_BYTES);

/**
 * Searches a file that fits the scratch buffer, synchronously: for thousands of small files this is
 * several times faster than going through the thread pool. Returns undefined for files too big for it.
 */
function searchSmallFile(path: string, matcher: Matcher, query: SearchQuery): FileHits | 'big' | undefined {
  let length: number;
  try {
    const fd = openSync(path, 'r');
    try {
      length = readSync(fd, scratch, 0, scratch.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  if (length === scratch.length) return 'big';
  const bytes = scratch.subarray(0, length);
  // a NUL byte marks a binary file, skipped as rg does
  if (bytes.includes(0) || (matcher.required && !bytes.includes(matcher.required))) return undefined;
  const hits: FileHits = { path, matches: [], lines: new Map() };
  const text = bytes.toString('utf8');
  searchText(text, 1, matcher, hits, matchesPerFile(query));
  if (query.context > 0 && hits.matches.length > 0) addContext(text, 1, hits, query.context);
  return hits;
}

/** A big file, read in line-aligned chunks so memory stays bounded. */
async function searchBigFile(path: string, matcher: Matcher, query: SearchQuery): Promise<FileHits | undefined> {
  const hits: FileHits = { path, matches: [], lines: new Map() };
  const cap = matchesPerFile(query);
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    for await (const { bytes, firstLine } of lineChunks(handle)) {
      // rg stops at the first NUL byte too, keeping what it found before
      if (bytes.includes(0) || hits.matches.length >= cap) break;
      if (matcher.required && !bytes.includes(matcher.required)) continue;
      searchText(bytes.toString('utf8'), firstLine, matcher, hits, cap);
    }
    if (query.context > 0 && hits.matches.length > 0) {
      for await (const { bytes, firstLine } of lineChunks(handle)) {
        if (firstLine > hits.matches[hits.matches.length - 1]! + query.context) break;
        addContext(bytes.toString('utf8'), firstLine, hits, query.context);
      }
    }
    return hits;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

const SKIPPED_DIRECTORIES = ['.git', 'node_modules'];

/** The files to search, in path order: .gitignore'd ones left out, then narrowed by `glob` via globby. */
async function listFiles(query: SearchQuery): Promise<string[]> {
  if (query.rootIsFile) return [query.root];
  const skip = new Set(SKIPPED_DIRECTORIES.filter((name) => name !== 'node_modules' || !query.includeNodeModules));
  const files = await walkFiles(query.root, { skip });
  if (query.glob) {
    const negated = query.glob.startsWith('!');
    const glob = anchorGlob(negated ? query.glob.slice(1) : query.glob, query.root);
    const { globby } = await import('globby');
    const selected = new Set(
      await globby(negated ? ['**', `!${glob}`] : [glob], {
        cwd: query.root,
        absolute: true,
        dot: true,
        followSymbolicLinks: false,
        suppressErrors: true,
        ignore: ALWAYS_IGNORED,
      }),
    );
    return files.filter((file) => selected.has(file)).sort(comparePaths);
  }
  return files.sort(comparePaths);
}

/**
 * The engine for machines without rg: files not ignored by .gitignore, scanned in path order until
 * more than `limit` matches are found. Files without the pattern's required text are skipped by a byte
 * search before any decoding.
 */
export async function searchBuiltin(query: SearchQuery): Promise<SearchOutcome> {
  const matcher = compile(query);
  const files = await listFiles(query);
  const found: FileHits[] = [];
  const withheld: Withheld[] = [];
  let total = 0;
  let sliceStarted = Date.now();
  for (const path of files) {
    if (total > query.limit) break;
    // the scan is synchronous per file: let the event loop (the UI, an abort) in every few milliseconds
    if (Date.now() - sliceStarted > YIELD_EVERY_MS) {
      await new Promise((resume) => setImmediate(resume));
      sliceStarted = Date.now();
    }
    if (query.signal?.aborted) throw new ToolError('the search was aborted');
    const small = searchSmallFile(path, matcher, query);
    const hits = small === 'big' ? await searchBigFile(path, matcher, query) : small;
    if (!hits || hits.matches.length === 0) continue;
    const why = query.secret?.(path);
    if (why) {
      withheld.push({ path, matches: hits.matches.length, why });
      continue;
    }
    found.push(hits);
    total += hits.matches.length;
  }
  return { files: found, withheld };
}
