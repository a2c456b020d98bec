// One writer per session file: `<file>.lock` holds the writer's pid; a lock whose process is gone is taken over.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../../config/errors.js';
import { processAlive } from '../../../tools/process/pid.js';

export interface SessionLock {
  release(): void;
}

export function lockSession(file: string): SessionLock {
  const path = `${file}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path);
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
      let holder = NaN;
      try {
        holder = Number(readFileSync(path, 'utf8').trim());
      } catch {
        continue; // released meanwhile: try again
      }
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
        throw new UsageError(`the session ${file} is in use by another tack process (pid ${holder}); close it first, or start a new session`, 1);
      }
      try {
        unlinkSync(path); // stale: its process is gone
      } catch {
        // someone else took it over first; the next attempt will tell
      }
    }
  }
  throw new UsageError(`cannot lock the session ${file}; another tack process keeps taking it`, 1);
}
