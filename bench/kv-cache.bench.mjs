// What a local server's prompt cache pays for tack's requests (issue 51). Each case runs the built
// `tack -p` as a user would (a scratch git project, HOME and TACK_HOME in a temp folder) against
// kv-sim, a simulated llama-server prompt cache in front of the scripted mock, with the project's own
// scenarios (bench/kv-scenarios/*.json), and prints the server's totals: requests, prompt tokens,
// tokens prefilled, tokens new (what an agent that only ever appended would have it prefill) and
// prefilled / new (1.00 is the floor). Notes: requests the scenario answered as a summary request or
// as a child's, requests refused for n_ctx (their tokens count as new, none as prefilled), and breaks
// (a request that does not extend its own conversation's last one). Figures, not assertions.
//
//   node bench/kv-cache.bench.mjs               every case, this checkout's bin/tack.js
//   TACK_BASE=<other checkout>/bin/tack.js      the same cases for that build too, line by line
//   KV_SIM=<path to kv-sim.mjs>                 the simulator (default: ../shared/tools/kv-sim.mjs
//                                               beside the repository); absent: one line, exit 0
//   BENCH_CASES=children,plan                   only the cases whose key contains one of these
//   BENCH_RUNS=3                                each case 3 times (with several slots the figure
//                                               depends on the order the children's requests arrive)
//   BENCH_KV_VERBOSE=1                          each case's requests by role, and its cache breaks:
//                                               where a request stops extending its conversation's
//                                               last one, and the text on either side
//   BENCH_KV_KEEP=<folder>                      keeps each run's kv-sim log (<case>.<build>.kv.jsonl, its
//                                               counts per request) and the mock's (….mock.jsonl, the
//                                               request bodies) there
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const kvSim = process.env.KV_SIM ? resolve(process.env.KV_SIM) : resolve(root, '..', 'shared', 'tools', 'kv-sim.mjs');
if (!existsSync(kvSim)) {
  console.log(`kv-cache: no simulator at ${kvSim} (KV_SIM names it); nothing measured`);
  process.exit(0);
}
const bins = { new: join(root, 'bin', 'tack.js'), ...(process.env.TACK_BASE ? { base: resolve(process.env.TACK_BASE) } : {}) };
const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
const verbose = process.env.BENCH_KV_VERBOSE === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const keep = process.env.BENCH_KV_KEEP ? resolve(process.env.BENCH_KV_KEEP) : undefined;
const memoryServer = join(root, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const MODEL = 'local-model';
const RUN_TIMEOUT_MS = 300_000;
const CHILDREN = 'Review the store layer: what the core modules do, and which util functions throw on a limit.';

// A case: its scenario, kv-sim's flags, the user's settings, and its runs (each a new tack process).
const cases = [
  {
    key: 'one-agent',
    name: 'one agent, 30 steps, 1 slot',
    scenario: 'one-agent',
    runs: [{ prompt: 'Find where the flush limit is checked and how a flush is retried.' }],
  },
  { key: 'children-1slot', name: 'parent ~15k, 1 then 3 children, 1 slot', scenario: 'children', runs: [{ prompt: CHILDREN }] },
  {
    key: 'children-4slots',
    name: 'same, 4 slots sharing a 64k KV',
    scenario: 'children',
    sim: ['--slots', '4', '--kv-total', '65536'],
    runs: [{ prompt: CHILDREN }],
  },
  // a 32k KV for the four: full before the children are done, so idle slots are purged (slot 0 first)
  {
    key: 'children-4slots-32k',
    name: 'same, 4 slots sharing a 32k KV',
    scenario: 'children',
    sim: ['--slots', '4', '--kv-total', '32768'],
    runs: [{ prompt: CHILDREN }],
  },
  // llama-server -c 32768: told the window (a "models" entry), tack compacts at its threshold; not told, it
  // assumes 128k, the server refuses a request over 32k, and tack compacts then (overflow)
  {
    key: 'long-read-told',
    name: '32k window (told), 18 big reads',
    scenario: 'long-read',
    sim: ['--ctx', '32768'],
    settings: () => ({ models: { [MODEL]: { contextWindow: 32768 } } }),
    runs: [{ prompt: 'Read every module in src/store/ in order and summarise the job of each one.' }],
  },
  {
    key: 'long-read-untold',
    name: '32k window (not told), 18 big reads',
    scenario: 'long-read',
    sim: ['--ctx', '32768'],
    runs: [{ prompt: 'Read every module in src/store/ in order and summarise the job of each one.' }],
  },
  // stream-json with someone answering: the plan is approved in auto-edit, as `a` in the app does
  { key: 'plan', name: 'plan approved mid-run', scenario: 'plan', runs: [{ prompt: 'Raise the flush limit in src/store/s00.ts. Plan it first.', plan: true }] },
  {
    key: 'continue',
    name: 'tack -c in a new process after an edit',
    scenario: 'continue',
    runs: [{ prompt: 'Bump VERSION_U02 in src/util/u02.ts to 2.' }, { prompt: 'Do the same for src/util/u03.ts.', args: ['-c'] }],
  },
  {
    key: 'mcp-late',
    name: 'an MCP server that connects late',
    scenario: 'mcp-late',
    // the reference memory server, ready 1.5 s after it is started (as an `npx -y` download is); tack waits 1 s,
    // then goes on without it; it connects while the model writes its first answer
    settings: (dir) => ({
      mcpServers: {
        memory: {
          command: 'sh',
          args: ['-c', 'sleep 1.5; exec "$0" "$1"', process.execPath, memoryServer],
          env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
        },
      },
      mcp: { startupWaitSeconds: 1 },
    }),
    runs: [{ prompt: 'Look through the util and store modules and list what touches the flush path.' }],
  },
].filter((c) => !only || only.some((o) => c.key.includes(o)));

// ------------------------------------------------------------------------------ the scratch project --

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const NOUNS =
  'store record entry index cache buffer queue segment page block batch cursor snapshot journal shard key value range filter schema table row lock lease token session handle'.split(
    ' ',
  );
const VERBS =
  'open close read write flush load save merge split compact scan seek apply commit abort retry reset resolve encode decode parse render check count track evict'.split(
    ' ',
  );
const TYPES = 'string|number|boolean|Uint8Array|Buffer|Map<string, number>|ReadonlyArray<string>|Set<string>'.split('|');
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** A TypeScript-looking module of about `chars` characters, the same for the same seed. */
function codeFile(name, chars, seed) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  let s = `// ${name}: the ${pick(NOUNS)} ${pick(NOUNS)} layer.\nimport { ${pick(VERBS)}${cap(pick(NOUNS))} } from './${pick(NOUNS)}.js';\n\n`;
  s += `export const VERSION_${name.toUpperCase()} = 1;\n\n`;
  while (s.length < chars) {
    const limit = `${pick(NOUNS)}Limit`;
    s += `/** ${cap(pick(VERBS))}s the ${pick(NOUNS)} when the ${pick(NOUNS)} is ${pick(['full', 'stale', 'empty', 'locked', 'dirty'])}; returns the ${pick(NOUNS)} count. */\n`;
    s += `export function ${pick(VERBS)}${cap(pick(NOUNS))}${cap(pick(NOUNS))}(${pick(NOUNS)}: ${pick(TYPES)}, ${limit} = ${int(1, 4096)}): number {\n`;
    for (let i = 0, n = int(3, 9); i < n; i++) {
      const k = r();
      if (k < 0.3) s += `  const ${pick(NOUNS)}${i} = ${pick(VERBS)}${cap(pick(NOUNS))}(${pick(NOUNS)}, ${int(0, 999)});\n`;
      else if (k < 0.5) s += `  if (${pick(NOUNS)}${int(0, i)} > ${limit}) throw new Error('${pick(NOUNS)} over its limit: ' + ${limit});\n`;
      else if (k < 0.6) s += `  if (${pick(NOUNS)}.${pick(NOUNS)}Failed) return retry${cap(pick(VERBS))}(${pick(NOUNS)}, ${limit});\n`;
      else if (k < 0.85) s += `  for (const ${pick(NOUNS)} of ${pick(NOUNS)}s) ${pick(NOUNS)}Count += ${pick(NOUNS)}.${pick(NOUNS)}Size ?? ${int(0, 64)};\n`;
      else s += `  // ${pick(VERBS)} first: the ${pick(NOUNS)} may still hold a ${pick(NOUNS)} from the last flush\n`;
    }
    s += `  return ${limit} - ${int(0, 99)};\n}\n\n`;
  }
  return s;
}

