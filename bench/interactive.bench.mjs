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
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';
import { longAnswer } from './long-answer.mjs';
import { openPane } from './tmux-pane.mjs';

const COLS = 120;
const ROWS = 40;
// BENCH_CHARS overrides the answer's size (e.g. 1000 to see what start-up alone costs).
const TARGET_CHARS = Number(process.env.BENCH_CHARS) || 300_000;
const bin = fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tack-bench-interactive-'));
const home = join(dir, 'home');
const cwd = join(dir, 'project');
spawnSync('mkdir', ['-p', home, cwd]);
const END = 'END-OF-THE-LONG-ANSWER';

const text = longAnswer(TARGET_CHARS, END);
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
const outFile = join(dir, 'output.bin');
const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
const argv = [process.execPath, ...prof, bin, '--base-url', baseUrl, '-m', 'mock-model', '--no-session', 'write the long answer'];
const pane = await openPane({ dir, name: 'tack', cols: COLS, rows: ROWS, cwd, env, argv, outputFile: outFile });

const started = performance.now();
pane.go();
const firstScreenAt = await pane.waitFor((s) => s.includes('mock-model ·'), 10_000, 'the first screen');
const finalAt = await pane.waitFor((s) => s.includes(END) && !s.includes('Esc to interrupt'), 60_000, 'the final screen');
const finalAfterLastChunk = finalAt - lastChunkAt;

const { user, sys } = await pane.finish();
await new Promise((r) => setTimeout(r, 200));
const output = readFileSync(outFile, 'latin1');
const bytes = statSync(outFile).size;
const clears = (output.match(/\x1b\[[23]J/g) ?? []).length;
pane.close();
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
