import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeProject, repoRoot, runTack } from '../support/cli.js';
import { startMockServer } from '../support/mock-openai-server.js';
import { CALC_BUGGY, CALC_FIXED, calcTurns } from '../support/calc.js';

// The tarball a user installs: only what tack needs, and a working `tack` once installed.
it('npm pack + npm install -g gives a working tack', { timeout: 240_000 }, async () => {
  const out = mkdtempSync(join(tmpdir(), 'tack-pack-'));
  // npm test has built dist/ already; skipping `prepare` keeps other tests' dist/ untouched.
  const listing = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: repoRoot, encoding: 'utf8' });
  const files: string[] = JSON.parse(listing)[0].files.map((f: { path: string }) => f.path);
  expect(files).toContain('bin/tack.js');
  expect(files).toContain('dist/src/cli.js');
  expect(files).toContain('prompts/system.md');
  expect(files.filter((f) => !/^(bin|dist|prompts)\/|^(package\.json|README\.md|LICENSE)$/.test(f))).toEqual([]);
  expect(files.some((f) => f.startsWith('dist/test') || f.startsWith('test/') || f.startsWith('src/'))).toBe(false);

  const tarball = join(out, readdirSync(out).find((f) => f.endsWith('.tgz'))!);
  const prefix = join(out, 'prefix');
  execFileSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', tarball], { cwd: out, stdio: 'pipe' });
  const installed = join(prefix, 'lib', 'node_modules', 'tack', 'bin', 'tack.js');
  // the openai SDK is only types at build time: a user's install goes without its 20 MB
  expect(existsSync(join(prefix, 'lib', 'node_modules', 'tack', 'node_modules', 'openai'))).toBe(false);
  expect(existsSync(join(prefix, 'lib', 'node_modules', 'tack', 'node_modules', 'ink'))).toBe(true);
  const version = execFileSync(join(prefix, 'bin', 'tack'), ['--version'], { encoding: 'utf8' }).trim();
  expect(version).toBe(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version);

  const server = await startMockServer({ turns: calcTurns() });
  try {
    const { dir, home } = makeProject({ 'calc.js': CALC_BUGGY });
    const r = await runTack(['-p', '--base-url', server.url, '-m', 'm', 'fix the bug in calc.js'], { cwd: dir, home, bin: installed });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'calc.js'), 'utf8')).toBe(CALC_FIXED);
  } finally {
    await server.close();
  }
});