/** 18 big store modules (~16 KB, ~5k tokens as read shows them), 8 util modules (~3 KB), a test, a README; one commit. */
function makeProject(dir) {
  const files = {
    'package.json': `${JSON.stringify({ name: 'kv-store', version: '0.3.1', type: 'module', scripts: { test: 'node --test test/' } }, null, 2)}\n`,
    'README.md':
      '# kv-store\n\nA small key-value store: `src/store/` holds the storage layer (one module per concern), `src/util/` the\nhelpers they share. Writes go to a journal and are flushed in batches; a failed flush is retried.\n',
    'test/store.test.ts': codeFile('store_test', 2500, 900),
  };
  for (let i = 0; i < 18; i++) files[`src/store/s${String(i).padStart(2, '0')}.ts`] = codeFile(`s${String(i).padStart(2, '0')}`, 16_000, 1 + i);
  for (let i = 0; i < 8; i++) files[`src/util/u${String(i).padStart(2, '0')}.ts`] = codeFile(`u${String(i).padStart(2, '0')}`, 3000, 500 + i);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const git = (...args) => spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'kv-store: the storage layer and its helpers');
}

// ------------------------------------------------------------------------------------- the runs --

/** kv-sim on a loopback port of its own; resolves once it listens. */
function startSim(scenario, args, logs) {
  const child = spawn(process.execPath, [kvSim, '--scenario', scenario, '--port', '0', '--quiet', ...logs, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolvePort, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (\d+)/.exec(out);
      if (m) resolvePort({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`kv-sim exited (${code}): ${stderr.slice(-400)}`)));
  });
}

