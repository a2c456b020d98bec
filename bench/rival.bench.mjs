// tack beside Claude Code 2.1.332, in one run on the same machine, each against a scripted server
// on 127.0.0.1 (tack: the OpenAI-compatible one in test/support; Claude Code: bench/anthropic-server.mjs),
// the two run alternately, run by run (and each goes first every other run), so load hits both
// alike. Medians of BENCH_RUNS (default 5) of:
//   - a one-turn print run (`-p "say hello"`, an empty folder): wall time and peak RSS (GNU time %M),
//     and its CPU seconds for the record (steadier than wall time on a loaded machine);
//   - `--version` beside `node -e 0` (and `claude --version`, for the record);
//   - the interactive 300,000-character markdown answer (bench/long-answer.mjs, the same text for
//     both) in a 120x40 tmux pane: the prompt is typed once the pane is quiet after start-up, and the
//     CPU seconds of the pane's processes are counted from Enter until the pane is quiet again after
//     the final screen (the answer's end shown, no "esc to interrupt").
// Run: `CLAUDE_BIN=/path/to/claude node bench/rival.bench.mjs` after `npm run bench`'s build (or
// `npm run build && npx tsc -p bench/tsconfig.json`). Claude Code is never part of this repository:
// without CLAUDE_BIN the bench says how to get it and exits 0.
//
// Claude Code's environment: HOME is a temp folder whose ~/.claude.json says onboarding is done, the
// dummy key's last 20 characters are approved and the two work folders are trusted (otherwise the
// first run shows the onboarding screens, which start with a check of api.anthropic.com).
// ANTHROPIC_BASE_URL points at the scripted server, ANTHROPIC_API_KEY is a dummy. There is no
// internet here, so any call outside 127.0.0.1 would stall or fail it; traced with
// `strace -f -e trace=connect,sendmmsg`, 2.1.332 otherwise looks up:
//   CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 (with DISABLE_AUTOUPDATER, DISABLE_TELEMETRY,
//     DISABLE_ERROR_REPORTING): DNS lookups of api.anthropic.com, and a HEAD /api/hello to the base URL;
//   CLAUDE_CODE_MODEL_CATALOG=off: the model catalog on downloads.claude.ai (interactive);
//   CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL=1: a git clone of the plugin marketplace
//     from github.com (interactive).
// With these set, its only connection is to the scripted server; the bench checks this for the
// print run under strace when strace is installed, and lists what Claude Code asked the server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';
import { startAnthropicServer } from './anthropic-server.mjs';
import { longAnswer } from './long-answer.mjs';
import { openPane } from './tmux-pane.mjs';

const claude = process.env.CLAUDE_BIN;
if (!claude) {
  console.log(
    'rival: skipped; to compare with Claude Code: `npm pack @anthropic-ai/claude-code-linux-x64@2.1.332`, untar it, then CLAUDE_BIN=<folder>/package/claude node bench/rival.bench.mjs',
  );
  process.exit(0);
}

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const COLS = 120;
const ROWS = 40;
const END = 'END-OF-THE-LONG-ANSWER';
const HELLO = 'Hello from the scripted server.';
const LONG = longAnswer(300_000, END);
const KEY = 'sk-ant-bench-not-a-real-key-0123456789abcdef';
const tack = fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const root = mkdtempSync(join(tmpdir(), 'tack-bench-rival-'));
const folder = (...parts) => {
  const p = join(root, ...parts);
  mkdirSync(p, { recursive: true });
  return realpathSync(p);
};
const tackHome = folder('tack-home');
const claudeHome = folder('claude-home');
const cwd = { tack: folder('tack-print'), claude: folder('claude-print') };
const paneCwd = { tack: folder('tack-pane'), claude: folder('claude-pane') };
writeFileSync(
  join(claudeHome, '.claude.json'),
  JSON.stringify({
    hasCompletedOnboarding: true,
    lastOnboardingVersion: '2.1.332',
    theme: 'dark',
    customApiKeyResponses: { approved: [KEY.slice(-20)], rejected: [] },
    projects: Object.fromEntries([cwd.claude, paneCwd.claude].map((p) => [p, { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true }])),
  }),
);

