// Which session file a run continues: --continue, --resume <id-prefix>, --session <file>.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../config/errors.js';
import { expandHome } from '../config/paths.js';
import { listSessions, listSessionsIn, type SessionInfo } from './store.js';

export interface SessionChoice {
  /** null: do not save; undefined: a new file */
  file?: string | null;
  /** an existing file to continue */
  resumeFile?: string;
}

export interface SessionFlags {
  continue?: boolean;
  resume?: string | boolean;
  session?: string | boolean;
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
    throw new UsageError(`"${prefix}" matches ${matches.length} sessions (${matches.slice(0, 5).map((m) => m.id).join(', ')}); give more of the id`);
  }
  return matches[0].path;
}

export function chooseSession(flags: SessionFlags, home: string, cwd: string, interactive: boolean): SessionChoice {
  if (flags.session === false) return { file: null };
  if (typeof flags.session === 'string') {
    const path = resolve(cwd, expandHome(flags.session));
    return existsSync(path) ? { resumeFile: path } : { file: path };
  }
  if (flags.continue) {
    const latest = listSessions(home, cwd)[0];
    if (!latest) throw new UsageError(`no earlier session in ${cwd} to continue; start one without -c`);
    return { resumeFile: latest.path };
  }
  if (typeof flags.resume === 'string') return { resumeFile: findSessionById(home, cwd, flags.resume) };
  if (flags.resume === true && !interactive) {
    throw new UsageError('-r needs a session id in print mode (tack -r <id> -p "…"); tack -c continues the latest session');
  }
  return {};
}