function stopSim(child) {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.removeAllListeners('exit');
    child.on('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** One tack process; `plan`: stream-json with approvals on stdio, a plan approved with `a` (auto-edit). */
function runTack(bin, run, o) {
  const args = ['-p', ...(run.args ?? []), '--base-url', `http://127.0.0.1:${o.port}/v1`, '-m', MODEL];
  if (run.plan) args.push('--approval', 'plan', '--input-format', 'stream-json', '--output-format', 'stream-json', '--permission-prompt', 'stdio');
  args.push(run.prompt);
  const env = { PATH: process.env.PATH, HOME: o.home, TACK_HOME: join(o.home, '.tack'), LANG: 'C.UTF-8', NO_COLOR: '1' };
  const child = spawn(process.execPath, [bin, ...args], { cwd: o.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  if (!run.plan) child.stdin.end();
  let pending = '';
  child.stdout.on('data', (d) => {
    stdout += d;
    if (!run.plan) return;
    pending += d;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      let e;
      try {
        e = JSON.parse(line);
      } catch {
        continue;
      }
      if (e.type === 'approval_request' && !e.parent_tool_use_id) {
        const answer = e.kind === 'plan' ? { decision: 'allow', choice: 'a' } : { decision: 'allow' };
        child.stdin.write(`${JSON.stringify({ type: 'approval_response', id: e.id, ...answer })}\n`);
      }
      if (e.type === 'agent_end' && !e.parent_tool_use_id) child.stdin.end();
    }
  });
  // a run that waits for something the scenario never sends is stopped, not waited for
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  return new Promise((done) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: signal ? `${signal} after ${RUN_TIMEOUT_MS / 1000} s` : code, stdout, stderr });
    }),
  );
}