// The main request of either tool gets `answer`; anything else Claude Code asks (no tools) a short text.
let answer = HELLO;
const openai = await startMockServer({
  models: ['mock-model'],
  forever: () => ({ text: answer, chunkSize: 8, usage: { prompt_tokens: 10, completion_tokens: 6 } }),
});
const anthropic = await startAnthropicServer({ answer: (body) => (body.tools?.length ? answer : 'ok') });

const term = { TERM: 'xterm-256color', LANG: 'C.UTF-8' };
const env = {
  tack: { PATH: process.env.PATH, HOME: tackHome, TACK_HOME: tackHome },
  claude: {
    PATH: process.env.PATH,
    HOME: claudeHome,
    ANTHROPIC_BASE_URL: anthropic.url,
    ANTHROPIC_API_KEY: KEY,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_MODEL_CATALOG: 'off',
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
  },
};
const printArgv = {
  tack: [process.execPath, tack, '-p', '--base-url', openai.url, '-m', 'mock-model', 'say hello'],
  claude: [claude, '-p', 'say hello'],
};
const paneArgv = { tack: [process.execPath, tack, '--base-url', openai.url, '-m', 'mock-model'], claude: [claude] };
/** the input box is up and idle */
const ready = { tack: (s) => s.includes('mock-model ·'), claude: (s) => /^❯/m.test(s) && /shift\+tab to cycle|\? for shortcuts/.test(s) };

// Async, so the scripted servers in this process can answer while the child runs.
function timed(argv, options) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M %U %S', ...argv], { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => {
      const wallMs = performance.now() - t;
      if (status !== 0) return reject(new Error(`${argv.join(' ')} failed (${status}): ${stderr}`));
      const [kb, user, sys] = stderr.trim().split('\n').at(-1).split(' ').map(Number);
      resolve({ wallMs, peakMB: kb / 1024, cpu: user + sys, stdout });
    });
  });
}

/** waits until the pane's processes use under 20 ms of CPU in 300 ms */
async function quiet(pane) {
  let before = pane.treeCpu();
  for (let i = 0; i < 60; i++) {
    await sleep(300);
    const now = pane.treeCpu();
    if (now - before < 0.02) return now;
    before = now;
  }
  return before;
}

async function interactive(tool, run) {
  const pane = await openPane({
    dir: root,
    name: `${tool}-${run}`,
    cols: COLS,
    rows: ROWS,
    cwd: paneCwd[tool],
    env: { ...env[tool], ...term },
    argv: paneArgv[tool],
  });
  try {
    pane.go();
    // Polled every 50 ms: the figures are CPU seconds, and each poll is a tmux process on a busy machine.
    await pane.waitFor(ready[tool], 30_000, 'the input box', 50);
    await quiet(pane);
    pane.type('write the long answer');
    await pane.waitFor((s) => s.includes('write the long answer'), 10_000, 'the typed prompt', 50);
    const before = pane.treeCpu();
    const sent = performance.now();
    pane.keys('Enter');
    const finalAt = await pane.waitFor((s) => s.includes(END) && !/esc to interrupt/i.test(s), 120_000, 'the final screen', 50);
    const after = await quiet(pane);
    const { user, sys } = await pane.finish();
    return { cpu: after - before, finalMs: finalAt - sent, whole: user + sys };
  } finally {
    pane.close();
  }
}

/** Claude Code's print run under strace (async: the scripted server in this process must answer it) */
async function stracedConnections() {
  if (spawnSync('strace', ['-V']).status !== 0) return 'not checked (no strace)';
  const trace = join(root, 'connect.trace');
  const status = await new Promise((resolve) =>
    spawn('strace', ['-f', '-qq', '-e', 'trace=connect', '-o', trace, ...printArgv.claude], { cwd: cwd.claude, env: env.claude, stdio: 'ignore' }).on(
      'close',
      resolve,
    ),
  );
  if (status !== 0) return `not checked (the traced run exited ${status})`;
  const outside = readFileSync(trace, 'utf8')
    .split('\n')
    .filter((l) => l.includes('sa_family=AF_INET') && !l.includes('inet_addr("127.0.0.1")'));
  return outside.length === 0 ? 'none outside 127.0.0.1' : `OUTSIDE 127.0.0.1:\n${outside.join('\n')}`;
}

