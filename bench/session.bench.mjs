// Resuming a big session: 20,000 messages (~50 MB) with compactions in it. Measures `tack -c -p`
// from launch to its first request at the scripted server, and the interactive `tack -c` in a
// 120x40 terminal (tmux) from launch to the first screen showing the conversation; peak memory of both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync, closeSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MESSAGES = 20_000;
const bin = fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'tack-bench-session-'));
const cwd = join(home, 'project');
mkdirSync(cwd);
const slug = cwd.replace(/[^A-Za-z0-9._-]/g, '-');
const dir = join(home, 'sessions', slug);
mkdirSync(dir, { recursive: true });
const file = join(dir, `2026-01-01T00-00-00-000Z_bench0000-0000-0000-0000-000000000000.jsonl`);

// A realistic mix: user turns, assistant tool calls, ~2.5 KB tool results; a compaction every 4,000 messages.
const fd = openSync(file, 'w');
const line = (v) => writeSync(fd, JSON.stringify(v) + '\n');
line({
  type: 'session',
  version: 1,
  id: 'bench0000-0000-0000-0000-000000000000',
  created: new Date().toISOString(),
  cwd,
  model: 'mock-model',
  tack_version: '0',
});
const usage = { input: 1000, output: 50, cacheRead: 0, totalTokens: 1050, cost: null };
const body = 'const value = compute(input); // a line of source code in the file\n'.repeat(105);
let recent = [];
for (let i = 0; i < MESSAGES; i++) {
  const n = Math.floor(i / 3);
  let message;
  if (i % 3 === 0) message = { role: 'user', content: `step ${n}: keep going with the refactor`, timestamp: i };
  else if (i % 3 === 1)
    message = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading the next file.' },
        { type: 'toolCall', id: `call_${n}`, name: 'read', arguments: { path: `src/file${n}.ts` } },
      ],
      provider: 'p',
      model: 'mock-model',
      usage,
      stopReason: 'toolUse',
      timestamp: i,
    };
  else message = { role: 'toolResult', toolCallId: `call_${n}`, toolName: 'read', content: [{ type: 'text', text: body }], isError: false, timestamp: i };
  line({ type: 'message', message });
  recent.push(message);
  if (recent.length > 30) recent.shift();
  if (i % 4000 === 3999)
    line({
      type: 'compaction',
      summary: `Summary after ${i + 1} messages.`,
      tokensBefore: 120000,
      messagesSummarized: 3970,
      kept: recent.slice(-30).filter((m, k, a) => !(k === 0 && m.role === 'toolResult')),
      timestamp: i,
    });
}
closeSync(fd);
console.log(`session file: ${MESSAGES} messages, ${(statSync(file).size / 1048576).toFixed(1)} MB`);

const server = await startMockServer({ models: ['mock-model'] });
server.push(...Array.from({ length: RUNS }, () => ({ text: 'ok' })));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const firstRequest = [];
const peaks = [];
for (let r = 0; r < RUNS; r++) {
  const before = server.chatRequests().length;
  const t = performance.now();
  let seen;
  const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, bin, '-c', '-p', '--base-url', server.url, '-m', 'mock-model', 'continue'], {
    cwd,
    env: { PATH: process.env.PATH, HOME: home, TACK_HOME: home },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const poll = setInterval(() => {
    if (seen === undefined && server.chatRequests().length > before) seen = performance.now() - t;
  }, 2);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const status = await new Promise((res) => child.on('close', res));
  clearInterval(poll);
  if (status !== 0) throw new Error(`run failed: ${stderr}`);
  firstRequest.push(seen);
  peaks.push(Number(stderr.trim().split('\n').at(-1)) / 1024);
}
console.log(`tack -c -p: first request after ${median(firstRequest).toFixed(0)} ms (median of ${RUNS}), peak ${median(peaks).toFixed(0)} MB`);

// The interactive resume. The shell waits for a file before starting tack, so the clock starts
// with tack (give or take the shell's 10 ms poll); done when the notice that ends the condensed
// conversation is on the screen, with the conversation above it.
const socket = `tack-bench-session-${process.pid}`;
const tenv = { PATH: process.env.PATH, HOME: home, TACK_HOME: home, TERM: 'xterm-256color', LANG: 'C.UTF-8' };
const tmux = (...args) => {
  const r = spawnSync('tmux', ['-L', socket, ...args], { env: tenv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
const firstScreen = [];
const interactivePeaks = [];
for (let r = 0; r < RUNS; r++) {
  const go = join(home, `go-${r}`);
  const mem = join(home, `mem-${r}.txt`);
  const cmd = `while [ ! -e ${q(go)} ]; do sleep 0.01; done; /usr/bin/time -f %M -o ${q(mem)} ${q(process.execPath)} ${q(bin)} -c --base-url ${server.url} -m mock-model; sleep 600`;
  tmux('-f', '/dev/null', 'new-session', '-d', '-x', '120', '-y', '40', '-c', cwd, `sh -c ${q(cmd)}`);
  await new Promise((res) => setTimeout(res, 200));
  const t = performance.now();
  writeFileSync(go, '');
  for (;;) {
    const screen = tmux('capture-pane', '-p', '-t', '0');
    if (screen.includes('resumed session bench000') && screen.includes('› continue')) break;
    if (performance.now() - t > 30_000) throw new Error(`no conversation on the screen after 30 s:\n${screen}`);
    await new Promise((res) => setTimeout(res, 5));
  }
  firstScreen.push(performance.now() - t);
  tmux('send-keys', '-t', '0', 'C-c');
  await new Promise((res) => setTimeout(res, 150));
  tmux('send-keys', '-t', '0', 'C-c');
  const deadline = performance.now() + 10_000;
  while (!(existsSync(mem) && readFileSync(mem, 'utf8').trim()) && performance.now() < deadline) await new Promise((res) => setTimeout(res, 20));
  interactivePeaks.push(Number(readFileSync(mem, 'utf8').trim().split('\n').at(-1)) / 1024);
  tmux('kill-server');
}
console.log(
  `tack -c (interactive): conversation on the first screen after ${median(firstScreen).toFixed(0)} ms (median of ${RUNS}), peak ${median(interactivePeaks).toFixed(0)} MB`,
);
console.log('target: under 2 s and under 300 MB for both');
await server.close();
rmSync(home, { recursive: true, force: true }); // the 50 MB session
