// Failures a script author meets, end to end against the built CLI and the scripted server: each
// must be a clear sentence and the right exit code, never a silent success or raw server bytes.
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, projectWithSettings, runTack, spawnTack } from '../support/cli.js';
import type { MockServerOptions, RecordedRequest } from '../support/mock-openai-server.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const webServers: Server[] = [];
afterEach(async () => {
  await Promise.all(webServers.splice(0).map((w) => new Promise((done) => w.close(done))));
});

/** A stray web server that answers every request with 200 and this body: a login page, a proxy's notice. */
/** A server answering every request with `body`; `requests()` counts the model calls (POSTs), not the GETs of tack's slot probe. */
async function webServer(contentType: string, body: string): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const w = createServer((req, res) => {
    if (req.method === 'POST') requests++;
    req.resume();
    res.writeHead(200, { 'content-type': contentType });
    res.end(body);
  });
  webServers.push(w);
  await new Promise<void>((done) => w.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(w.address() as AddressInfo).port}`, requests: () => requests };
}

const scripted = scriptedServers();
const server = (o: MockServerOptions) => scripted(o.turns, o);

const project = projectWithSettings;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('usage errors are caught before any request', () => {
  it('-C to a missing directory exits 2 with a sentence, makes no request and saves no session', async () => {
    const s = await server({ turns: [{ text: 'hi' }] });
    const p = project();
    const r = await runTack(['-p', '-C', 'no-such-dir', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('tack: -C no-such-dir: there is no such directory\n');
    expect(s.chatRequests()).toHaveLength(0);
  });

  it('-C to a file is refused the same way', async () => {
    const s = await server({ turns: [{ text: 'hi' }] });
    const p = project();
    writeFileSync(join(p.dir, 'a.txt'), 'x');
    const r = await runTack(['-p', '-C', 'a.txt', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-C a.txt: that is a file, not a directory');
  });

  it('--base-url notaurl exits 2 at once, naming the flag', async () => {
    const p = project();
    const r = await runTack(['-p', '--base-url', 'notaurl', '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^tack: --base-url "notaurl" is not a server URL: give it with http:\/\/ or https:\/\//);
    expect(r.stderr).not.toMatch(/retry/);
  });

  it('a malformed baseUrl in a settings file exits 2, naming the file', async () => {
    const p = project({ baseUrl: 'localhost:8080/v1' });
    const r = await runTack(['-p', '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`"baseUrl" in ${join(p.home, 'config.json')} "localhost:8080/v1" is not a server URL`);
  });
});

describe('a 200 that is not a model response is an error', () => {
  it('an HTML page (a login page at the base URL) exits 1 with a sentence, after one request', async () => {
    const w = await webServer('text/html; charset=utf-8', '<!doctype html><html><body><form>Sign in</form></body></html>');
    const p = project();
    const r = await runTack(['-p', '--base-url', w.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`tack: the server at ${w.url} answered an HTML page, not a model response: is the base URL right? it usually ends in /v1\n`);
    expect(w.requests()).toBe(1);
  });

  it('json output says is_error with the same sentence', async () => {
    const w = await webServer('text/html', '<html>It works!</html>');
    const p = project();
    const r = await runTack(['-p', '--output-format', 'json', '--base-url', w.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout);
    expect(result.is_error).toBe(true);
    expect(JSON.stringify(result)).toContain('answered an HTML page, not a model response');
  });

  it('JSON that is no stream, and plain text, are named for what they are', async () => {
    const p = project();
    const json = await webServer('application/json', '{"status":"ok"}');
    const r = await runTack(['-p', '--base-url', json.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the server at ${json.url} answered JSON, not a model response`);
    const text = await webServer('text/plain', 'hello');
    const r2 = await runTack(['-p', '--base-url', text.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r2.code).toBe(1);
    expect(r2.stderr).toContain('answered a text/plain body, not a model response');
  });
});

describe('print mode tells the user what happens', () => {
  it('a 429 is counted as "retry 1 of 3" on stderr without --verbose, and the run goes on', async () => {
    const s = await server({ turns: [{ status: 429, headers: { 'retry-after-ms': '10' } }, { text: 'done' }] });
    const p = project();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('done\n');
    expect(r.stderr).toMatch(/^tack: rate limited \(429\); retrying in \d+\.\d s \(retry 1 of 3\)\n$/);
  });

  it('a server gone silent: the idle timeout is told on stderr as a retry, and the run goes on', async () => {
    const s = await server({ turns: [{ hang: true, afterText: 'Hel' }, { text: 'Hello' }] });
    const p = project({ timeouts: { idleSeconds: 1 } });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Hello\n');
    expect(r.stderr).toMatch(/^tack: no answer for 1(\.0)? s; retrying in \d+\.\d s \(retry 1 of 3\)\n$/);
  });

  it('json output carries retries as events only: stderr stays empty', async () => {
    const s = await server({ turns: [{ status: 429, headers: { 'retry-after-ms': '10' } }, { text: 'done' }] });
    const p = project();
    const r = await runTack(['-p', '--output-format', 'json', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('10 MB piped in: stderr says it was cut at 1 MB, and stdinLimitMB moves the cap', async () => {
    const big = 'x'.repeat(10 * 1048576);
    const s = await server({ forever: { text: 'ok' } });
    const p = project();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'summarize'], { cwd: p.dir, home: p.home, input: big });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('tack: the piped input is 10 MB; only its first 1 MB goes to the model (the setting "stdinLimitMB" raises the cap)');
    const sent = JSON.stringify(s.chatRequests()[0]!.body.messages);
    expect(sent).toContain('[input cut at 1 MB of 10.0 MB]');

    writeFileSync(join(p.home, 'config.json'), JSON.stringify({ stdinLimitMB: 12 }));
    const r2 = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'summarize'], { cwd: p.dir, home: p.home, input: big });
    expect(r2.code).toBe(0);
    expect(r2.stderr).toBe('');
    expect(JSON.stringify(s.chatRequests()[1]!.body.messages)).not.toContain('[input cut');
  });
});

