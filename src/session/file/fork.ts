// --fork-session: a continued session goes on in a copy, so a rewind there leaves the original alone.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chainHead, checkpointDir } from '../../checkpoints/store-paths.js';
import { UsageError } from '../../config/errors.js';
import type { SessionHeader } from './entries.js';
import { sessionsDir } from '../../config/paths.js';
import { sessionFileName } from './store.js';

/**
 * Copies the session file under a new id (the header says which it came from) and starts the
 * copy's checkpoint chain where the original's is, so pruning one keeps the other's files.
 * Returns the copy's path.
 */
export function forkSession(file: string, home: string, cwd: string): string {
  const text = readFileSync(file, 'utf8');
  const nl = text.indexOf('\n');
  let header: SessionHeader;
  try {
    header = JSON.parse(nl < 0 ? text : text.slice(0, nl)) as SessionHeader;
  } catch {
    throw new UsageError(`${file} is not a tack session file (no header line)`);
  }
  if (header.type !== 'session') throw new UsageError(`${file} is not a tack session file (no header line)`);
  const id = randomUUID();
  const copy = join(sessionsDir(home, cwd), sessionFileName(new Date(), id));
  mkdirSync(sessionsDir(home, cwd), { recursive: true });
  const forked: SessionHeader = { ...header, id, created: new Date().toISOString(), forkedFrom: header.id };
  writeFileSync(copy, `${JSON.stringify(forked)}\n${nl < 0 ? '' : text.slice(nl + 1)}`, { mode: 0o600 });
  const gitDir = join(checkpointDir(home, header.cwd), 'git');
  const head = chainHead(gitDir, `refs/tack/${header.id}`);
  if (head) {
    mkdirSync(join(gitDir, 'refs', 'tack'), { recursive: true });
    writeFileSync(join(gitDir, 'refs', 'tack', id), `${head}\n`);
  }
  return copy;
}
