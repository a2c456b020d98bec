// One writer per session file: `<file>.lock` holds the writer's pid and its host identity (see
// host-identity.ts). A lock is stale, and taken over, only when its pid is known to be gone: its
// process space is this one and no such process runs, or the same system has rebooted since. A lock
// from another host or container is never taken over: that tack may still be writing.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../../config/errors.js';
import { processAlive } from '../../../tools/process/pid.js';
import { type HostIdentity, hostIdentity, rebootedSince, samePidSpace } from './host-identity.js';

export interface SessionLock {
  release(): void;
}

interface Holder extends HostIdentity {
  pid: number;
}

/** A lock file's holder; a bare pid (as older tacks wrote) is taken to be of this process space. */
function parseHolder(text: string): Holder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { ...hostIdentity(), pid: Number(trimmed) };
  try {
    const h = JSON.parse(trimmed) as Partial<Holder>;
    if (!Number.isInteger(h.pid) || (h.pid ?? 0) <= 0) return undefined;
    const field = (v: unknown) => (typeof v === 'string' ? v : '');
    return { pid: h.pid!, host: field(h.host), machine: field(h.machine), boot: field(h.boot), pidns: field(h.pidns) };
  } catch {
    return undefined;
  }
}

/** Why `holder` still holds the lock, or undefined when it is stale. */
function holding(holder: Holder | undefined, file: string): string | undefined {
  if (!holder) return undefined; // unreadable: a torn write of a tack that died
  const here = hostIdentity();
  if (samePidSpace(holder, here)) {
    return holder.pid !== process.pid && processAlive(holder.pid)
      ? `the session ${file} is in use by another tack process (pid ${holder.pid}); close it first, or start a new session`
      : undefined;
  }
  if (rebootedSince(holder, here)) return undefined;
  const where = holder.host === here.host ? `another container or boot of ${holder.host}` : `host ${holder.host || 'unknown'}`;
  return `the session ${file} is in use by tack on ${where} (pid ${holder.pid} there); close it there, or, if it is no longer running, delete ${file}.lock`;
}

export function lockSession(file: string): SessionLock {
  const path = `${file}.lock`;
  const mine = JSON.stringify({ pid: process.pid, ...hostIdentity() });
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      const release = () => {
        try {
          if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return {
        release() {
          process.off('exit', release);
          release();
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue; // released meanwhile: try again
      }
      const held = holding(parseHolder(text), file);
      if (held) throw new UsageError(held, 1);
      try {
        unlinkSync(path); // stale: its process is gone
      } catch {
        // someone else took it over first; the next attempt will tell
      }
    }
  }
  throw new UsageError(`cannot lock the session ${file}; another tack process keeps taking it`, 1);
}
