// Diagnostics after an edit: `tack -p` where the scripted model makes STEPS edits to a TypeScript
// file, none adding an error, with typescript-language-server on PATH, against the same run with
// `"diagnostics": false`. The first edit starts the server (in the sandbox); the rest find it warm.
// Prints the median wall time of RUNS runs each, what an edit costs on top, and how many results
// said "diagnostics pending" (the bound, 3 s, passed). Figures, not assertions.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STEPS = Number(process.env.BENCH_STEPS ?? 20);
const bin = fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const tsls = fileURLToPath(new URL('../node_modules/.bin/typescript-language-server', import.meta.url));
const base = mkdtempSync(join(tmpdir(), 'tack-bench-diagnostics-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Each request is answered by how many tool results it carries: the next edit, or the end.
let pending = 0;
const server = await startMockServer({
  models: ['mock-model'],
  forever: (request) => {
    const results = request.body.messages.filter((m) => m.role === 'tool');
    if (results.at(-1)?.content.includes('diagnostics pending')) pending++;
    const done = results.length;
    if (done >= STEPS) return { text: 'all edited' };
    return { toolCalls: [{ name: 'edit', arguments: { path: 'a.ts', old_text: `// step ${done}`, new_text: `// step ${done + 1}` } }] };
  },
});

function run1(diagnostics, n) {
  const dir = join(base, `${diagnostics}-${n}`);
  const [home, cwd, paths] = ['home', 'project', 'bin'].map((d) => join(dir, d));
  for (const d of [home, cwd, paths]) mkdirSync(d, { recursive: true });
  symlinkSync(tsls, join(paths, 'typescript-language-server'));
  writeFileSync(join(home, 'config.json'), JSON.stringify({ diagnostics }));
  writeFileSync(join(cwd, 'a.ts'), '// step 0\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n');
  const args = [bin, '-p', 'edit it', '--base-url', server.url, '-m', 'mock-model', '--no-session', '--max-turns', String(STEPS + 5)];
  const env = { PATH: `${paths}:${process.env.PATH}`, HOME: dir, TACK_HOME: home };
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => {
      if (status !== 0 || !out.includes('all edited')) throw new Error(`diagnostics ${diagnostics} failed: ${out.slice(-500)}`);
      resolve((performance.now() - started) / 1000);
    });
  });
}

const walls = { true: [], false: [] };
for (let n = 0; n < RUNS; n++) for (const diagnostics of [false, true]) walls[diagnostics].push(await run1(diagnostics, n));
const [off, on] = [median(walls.false), median(walls.true)];
console.log(`${STEPS} edits of a .ts file, median of ${RUNS}: diagnostics off ${off.toFixed(2)} s, on ${on.toFixed(2)} s`);
console.log(
  `on top, per edit: ${(((on - off) / STEPS) * 1000).toFixed(0)} ms (the first starts the server); results saying "pending": ${pending} of ${RUNS * STEPS}`,
);
await server.close();
rmSync(base, { recursive: true, force: true });