const claudeVersion = spawnSync(claude, ['--version'], { env: env.claude, encoding: 'utf8' }).stdout.trim();
console.log(`Claude Code: ${claudeVersion}${claudeVersion.startsWith('2.1.332') ? '' : ' (the targets were set against 2.1.332)'}; medians of ${RUNS} runs`);
console.log(`Claude Code's connections in a print run (strace): ${await stracedConnections()}`);
anthropic.requests.length = 0;

const print = { tack: { wall: [], rss: [], cpu: [] }, claude: { wall: [], rss: [], cpu: [] } };
const version = { node: [], tack: [], claude: [] };
const stream = { tack: { cpu: [], finalMs: [], whole: [] }, claude: { cpu: [], finalMs: [], whole: [] } };
for (let run = 0; run < RUNS; run++) {
  const order = run % 2 === 0 ? ['tack', 'claude'] : ['claude', 'tack'];
  for (const [name, argv] of [
    ['node', [process.execPath, '-e', '0']],
    ['tack', [process.execPath, tack, '--version']],
    ['claude', [claude, '--version']],
  ])
    version[name].push((await timed(argv, { cwd: cwd.tack, env: name === 'claude' ? env.claude : env.tack })).wallMs);
  answer = HELLO;
  for (const tool of order) {
    const r = await timed(printArgv[tool], { cwd: cwd[tool], env: env[tool] });
    if (!r.stdout.includes(HELLO)) throw new Error(`${tool} -p printed no answer: ${r.stdout}`);
    print[tool].wall.push(r.wallMs);
    print[tool].rss.push(r.peakMB);
    print[tool].cpu.push(r.cpu);
  }
  answer = LONG;
  for (const tool of order) {
    const r = await interactive(tool, run);
    for (const k of Object.keys(r)) stream[tool][k].push(r[k]);
  }
}

const ms = (x) => `${x.toFixed(0)} ms`;
const mb = (x) => `${x.toFixed(0)} MB`;
const sec = (x) => `${x.toFixed(2)} s`;
const m = (xs) => median(xs);
// [row, tack, the other, its name, format, target ratio or null (for the record)]
const rows = [
  ['one-turn print: wall', m(print.tack.wall), m(print.claude.wall), 'Claude Code', ms, 0.4],
  ['one-turn print: peak RSS', m(print.tack.rss), m(print.claude.rss), 'Claude Code', mb, 0.35],
  ['one-turn print: CPU (user+sys)', m(print.tack.cpu), m(print.claude.cpu), 'Claude Code', sec, null],
  ['--version: wall', m(version.tack), m(version.node), 'node -e 0', ms, 1.3],
  ['--version: wall', m(version.tack), m(version.claude), 'Claude Code', ms, null],
  ['300k stream: CPU, Enter to quiet', m(stream.tack.cpu), m(stream.claude.cpu), 'Claude Code', sec, 0.5],
  ['300k stream: Enter to final screen', m(stream.tack.finalMs), m(stream.claude.finalMs), 'Claude Code', ms, null],
  ['300k stream: CPU, whole run', m(stream.tack.whole), m(stream.claude.whole), 'Claude Code', sec, null],
];
console.log(`${'row'.padEnd(36)} ${'tack'.padStart(9)}  ${'against'.padEnd(24)} ${'ratio'.padStart(6)}  target   met`);
for (const [label, ours, theirs, who, fmt, target] of rows) {
  const ratio = ours / theirs;
  const met = target === null ? '' : ratio <= target ? 'yes' : 'NO';
  console.log(
    `${label.padEnd(36)} ${fmt(ours).padStart(9)}  ${`${who} ${fmt(theirs)}`.padEnd(24)} ${`${ratio.toFixed(2)}x`.padStart(6)}  ${(target === null ? '-' : `<= ${target}x`).padEnd(8)} ${met}`,
  );
}
const asked = new Map();
for (const r of anthropic.requests) asked.set(`${r.method} ${r.path}`, (asked.get(`${r.method} ${r.path}`) ?? 0) + 1);
console.log(`Claude Code asked the scripted server: ${[...asked].map(([k, n]) => `${k} x${n}`).join(', ')}`);
await openai.close();
await anthropic.close();
rmSync(root, { recursive: true, force: true });
