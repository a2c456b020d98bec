// A session lock on shared storage: a lock written in another container or on another host is
// never taken over because its pid is not alive here; a lock of this process space whose process is
// gone, or of this same system before a reboot, is.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { UsageError } from '../../src/config/errors.js';
import { hostIdentity } from '../../src/session/file/host-identity.js';
import { lockSession } from '../../src/session/file/lock.js';

/** A pid no process has here: a high one, checked. */
function deadPid(): number {
  for (let pid = 4_000_000; ; pid--) {
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
}

const sessionFile = () => join(mkdtempSync(join(tmpdir(), 'tack-lock-')), 's.jsonl');
const holdLock = (file: string, holder: object) => writeFileSync(`${file}.lock`, JSON.stringify({ pid: deadPid(), ...holder }));

it('the lock names the host, its boot and its process space beside the pid', () => {
  const file = sessionFile();
  const lock = lockSession(file);
  const written = JSON.parse(readFileSync(`${file}.lock`, 'utf8'));
  expect(written).toEqual({ pid: process.pid, ...hostIdentity() });
  expect(written.host).not.toBe('');
  lock.release();
});

it('a lock from another host is kept though its pid runs nowhere here, and the error says how to clear it', () => {
  const file = sessionFile();
  holdLock(file, { ...hostIdentity(), host: 'runner-7', boot: 'another-boot' });
  expect(() => lockSession(file)).toThrow(UsageError);
  expect(() => lockSession(file)).toThrow(`in use by tack on host runner-7`);
  expect(() => lockSession(file)).toThrow(`delete ${file}.lock`);
  expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).host).toBe('runner-7');
});

it('a lock from another container on this kernel (same host name, another pid namespace) is kept', () => {
  const file = sessionFile();
  holdLock(file, { ...hostIdentity(), pidns: 'pid:[1]' });
  expect(() => lockSession(file)).toThrow(`another container or boot of ${hostIdentity().host}`);
});

it('a lock of this process space whose process is gone is taken over', () => {
  const file = sessionFile();
  holdLock(file, hostIdentity());
  lockSession(file).release();
});

it.runIf(hostIdentity().machine !== '' && hostIdentity().boot !== '')('a lock written by this same system before a reboot is taken over', () => {
  const file = sessionFile();
  holdLock(file, { ...hostIdentity(), boot: 'the-boot-before', pidns: 'pid:[1]' });
  lockSession(file).release();
});

it('a torn lock file (a tack that died while writing it) holds nothing', () => {
  const file = sessionFile();
  writeFileSync(`${file}.lock`, '{"pid":12');
  lockSession(file).release();
});
