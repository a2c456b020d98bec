// grep: the built-in engine against rg on a generated tree of about 20,000 files / 200 MB.
// Both engines run through the grep tool (same searches, same result), so the ratio is what a user
// without rg pays; a plain `rg --count` pass is shown beside them as the floor. Run after `npm run build`. The tree is cached in the OS temp dir between runs.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createTools, findExecutable } from '../dist/tools/index.js';

const FILES = 20_000;
const TARGET_BYTES = 200 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = join(tmpdir(), 'tack-grep-bench-v2');

/** Deterministic pseudo-random numbers, so every run searches the same tree. */
function lcg(seed) {
  let state = seed >>> 0;
  return () => (state = (state * 1664525 + 1013904223) >>> 0) / 4294967296;
}

function makeTree() {
  rmSync(root, { recursive: true, force: true });
  const next = lcg(7);
  const words = [
    'const',
    'value',
    'return',
    'import',
    'export',
    'function',
    'await',
    'result',
    'config',
    'user',
    'handler',
    'request',
    'response',
    'error',
    'TODO',
    'todo',
    'données',
    '数据',
    'ok',
    'if',
    'else',
    'for',
  ];
  const lines = Array.from({ length: 4000 }, (_, i) => {
    const indent = '  '.repeat(Math.floor(next() * 4));
    const body = Array.from({ length: 3 + Math.floor(next() * 9) }, () => words[Math.floor(next() * words.length)]).join(' ');
    return i % 97 === 0 ? `${indent}function on${i}Handler(event) { ${body} }` : `${indent}${body};`;
  });
  const perFile = TARGET_BYTES / FILES;
  for (let i = 0; i < FILES; i++) {
    const dir = join(root, `pkg${i % 40}`, `mod${Math.floor(i / 40) % 25}`, i % 3 === 0 ? 'src' : 'lib');
    mkdirSync(dir, { recursive: true });
    const size = perFile * (0.5 + next());
    let text = '';
    while (text.length < size) text += lines[Math.floor(next() * lines.length)] + '\n';
    if (i % 1000 === 0) text += 'XYZZY_MARKER rare line\n';
    writeFileSync(join(dir, `file${i}.ts`), text);
  }
  // ignored output, as in a real repository: neither engine may read it
  writeFileSync(join(root, '.gitignore'), 'dist/\n*.log\n');
  mkdirSync(join(root, 'dist'), { recursive: true });
  for (let i = 0; i < 200; i++) writeFileSync(join(root, 'dist', `bundle${i}.js`), 'XYZZY_MARKER '.repeat(1000));
  writeFileSync(join(root, '.complete'), String(Date.now()));
}

if (!existsSync(join(root, '.complete'))) {
  const started = performance.now();
  makeTree();
  console.log(`generated ${root} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const du = spawnSync('du', ['-sb', root], { encoding: 'utf8' }).stdout.split('\t')[0];
console.log(`tree: ${FILES} files, ${(Number(du) / 1024 / 1024).toFixed(0)} MB in ${root}`);

if (!findExecutable('rg')) {
  console.log('rg is not on PATH: nothing to compare against');
  process.exit(0);
}

const SEARCHES = [
  { label: 'rare literal', params: { pattern: 'XYZZY_MARKER', literal: true } },
  { label: 'regex', params: { pattern: 'function\\s+on\\d+Handler\\(' } },
  { label: 'ignore case', params: { pattern: 'données todo', ignore_case: true } },
  { label: 'no match', params: { pattern: 'zq_not_anywhere_42' } },
  { label: 'common word, limit 100', params: { pattern: 'import' } },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(work) {
  const started = performance.now();
  const text = await work();
  return { ms: performance.now() - started, text };
}

/** One plain rg pass over the tree for the same search (`--count`): the floor for any rg-based answer. */
function rgCli(params) {
  const args = ['--count', ...(params.ignore_case ? ['-i'] : []), ...(params.literal ? ['-F'] : []), '-e', params.pattern, root];
  spawnSync('rg', args, { stdio: 'ignore' });
  return '';
}

const builtin = createTools({ cwd: root, grepEngine: 'builtin' }).byName.grep;
const rg = createTools({ cwd: root, grepEngine: 'rg' }).byName.grep;
const text = async (tool, params) => (await tool.execute('bench', params)).content[0].text;
const ratios = [];
console.log(`median of ${RUNS} runs (engines interleaved, so both see the same machine load), wall ms\n`);
console.log(
  `${'search'.padEnd(24)} ${'builtin'.padStart(8)} ${'rg tool'.padStart(8)} ${'rg cli'.padStart(8)} ${'builtin/rg'.padStart(11)} ${'builtin/cli'.padStart(12)}  same result`,
);
for (const { label, params } of SEARCHES) {
  await text(builtin, params);
  await text(rg, params);
  const runs = { builtin: [], rg: [], cli: [] };
  let same = true;
  for (let i = 0; i < RUNS; i++) {
    const a = await timed(() => text(builtin, params));
    const b = await timed(() => text(rg, params));
    const c = await timed(async () => rgCli(params));
    runs.builtin.push(a.ms);
    runs.rg.push(b.ms);
    runs.cli.push(c.ms);
    same &&= a.text === b.text;
  }
  const [a, b, c] = [median(runs.builtin), median(runs.rg), median(runs.cli)];
  ratios.push(a / b);
  const cells = [a, b, c].map((ms) => ms.toFixed(0).padStart(8)).join(' ');
  console.log(`${label.padEnd(24)} ${cells} ${(a / b).toFixed(2).padStart(11)} ${(a / c).toFixed(2).padStart(12)}  ${same ? 'yes' : 'NO'}`);
}
const geomean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
console.log(`\nbuiltin/rg tool: geometric mean ${geomean.toFixed(2)}x, worst ${Math.max(...ratios).toFixed(2)}x (target: within 3x)`);
