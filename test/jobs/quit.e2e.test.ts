// Quitting with a background job running, as a user meets it: the app asks (stop, keep running after
// tack, stay), a kept job really goes on after tack has exited (its output in the file tack named, its
// group ended by the command tack printed), and print mode names the jobs it stopped.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps } from '../interactive/harness.js';
import { hasTmux } from '../interactive/tmux.js';
import { scriptedServers } from '../support/scripted.js';
import { printRun, sandboxModes, until, withMarker } from './support.js';

afterEach(stopApps);
const server = scriptedServers();
const run = hasTmux() ? describe : describe.skip;

/** A job that says it is up, then prints a numbered line every 100 ms; its command line holds `marker`. */
const ticking = (marker: string) => `exec -a ${marker} bash -c 'echo up; i=0; while true; do i=$((i+1)); echo "tick $i"; sleep 0.1; done'`;

run('quitting the app with a background job running', () => {
  for (const sandbox of sandboxModes)
    it(`asks; "keep" leaves it running after tack, logging where tack said, until the printed kill (sandbox ${sandbox})`, async () => {
      const marker = `tackkeep${sandbox}${process.pid}`;
      const { term } = await startApp(
        [{ toolCalls: [{ name: 'bash', arguments: { command: ticking(marker), run_in_background: true, wait_for: 'up' } }] }, { text: 'It runs.' }],
        { args: ['--yolo', '--sandbox', sandbox] },
      );
      term.type('start it');
      term.keys('Enter');
      const ended = await term.waitFor('It runs.', 20_000);
      expect(await term.waitFor('1 job still running', 5_000, 'the end-of-turn line')).toMatch(/done in .* · 1 job still running/);
      expect(ended).toBeTruthy();

      // Esc stays: nothing is stopped
      term.type('/quit');
      term.keys('Enter');
      const asked = await term.waitFor('Keep it running after tack, and quit', 10_000, 'the quit question');
      expect(asked).toContain('1 background job is still running');
      expect(asked).toContain('Stop it and quit (s)');
      expect(asked).toContain('Stay (Esc)');
      term.keys('Escape');
      await term.waitFor((screen) => !screen.includes('Keep it running after tack'), 10_000, 'the question closed');
      expect(withMarker(marker).length).toBeGreaterThan(0);

      term.type('/quit');
      term.keys('Enter');
      await term.waitFor('Keep it running after tack, and quit', 10_000, 'the quit question again');
      term.type('k');
      const after = await term.waitFor('EXIT:0', 20_000, 'tack to exit');
      const text = term.history(true);
      expect(text).toMatch(/job 1 \(exec -a .*\) keeps running after tack/);
      const log = /its output goes to (\S+)/.exec(text)?.[1];
      const group = /to stop it: kill -- -(\d+)/.exec(text)?.[1];
      expect(log, after).toBeDefined();
      expect(group).toBeDefined();

      // tack has exited; the job goes on, and its lines reach the file
      expect(withMarker(marker).length).toBeGreaterThan(0);
      const ticks = () => [...readFileSync(log!, 'utf8').matchAll(/tick (\d+)/g)].map((m) => Number(m[1]));
      expect(readFileSync(log!, 'utf8')).toMatch(/^up\n/);
      const before = Math.max(...ticks());
      const deadline = Date.now() + 15_000;
      while (Math.max(...ticks()) < before + 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(Math.max(...ticks())).toBeGreaterThanOrEqual(before + 5);

      // the command tack printed ends it, and what kept its output goes too
      process.kill(-Number(group), 'SIGTERM');
      expect(await until(marker, (n) => n === 0)).toBe(0);
      expect(existsSync(log!)).toBe(true);
    }, 90_000);

  it('Ctrl+C twice asks too; "stop" ends the job and says so', async () => {
    const marker = `tackstop${process.pid}`;
    const { term } = await startApp(
      [{ toolCalls: [{ name: 'bash', arguments: { command: ticking(marker), run_in_background: true, wait_for: 'up' } }] }, { text: 'It runs.' }],
      { args: ['--yolo'] },
    );
    term.type('start it');
    term.keys('Enter');
    await term.waitFor('It runs.', 20_000);
    term.keys('C-c');
    await term.waitFor('press Ctrl+C again to quit', 5_000);
    term.keys('C-c');
    await term.waitFor('Keep it running after tack, and quit', 10_000, 'the quit question');
    term.type('s');
    await term.waitFor('EXIT:0', 20_000, 'tack to exit');
    expect(term.history(true)).toMatch(/stopped job 1 \(exec -a .*\), which was still running/);
    expect(await until(marker, (n) => n === 0)).toBe(0);
  }, 60_000);
});

describe('print mode with a job left running', () => {
  it('stops it at exit and names it in one line on stderr', async () => {
    const marker = `tackprint${process.pid}`;
    const s = await server([
      { toolCalls: [{ name: 'bash', arguments: { command: ticking(marker), run_in_background: true, wait_for: 'up' } }] },
      { text: 'Started.' },
    ]);
    const r = await printRun(s.url, 'off');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Started.');
    const lines = r.stderr.split('\n').filter((l) => l.includes('stopped job'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^tack: stopped job 1 \(exec -a tackprint\d+ bash -c .*\), which was still running$/);
    expect(await until(marker, (n) => n === 0)).toBe(0);
  }, 60_000);
});
