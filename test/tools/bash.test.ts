import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace } from './helpers.js';

/** Live (non-zombie) processes whose command line contains `marker`. */
function processesWith(marker: string): string[] {
  return execFileSync('ps', ['-eo', 'pid=,stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker) && !/^\s*\d+\s+Z/.test(line));
}

/** A sleep duration no other process uses, to find this test's processes in the table. */
const marker = () => `${400 + Math.floor(Math.random() * 500)}.${Math.floor(Math.random() * 1e6)}`;

describe('bash', () => {
  it('runs in the workspace with stdout and stderr merged in order, ANSI stripped', async () => {
    const { cwd, run } = workspace();
    const { text, isError, details } = await run('bash', {
      command: 'pwd; echo out1; echo err1 >&2; echo out2; printf "\\033[1;31mred\\033[0m\\n"',
    });
    expect(isError).toBe(false);
    expect(text).toBe(`${cwd}\nout1\nerr1\nout2\nred`);
    expect(details).toMatchObject({ exitCode: 0, timedOut: false, aborted: false, truncated: false });
  });

  it('closes stdin and sets a quiet environment, so nothing waits for input', async () => {
    const { run } = workspace();
    const { text } = await run('bash', { command: 'read line; echo "got:$line"; cat; echo $TERM $PAGER $GIT_PAGER $GIT_TERMINAL_PROMPT' });
    expect(text).toBe('got:\ndumb cat cat 0');
  });

  it('reports a non-zero exit as an error with the code, keeping the output', async () => {
    const { run } = workspace();
    const { text, isError, details } = await run('bash', { command: 'echo "boom" >&2; exit 3' });
    expect(isError).toBe(true);
    expect(text).toBe('boom\n\n[exit code 3]');
    expect(details.exitCode).toBe(3);
  });

  it('shows a progress bar at its last state', async () => {
    const { run } = workspace();
    const { text } = await run('bash', { command: "printf '10%%\\r50%%\\r100%%\\ndone\\n'" });
    expect(text).toBe('100%\ndone');
  });

  it('returns at once when a background child keeps the output open', async () => {
    const { run } = workspace();
    const started = Date.now();
    const { text, isError } = await run('bash', { command: `sleep ${marker()} & echo $!` });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(isError).toBe(false);
    process.kill(Number(text.trim()));
  });

  it('kills the whole process group on timeout, even children that ignore SIGTERM', async () => {
    const { run } = workspace();
    const tag = marker();
    const started = Date.now();
    const { text, isError, details } = await run('bash', {
      command: `sleep ${tag} & bash -c "trap '' TERM; sleep ${tag}; :" & echo started; sleep ${tag}`,
      timeout: 1,
    });
    expect(isError).toBe(true);
    expect(text).toBe('started\n\n[timed out after 1 s; the command and its child processes were killed]');
    expect(details).toMatchObject({ timedOut: true, aborted: false, exitCode: null });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(processesWith(tag)).toEqual([]);
  });

  it('on timeout also kills what left the session (setsid, a set -m job), with the sandbox off (boundary)', async () => {
    const { run } = workspace();
    const tag = marker();
    const { isError, details } = await run('bash', {
      command: `setsid sleep ${tag} & (set -m; sleep ${tag} &) ; setsid bash -c "trap '' TERM; sleep ${tag}; :" & echo started; sleep ${tag}`,
      timeout: 1,
    });
    expect(isError).toBe(true);
    expect(details).toMatchObject({ timedOut: true });
    expect(processesWith(tag)).toEqual([]);
  });

  it('kills the whole process group on abort', async () => {
    const { run } = workspace();
    const tag = marker();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const { text, isError, details } = await run('bash', { command: `sleep ${tag} & sleep ${tag}` }, controller.signal);
    expect(isError).toBe(true);
    expect(text).toBe('[aborted; the command and its child processes were killed]');
    expect(details).toMatchObject({ aborted: true, timedOut: false });
    expect(processesWith(tag)).toEqual([]);
  });

  it('does not start when already aborted', async () => {
    const { run } = workspace();
    const controller = new AbortController();
    controller.abort();
    const { text, isError } = await run('bash', { command: 'touch started' }, controller.signal);
    expect(isError).toBe(true);
    expect(text).toBe('Aborted before the command started.');
  });

  it('streams partial output at most 4 times a second', async () => {
    const { tools } = workspace();
    const updates: string[] = [];
    const started = Date.now();
    await tools.byName.bash.execute('id', { command: 'for i in $(seq 1 30); do echo $i; sleep 0.03; done' }, undefined, (partial) =>
      updates.push((partial.content[0] as { text: string }).text),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 1);
    expect(updates[0]!.split('\n')[0]).toBe('1');
    expect(updates.at(-1)!.split('\n').length).toBeGreaterThan(updates[0]!.split('\n').length);
  });

  it('keeps the head and tail of huge output and spills all of it to a file', async () => {
    const { run } = workspace();
    const { text, details } = await run('bash', { command: 'seq 1 200000' });
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(lines.includes('100')).toBe(true);
    expect(lines.includes('101')).toBe(false);
    expect(lines.at(-1)).toBe('200000');
    expect(lines.at(-400)).toBe('199601');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(31 * 1024);
    expect(details.truncated).toBe(true);
    expect(text).toContain(`[… 199500 lines (1.2 MB) omitted; the full output (1.2 MB) is in ${details.fullOutputPath}`);
    const expected = Array.from({ length: 200000 }, (_, i) => `${i + 1}\n`).join('');
    expect(await readFile(details.fullOutputPath, 'utf8')).toBe(expected);
    await rm(details.fullOutputPath);
  });

  it('survives output that is not valid UTF-8, keeping the raw bytes in the spill file', async () => {
    const { run } = workspace();
    const small = await run('bash', { command: "printf 'ok \\377\\376 end\\n'" });
    expect(small).toMatchObject({ isError: false, text: 'ok \uFFFD\uFFFD end' });
    const big = await run('bash', { command: "for i in $(seq 1 3000); do printf 'bad \\377 你好\\n'; done" });
    expect(big.text.startsWith('bad \uFFFD 你好\n')).toBe(true);
    expect(big.text.endsWith('bad \uFFFD 你好')).toBe(true);
    const raw = await readFile(big.details.fullOutputPath);
    expect(raw.equals(Buffer.concat(Array.from({ length: 3000 }, () => Buffer.from([...Buffer.from('bad '), 0xff, ...Buffer.from(' 你好\n')]))))).toBe(true);
    await rm(big.details.fullOutputPath);
  });

  it('keeps multi-byte characters whole across chunk boundaries', async () => {
    const { run } = workspace();
    const { text } = await run('bash', { command: "yes '你好🎉' | head -n 20000" });
    expect(text).not.toContain('\uFFFD');
    expect(text.split('\n')[0]).toBe('你好🎉');
  });

  it('says when the workspace directory is gone', async () => {
    const { run } = workspace({ cwd: join('/nonexistent', 'tack') });
    const { text, isError } = await run('bash', { command: 'ls' });
    expect(isError).toBe(true);
    expect(text).toBe('the workspace directory /nonexistent/tack does not exist, so the command cannot run there');
  });
});