describe('nothing a server sends reaches the terminal raw', () => {
  const hostile = 'bad\u0000 key\u001b]0;owned\u0007 here\u001b[2J\u009b31m end';

  it('an error body with NUL, OSC and CSI bytes is cleaned before stderr', async () => {
    const s = await server({ turns: [{ status: 400, body: { error: { message: hostile, type: 'invalid_request_error' } } }] });
    const p = project();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bad key here');
    expect(r.stderr).toContain('end');
    expect(r.stderr.replace(/\n/g, '')).not.toMatch(CONTROL);
  });

  it('a plain-text error body is cleaned and cut to a readable length', async () => {
    const s = await server({ turns: [{ status: 400, body: `${hostile} ${'y'.repeat(20000)}` }] });
    const p = project();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(1);
    expect(r.stderr.replace(/\n/g, '')).not.toMatch(CONTROL);
    expect(r.stderr.length).toBeLessThan(2200);
  });

  it("a tool's output shown with --verbose is cleaned too", async () => {
    const s = await server({
      turns: [{ toolCalls: [{ name: 'bash', arguments: { command: "printf 'x\\033]52;c;AAAA\\007y\\000z'; exit 3" } }] }, { text: 'done' }],
    });
    const p = project();
    const r = await runTack(['-p', '--verbose', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.stderr).toContain('→ ');
    expect(r.stderr.replace(/\n/g, '')).not.toMatch(CONTROL);
  });
});

describe('nothing fills the disk', () => {
  it('200 MB of bash output: the model reads the capped file (head and tail), and it is gone when tack exits', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'tack-tmpdir-'));
    let told = '';
    let read = '';
    const s = await server({
      turns: [
        { toolCalls: [{ name: 'bash', arguments: { command: 'yes | head -c 200000000; echo END' } }] },
        (request: RecordedRequest) => {
          told = toolResultText(request);
          const path = /is in (\S+), without/.exec(told)?.[1] ?? 'no-path-named';
          return { toolCalls: [{ name: 'read', arguments: { path, offset: 4194300, limit: 10 } }] };
        },
        (request: RecordedRequest) => {
          read = toolResultText(request).slice(told.length);
          return { text: 'done' };
        },
      ],
    });
    const p = project();
    const r = await runTack(['-p', '--sandbox', 'off', '--base-url', s.url, '-m', 'm', 'run it'], { cwd: p.dir, home: p.home, env: { TMPDIR: tmp } });
    expect(r.code).toBe(0);
    expect(told).toMatch(/the output \(191 MB\) is in \S+tack-output-\d+-\w+\/bash-[\w-]+\.log, without 175 MB of its middle/);
    expect(told.trimEnd().endsWith('y\nEND')).toBe(true);
    // the read is allowed (tack's own file, even in print mode) and lands on the marker between head and tail
    expect(read).toContain('of output dropped here: this file keeps the first 8.0 MB and the last 8.0 MB');
    expect(readdirSync(tmp)).toEqual([]);
  });
});

/** Whether a process runs (a zombie runs nothing). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (check()) return true;
  return check();
}

describe.skipIf(!existsSync('/proc/self/stat'))('kill -9 of tack', () => {
  it('with the sandbox off, ends the running command, its children and a setsid stray', { timeout: 45_000 }, async () => {
    const command = 'sleep 300 & echo $! > child.pid; setsid sleep 301 & echo $! > stray.pid; echo $$ > shell.pid; wait';
    const s = await server({ turns: [{ toolCalls: [{ name: 'bash', arguments: { command } }] }], forever: { text: 'done' } });
    const p = project();
    const child = spawnTack(['-p', '--sandbox', 'off', '--base-url', s.url, '-m', 'm', 'run it'], { cwd: p.dir, home: p.home });
    const ended = collect(child);
    const pidFiles = ['shell.pid', 'child.pid', 'stray.pid'].map((f) => join(p.dir, f));
    const written = () => pidFiles.every((f) => existsSync(f) && /^\d+\n$/.test(readFileSync(f, 'utf8')));
    expect(await until(written, 15_000)).toBe(true);
    const pids = pidFiles.map((f) => Number(readFileSync(f, 'utf8')));
    try {
      expect(pids.every(running)).toBe(true);
      child.kill('SIGKILL');
      await ended;
      expect(await until(() => !pids.some(running), 20_000)).toBe(true);
    } finally {
      for (const pid of pids) if (running(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
