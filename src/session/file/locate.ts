// Which session file a run continues: --continue, --resume <id-prefix>, --session <file>.
import { closeSync, existsSync, openSync, readSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../../config/errors.js';
import { expandHome } from '../../../tools/fs/paths.js';
import { textOf } from '../../ai/content.js';
import type { UserMessage } from '../../ai/types.js';
import { forkSession } from './fork.js';
import { readLines } from './line-reader.js';
import { listSessions, listSessionsIn, type SessionInfo } from './store.js';

export interface SessionChoice {
  /** null: do not save; undefined: a new file */
  file?: string | null;
  /** an existing file to continue */
  resumeFile?: string;
  /** `-r` without an id in the interactive mode: let the user pick one */
  pick?: boolean;
  /** a sentence for the user about the choice (`-c` with nothing to continue) */
  notice?: string;
}

export interface SessionFlags {
  continue?: boolean;
  resume?: string | boolean;
  session?: string | boolean;
  /** continue in a copy of the chosen session (-c, -r ID, --session FILE) */
  forkSession?: boolean;
}

function allSessions(home: string): SessionInfo[] {
  const root = join(home, 'sessions');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((slug) => listSessionsIn(join(root, slug)));
}

export function findSessionById(home: string, cwd: string, prefix: string): string {
  const here = listSessions(home, cwd).filter((s) => s.id.startsWith(prefix));
  const matches = here.length > 0 ? here : allSessions(home).filter((s) => s.id.startsWith(prefix));
  if (matches.length === 0) throw new UsageError(`no session with an id starting "${prefix}"; tack -c continues the latest one here`);
  if (matches.length > 1) {
    throw new UsageError(
      `"${prefix}" matches ${matches.length} sessions (${matches
        .slice(0, 5)
        .map((m) => m.id)
        .join(', ')}); give more of the id`,
    );
  }
  return matches[0].path;
}

export function chooseSession(flags: SessionFlags, home: string, cwd: string, interactive: boolean): SessionChoice {
  const choice = chooseFile(flags, home, cwd, interactive);
  if (!flags.forkSession) return choice;
  if (!choice.resumeFile) throw new UsageError('--fork-session needs a session to copy: -c, -r ID or --session FILE (an existing one)');
  return { resumeFile: forkSession(choice.resumeFile, home, cwd) };
}

function chooseFile(flags: SessionFlags, home: string, cwd: string, interactive: boolean): SessionChoice {
  if (flags.session === false) return { file: null };
  if (typeof flags.session === 'string') {
    const path = resolve(cwd, expandHome(flags.session));
    return existsSync(path) ? { resumeFile: path } : { file: path };
  }
  if (flags.continue) {
    const latest = listSessions(home, cwd)[0];
    // in the app a new conversation is what the user can have; a script is told, with exit 2
    if (!latest && interactive) return { notice: `no earlier session in ${cwd} to continue: this is a new one` };
    if (!latest) throw new UsageError(`no earlier session in ${cwd} to continue; start one without -c`);
    return { resumeFile: latest.path };
  }
  if (typeof flags.resume === 'string') return { resumeFile: findSessionById(home, cwd, flags.resume) };
  if (flags.resume === true && !interactive) {
    throw new UsageError('-r needs a session id in print mode (tack -r <id> -p "…"); tack -c continues the latest session');
  }
  return flags.resume === true ? { pick: true } : {};
}

/** What the session picker (`tack -r`, `/resume`) shows for one session. */
export interface SessionSummary extends SessionInfo {
  /** the first thing the user asked, on one line ('' when nothing was asked yet) */
  firstPrompt: string;
  /** user messages in the whole file, compacted ones included */
  turns: number;
}

// The writer puts `type` then `message` then `role` first, and JSON strings escape every quote and
// newline: this byte run starts a user message line and nothing else.
const USER_LINE = Buffer.from('\n{"type":"message","message":{"role":"user"');
const SCAN_CHUNK = 1024 * 1024;

function countUserLines(path: string): number {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(SCAN_CHUNK + USER_LINE.length);
    let kept = 0; // bytes carried over from the previous chunk: a match may straddle two reads
    let count = 0;
    for (;;) {
      const n = readSync(fd, buf, kept, SCAN_CHUNK, null);
      if (n === 0) return count;
      const end = kept + n;
      for (let at = buf.indexOf(USER_LINE); at !== -1 && at + USER_LINE.length <= end; at = buf.indexOf(USER_LINE, at + 1)) count++;
      kept = Math.min(USER_LINE.length - 1, end);
      buf.copy(buf, 0, end - kept, end);
    }
  } finally {
    closeSync(fd);
  }
}

function firstPrompt(path: string): string {
  for (const { bytes } of readLines(path)) {
    if (!bytes.subarray(0, USER_LINE.length - 1).equals(USER_LINE.subarray(1))) continue;
    try {
      const { message } = JSON.parse(bytes.toString('utf8')) as { message: UserMessage };
      const text = textOf(message.content, { separator: ' ', image: '[image]' });
      return text.replace(/\s+/g, ' ').trim();
    } catch {
      return '';
    }
  }
  return '';
}

/** The sessions of this directory for the picker, newest first; `except` (the open one) left out. */
export async function summarizeSessions(home: string, cwd: string, except?: string): Promise<SessionSummary[]> {
  const out: SessionSummary[] = [];
  for (const info of listSessions(home, cwd)) {
    if (info.id === except) continue;
    try {
      out.push({ ...info, firstPrompt: firstPrompt(info.path), turns: countUserLines(info.path) });
    } catch {
      continue; // removed or unreadable meanwhile: not offered
    }
    // One file at a time, so the app keeps drawing while a directory of big sessions is read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}
