// The last of a command's output after it exited, on a machine too busy to read its pipes in time:
// the event loop is held past the drain's cap while the command prints its last line and exits; that
// line is read before the drain says the output is over.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { outputDrained } from '../../tools/shell/spawn.js';
import { tempDir } from './helpers.js';

/** Holds the event loop (as a starved process is held) until `ready()` and at least `ms` have passed. */
function holdLoop(ms: number, ready: () => boolean): void {
  const end = Date.now() + ms;
  while (Date.now() < end || !ready()) {
    // busy: nothing else of this process runs
  }
}

/** A command that prints its last line and exits; the line as far as it was read once the output was called over. */
function lastLine(dir: string, writersGone: boolean) {
  const marker = join(dir, `printed-${writersGone}`);
  const child = spawn('sh', ['-c', `echo the-last-line; touch ${marker}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { printed: () => existsSync(marker), read: outputDrained(child, writersGone).then(() => output) };
}

it('a starved loop still reads the line printed before the exit, with the writers gone or not', async () => {
  const dir = tempDir();
  const runs = [lastLine(dir, true), lastLine(dir, false)];
  // past the cap (2 s), each line waiting in its pipe, unread
  holdLoop(2_500, () => runs.every((r) => r.printed()));
  expect(await Promise.all(runs.map((r) => r.read))).toEqual(['the-last-line\n', 'the-last-line\n']);
});