async function runCase(c, build, bin, suffix) {
  const tmp = mkdtempSync(join(tmpdir(), `tack-bench-kv-${c.key}-`));
  const cwd = join(tmp, 'project');
  const home = join(tmp, 'home');
  mkdirSync(join(home, '.tack'), { recursive: true });
  makeProject(cwd);
  if (c.settings) writeFileSync(join(home, '.tack', 'config.json'), JSON.stringify(c.settings(tmp)));
  // the mock's log (the request bodies, and which scenario rule answered each) is always kept, for the notes
  const dir = keep ?? tmp;
  mkdirSync(dir, { recursive: true });
  const kvLog = join(dir, keep ? `${c.key}.${build}${suffix}.kv.jsonl` : 'kv.jsonl');
  const mockLog = join(dir, keep ? `${c.key}.${build}${suffix}.mock.jsonl` : 'mock.jsonl');
  for (const f of [kvLog, mockLog]) rmSync(f, { force: true });
  const logs = ['--mock-log', mockLog, ...(keep ? ['--log', kvLog] : [])];
  const sim = await startSim(join(root, 'bench', 'kv-scenarios', `${c.scenario}.json`), c.sim ?? [], logs);
  try {
    for (const run of c.runs) {
      const r = await runTack(bin, run, { port: sim.port, cwd, home });
      if (r.code !== 0) return { error: `exit ${r.code}: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ').slice(0, 300)}` };
    }
    const res = await fetch(`http://127.0.0.1:${sim.port}/_kv/report?requests`);
    return { report: await res.json(), answers: answersIn(mockLog) };
  } finally {
    await stopSim(sim.child);
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ----------------------------------------------------------------------------------- the figures --

const pad = (s, n) => String(s).padStart(n);
const ratio = (t) => (t.new ? (t.prefilled / t.new).toFixed(2) : '-');

/** What answered each model request, from the mock's log: a side rule's name, or a turn (null: none left). */
function answersIn(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((r) => r.type === 'request' && r.conv !== undefined)
    .map((r) => ({ side: r.side ?? null, turn: r.turn }));
}

function notes(report, answers) {
  const out = [];
  const count = (prefix) => answers.filter((a) => a.side?.startsWith(prefix)).length;
  if (count('summary')) out.push(`${count('summary')} summary requests`);
  if (count('child-')) out.push(`${count('child-')} child requests`);
  const unscripted = answers.filter((a) => a.side === null && a.turn === null).length;
  if (unscripted) out.push(`${unscripted} requests past the script's end`);
  const refused = report.requests.filter((r) => r.error).length;
  if (refused) out.push(`${refused} refused (over n_ctx)`);
  if (report.totals.breaks) out.push(`${report.totals.breaks} breaks`);
  return out.join(', ');
}

const width = Math.max(4, ...cases.map((c) => c.name.length));
console.log(`kv-sim: ${kvSim}`);
console.log(`${'case'.padEnd(width)}  build ${pad('reqs', 5)} ${pad('prompt', 8)} ${pad('prefilled', 9)} ${pad('new', 7)} ${pad('pre/new', 7)}  notes`);
for (const c of cases) {
  for (let run = 1; run <= RUNS; run++)
    for (const [build, bin] of Object.entries(bins)) {
      const { report, answers, error } = await runCase(c, build, bin, RUNS > 1 ? `.${run}` : '');
      if (error) {
        console.log(`${c.name.padEnd(width)}  ${build.padEnd(5)} failed: ${error}`);
        process.exitCode = 1;
        continue;
      }
      const t = report.totals;
      console.log(
        `${c.name.padEnd(width)}  ${build.padEnd(5)} ${pad(t.requests, 5)} ${pad(t.prompt, 8)} ${pad(t.prefilled, 9)} ${pad(t.new, 7)} ${pad(ratio(t), 7)}  ${notes(report, answers)}`,
      );
      if (!verbose) continue;
      for (const g of report.roles)
        console.log(`    ${g.role.padEnd(6)} ${pad(g.requests, 4)} reqs, prefilled ${g.prefilled}, new ${g.new}, ${ratio(g)}: ${String(g.head).slice(0, 48)}`);
      for (const b of report.breaks)
        console.log(
          `    break x${b.count} at ${b.newPart} (was ${b.oldPart}), ${b.lost} tokens lost; #${b.example.seq}: …${b.example.before}[${b.example.newText}] vs [${b.example.oldText}]`,
        );
    }
}
