// Background jobs the user keeps running after tack, chosen when quitting. A job's processes are
// spared by tack's exit and its reaper (bash/spawn.ts `outlive`; jobs never run under bwrap's
// --die-with-parent), and its output pipes go to one small relay process of their own, which
// appends each job's output to a log file (renamed to `.1` and begun again past LOG_CAP, so a
// chatty server cannot fill the disk) and exits when every job's pipes have closed. The sandbox's
// private /tmp becomes the relay's, so no tack removes it while a kept job may use it.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatSize } from '../format.js';
import { handTempDir } from '../process/own-temp.js';
import type { Readable } from 'node:stream';
import type { Job } from './job.js';

/** A kept job's log is begun again (the old one kept as `.1`) past this size. */
export const LOG_CAP = 8 * 1024 * 1024;

export interface KeptJob {
  id: number;
  command: string;
  /** its process group: `kill -- -pid` ends it */
  pid: number;
  /** where its output goes from now on, after what tack had of it */
  log: string;
}

/**
 * The relay, run by `node -e` with its arguments as JSON: each job's log file and the fds its
 * output pipes are in the relay (3, 4, …), and the cap. Only node's own modules: it is not tack.
 */
const RELAY = `
const fs = require('node:fs');
const net = require('node:net');
const [jobs, cap] = JSON.parse(process.argv[1]);
jobs.forEach(([file, fds]) => {
  let fd = fs.openSync(file, 'a', 0o600);
  let size = fs.fstatSync(fd).size;
  for (const n of fds) {
    const input = new net.Socket({ fd: n, readable: true, writable: false });
    input.on('data', (chunk) => {
      if (size + chunk.length > cap) {
        fs.closeSync(fd);
        fs.renameSync(file, file + '.1');
        fd = fs.openSync(file, 'a', 0o600);
        size = 0;
      }
      fs.writeSync(fd, chunk);
      size += chunk.length;
    });
    input.on('error', () => {});
  }
});
`;

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/**
 * Keeps every running job of `jobs` running after tack, each logging to a file in `dir`; returns them,
 * or the sentence saying why they could not be kept (then they are stopped with tack, as before).
 */
export async function keepJobs(jobs: readonly Job[], dir: string): Promise<KeptJob[] | string> {
  const running = jobs.filter((job) => job.state === 'running' && job.pid !== undefined);
  if (running.length === 0) return [];
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    return `could not make ${dir} for their output: ${(error as Error).message}`;
  }
  const kept: KeptJob[] = [];
  const handedOver: Job[] = [];
  /** the relay's fds from 3 on, and each job's */
  const pipes: Readable[] = [];
  const fds: number[][] = [];
  const at = stamp(new Date());
  for (const job of running) {
    const pid = job.pid!;
    const handed = job.handOver();
    if (!handed) continue;
    const log = join(dir, `${at}-${process.pid}-job-${job.id}.log`);
    // what tack had of its output, then what comes after
    const { bytes, dropped } = job.log.readFrom(0);
    const note = dropped > 0 ? `[tack: ${formatSize(dropped)} of the middle of this output were not kept]\n` : '';
    writeFileSync(log, Buffer.concat([Buffer.from(note), bytes]), { mode: 0o600 });
    kept.push({ id: job.id, command: job.command, pid, log });
    handedOver.push(job);
    // a pipe its shell closed already (`exec 2>&1` closes stderr's) has nothing to hand over
    const open = handed.filter((pipe) => !pipe.destroyed && !pipe.readableEnded);
    fds.push(open.map((_, i) => 3 + pipes.length + i));
    pipes.push(...open);
  }
  const args = JSON.stringify([kept.map((k, i) => [k.log, fds[i]]), LOG_CAP]);
  let relay: ReturnType<typeof spawn> | undefined;
  try {
    relay = spawn(process.execPath, ['-e', RELAY, args], { stdio: ['ignore', 'ignore', 'ignore', ...pipes], detached: true });
    relay.on('error', () => {});
    relay.unref();
  } catch {
    // below: no relay
  }
  // the relay holds them now; tack's own ends close
  for (const pipe of pipes) pipe.destroy();
  if (relay?.pid === undefined) {
    await Promise.all(handedOver.map((job) => job.stop()));
    return 'could not start the process that keeps their output';
  }
  handTempDir('sandbox', relay.pid);
  return kept;
}
