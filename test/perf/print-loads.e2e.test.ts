// What a one-turn `tack -p` loads to talk to the model: its own HTTP client on node:http, neither
// the openai SDK nor undici (fetch's ~10 MB, which naming Response or Headers alone would load).
// Behind a proxy, fetch's rules still apply, and undici may load then.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cleanEnv, collect, makeProject, repoRoot, tackBin } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();

it('a one-turn -p with a tool call loads neither the openai SDK nor undici', { timeout: 60_000 }, async () => {
  const p = makeProject({ 'a.txt': 'hello\n' });
  const { url } = await server([{ toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }] }, { text: 'it says hello' }]);
  // reports, as the process exits, whether node loaded its bundled undici
  const exitReport = join(p.home, '..', 'undici-report.mjs');
  writeFileSync(exitReport, "process.on('exit', () => process.stderr.write('undici: ' + process.moduleLoadList.some((m) => m.includes('undici')) + '\\n'));\n");
  const args = [
    '--import',
    join(repoRoot, 'test/support/import-trace.mjs'),
    '--import',
    exitReport,
    tackBin,
    '-p',
    '--base-url',
    url,
    '-m',
    'm',
    'look at a.txt',
  ];
  const child = spawn(process.execPath, args, { cwd: p.dir, env: cleanEnv(p.home), stdio: 'pipe' });
  child.stdin!.end();
  const run = await collect(child);
  expect(run.stdout).toContain('it says hello');
  expect(run.stderr).toContain('undici: false');
  const files = run.stderr
    .split('\n')
    .filter((l) => l.startsWith('import: file://'))
    .map((l) => readFileSync(new URL(l.slice('import: '.length)), 'utf8'));
  expect(files.length).toBeGreaterThan(1);
  expect(files.some((f) => /Stainless/.test(f))).toBe(false);
});
