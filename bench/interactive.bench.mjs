// Interactive rendering under a fast stream: tack in a 120x40 terminal (tmux) while the scripted
// server streams 300,000 characters of markdown in 8-character chunks as fast as it can.
// Figures: tack's CPU seconds (start-up included), time from the last chunk reaching the proxy in
// front of tack's socket to the final screen, bytes tack wrote to the terminal per streamed
// character, full-screen clears (ESC[2J / ESC[3J) and time to the first screen.
// The server writes the whole answer at once (~7 MB of SSE), faster than tack can take it, so the
// final-screen figure is tack's backlog: all of its handling of the stream less the time the bytes
// took to reach the proxy (which this process's own polling of tmux stretches; meanwhile the kernel
// holds megabytes of the answer in tack's socket). One more row, without a target, says it more
// steadily: from the first byte to the final screen, how long tack took over the whole stream.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const COLS = 120;
const ROWS = 40;
// BENCH_CHARS overrides the answer's size (e.g. 1000 to see what start-up alone costs).
const TARGET_CHARS = Number(process.env.BENCH_CHARS) || 300_000;
const bin = fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tack-bench-interactive-'));
const home = join(dir, 'home');
const cwd = join(dir, 'project');
spawnSync('mkdir', ['-p', home, cwd]);
const socket = `tack-bench-${process.pid}`;
const END = 'END-OF-THE-LONG-ANSWER';

/** Deterministic markdown: paragraphs, lists, code fences, a table now and then. */
function answer() {
  const words = 'the agent reads files runs commands and edits code while you keep typing corrections it picks up between steps'.split(' ');
  let seed = 7;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const sentence = () => Array.from({ length: 8 + rnd(12) }, () => words[rnd(words.length)]).join(' ') + '.';
  const parts = [];
  let size = 0;
  for (let i = 0; size < TARGET_CHARS - 200; i++) {
    let block;
    if (i % 9 === 3) block = `## Section ${i}\n`;
    else if (i % 7 === 5) block = Array.from({ length: 4 }, () => `- ${sentence()} with \`code\` and **bold**`).join('\n') + '\n';
    else if (i % 11 === 8)
      block = '```ts\n' + Array.from({ length: 8 }, (_, k) => `const value${k} = compute(${k}, "text"); // step ${k}`).join('\n') + '\n```\n';
    else if (i % 23 === 13) block = '| name | value |\n| --- | --- |\n| alpha | 1 |\n| beta | 2 |\n';
    else block = Array.from({ length: 3 + rnd(4) }, sentence).join(' ') + '\n';
    parts.push(block);
    size += block.length + 1;
  }
  const text = parts.join('\n');
  return text.slice(0, TARGET_CHARS - END.length - 2) + `\n\n${END}`;
}

const text = answer();
const server = await startMockServer({ turns: [{ text, chunkSize: 8, usage: { prompt_tokens: 1200, completion_tokens: 75_000 } }] });

// A pass-through proxy records when the answer's first and last bytes reached it; it writes them
// into tack's socket at once.
let firstChunkAt = 0;
let lastChunkAt = 0;
const upstreamPort = Number(new URL(server.url).port);
const proxy = createServer((client) => {
  const up = createConnection(upstreamPort, '127.0.0.1');
  client.pipe(up);
  up.on('data', (d) => {
    firstChunkAt ||= performance.now();
    client.write(d);
    lastChunkAt = performance.now();
  });
  up.on('end', () => client.end());
  client.on('error', () => up.destroy());
  up.on('error', () => client.destroy());
});
await new Promise((r) => proxy.listen(0, '127.0.0.1', r));
const baseUrl = `http://127.0.0.1:${proxy.address().port}/v1`;

const env = {
  PATH: process.env.PATH,
  HOME: home,
  TACK_HOME: home,
  TERM: 'xterm-256color',
  LANG: 'C.UTF-8',
  ...(process.env.TACK_DEBUG_RENDER ? { TACK_DEBUG_RENDER: process.env.TACK_DEBUG_RENDER } : {}),
};
const tmux = (...args) => {
  const r = spawnSync('tmux', ['-L', socket, ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
const go = join(dir, 'go');
const cpuFile = join(dir, 'cpu.txt');
const outFile = join(dir, 'output.bin');
const cmd = `while [ ! -e ${q(go)} ]; do sleep 0.01; done; /usr/bin/time -f '%U %S' -o ${q(cpuFile)} ${q(process.execPath)} ${process.env.BENCH_PROF ? `--cpu-prof --cpu-prof-dir=${q(process.env.BENCH_PROF)} ` : ''}${q(bin)} --base-url ${baseUrl} -m mock-model --no-session 'write the long answer'; sleep 600`;
tmux('-f', '/dev/null', 'new-session', '-d', '-x', String(COLS), '-y', String(ROWS), '-c', cwd, `sh -c ${q(cmd)}`);
tmux('pipe-pane', '-o', '-t', '0', `cat > ${q(outFile)}`);
await new Promise((r) => setTimeout(r, 200));

const screen = () => tmux('capture-pane', '-p', '-t', '0');
async function waitFor(test, timeoutMs, what) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const s = screen();
    if (test(s)) return performance.now();
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${s}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const started = performance.now();
writeFileSync(go, '');
const firstScreenAt = await waitFor((s) => s.includes('mock-model ·'), 10_000, 'the first screen');
const finalAt = await waitFor((s) => s.includes(END) && !s.includes('Esc to interrupt'), 60_000, 'the final screen');
const finalAfterLastChunk = finalAt - lastChunkAt;

tmux('send-keys', '-t', '0', 'C-c');
await new Promise((r) => setTimeout(r, 150));
tmux('send-keys', '-t', '0', 'C-c');
const deadline = performance.now() + 10_000;
while (!(existsSync(cpuFile) && readFileSync(cpuFile, 'utf8').trim()) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
const [user, sys] = readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
await new Promise((r) => setTimeout(r, 200));
const output = readFileSync(outFile, 'latin1');
const bytes = statSync(outFile).size;
const clears = (output.match(/\x1b\[[23]J/g) ?? []).length;
tmux('kill-server');
proxy.close();
await server.close();
rmSync(dir, { recursive: true, force: true });

const cpu = user + sys;
const rows = [
  ['CPU (user+sys, start-up included)', `${cpu.toFixed(2)} s`, '< 2 s', cpu < 2],
  ['final screen after last chunk', `${finalAfterLastChunk.toFixed(0)} ms`, '< 300 ms', finalAfterLastChunk < 300],
  ['  after the first byte (whole stream)', `${(finalAt - firstChunkAt).toFixed(0)} ms`, '-', true],
  ['bytes written per streamed char', `${(bytes / text.length).toFixed(2)} (${bytes} bytes)`, '< 3', bytes / text.length < 3],
  ['full-screen clears (ESC[2J/3J)', String(clears), '0', clears === 0],
  ['first screen after launch', `${(firstScreenAt - started).toFixed(0)} ms`, '< 500 ms', firstScreenAt - started < 500],
];
console.log(
  `${text.length} characters in 8-character chunks, ${COLS}x${ROWS} terminal; the answer reached the proxy ${(firstChunkAt - firstScreenAt).toFixed(0)} ms after the first screen, over ${(lastChunkAt - firstChunkAt).toFixed(0)} ms`,
);
for (const [label, value, target, ok] of rows)
  console.log(`${label.padEnd(38)} ${value.padStart(22)}   target ${target.padEnd(8)} ${target === '-' ? '' : ok ? 'ok' : 'MISSED'}`);
