// The package as a user installs it: `npm pack`, then `npm install -g` of the tarball into a temp
// prefix (from npm's cache when it holds the packages, the registry otherwise). One install serves
// every check: the tarball's contents and size, the installed tree, a print run in an empty folder,
// Prism's copied languages, and a TypeScript project built and run against the installed `.d.ts`.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { startApp, stopApps } from '../interactive/harness.js';
import { hasTmux } from '../interactive/tmux.js';
import { makeProject, repoRoot, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
const version = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version as string;
let out = '';
let pack: { size: number; files: { path: string }[] };
let installed = '';

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'tack-pack-'));
  // npm test has built dist/ already; skipping `prepare` keeps other tests' dist/ untouched.
  const listing = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: repoRoot, encoding: 'utf8' });
  pack = JSON.parse(listing)[0];
  const tarball = join(out, readdirSync(out).find((f) => f.endsWith('.tgz'))!);
  const npmArgs = ['install', '-g', '--prefix', join(out, 'prefix'), '--prefer-offline', '--no-audit', '--no-fund', tarball];
  execFileSync('npm', npmArgs, { cwd: out, stdio: 'pipe' });
  installed = join(out, 'prefix', 'lib', 'node_modules', 'tack');
}, 300_000);

/** Every package folder under a node_modules, nested ones included. */
function packagesUnder(modules: string): string[] {
  if (!existsSync(modules)) return [];
  return readdirSync(modules)
    .filter((n) => !n.startsWith('.'))
    .flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => join(modules, n, m)) : [join(modules, n)]))
    .flatMap((dir) => [dir, ...packagesUnder(join(dir, 'node_modules'))]);
}

it('the tarball holds what tack runs, at most 2.5 MB, with no source map pointing at unshipped files', () => {
  const files = pack.files.map((f) => f.path);
  for (const f of [
    'bin/tack.js',
    'dist/src/cli.js',
    'dist/src/agent/index.d.ts',
    'dist/tools/index.js',
    'prompts/system.md',
    'LICENSE',
    'dist/THIRD-PARTY-LICENSES.md',
  ])
    expect(files).toContain(f);
  expect(files.filter((f) => !/^(bin|dist|prompts)\/|^(package\.json|README\.md|LICENSE)$/.test(f))).toEqual([]);
  expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  expect(pack.size).toBeLessThanOrEqual(2.5 * 1024 * 1024);
  const mapped = files.filter((f) => f.endsWith('.js') && readFileSync(join(installed, f), 'utf8').includes('//# sourceMappingURL='));
  expect(mapped).toEqual([]);
});

it('the notices name every bundled package with its license text', () => {
  const notices = readFileSync(join(installed, 'dist', 'THIRD-PARTY-LICENSES.md'), 'utf8');
  for (const name of ['ink', 'react', '@modelcontextprotocol/sdk', 'prismjs', 'yaml']) expect(notices).toMatch(new RegExp(`^## ${name} \\d`, 'm'));
  expect(notices).toContain('Permission is hereby granted');
  expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toContain('THIRD-PARTY-LICENSES.md');
});

it('installs as at most 3 packages, and tack answers --version', () => {
  const all = packagesUnder(join(out, 'prefix', 'lib', 'node_modules'));
  expect(all.length).toBeLessThanOrEqual(3);
  expect(execFileSync(join(out, 'prefix', 'bin', 'tack'), ['--version'], { encoding: 'utf8' }).trim()).toBe(version);
});

it('the installed tack runs a print turn with a tool in an empty folder', { timeout: 60_000 }, async () => {
  const { url } = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'hello.txt', content: 'hi\n' } }] }, { text: 'wrote hello.txt' }]);
  const { dir, home } = makeProject();
  const r = await runTack(['-p', '--base-url', url, '-m', 'm', 'write hello.txt'], {
    cwd: dir,
    home,
    bin: join(installed, 'bin', 'tack.js'),
  });
  expect(r.stderr).toBe('');
  expect(r.stdout).toContain('wrote hello.txt');
  expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hi\n');
  expect(r.code).toBe(0);
});

afterEach(stopApps);

it.runIf(hasTmux())('the installed app starts in a terminal and answers', { timeout: 60_000 }, async () => {
  const { term } = await startApp([{ text: 'hello from the installed app' }], { bin: join(installed, 'bin', 'tack.js') });
  term.type('hi');
  term.keys('Enter');
  await term.waitFor('hello from the installed app', 15_000, 'the answer');
});

it("Prism's languages load from the installed package's own copy", () => {
  const require = createRequire(join(installed, 'package.json'));
  const prism = require(join(installed, 'dist', 'prism'));
  require(join(installed, 'dist', 'prism', 'components', 'index.js'))(['rust', 'typescript']);
  const tokens = prism.tokenize('fn main() {}', prism.languages.rust);
  expect(tokens.some((t: { type?: string }) => t.type === 'keyword')).toBe(true);
  expect(prism.languages.typescript).toBeTypeOf('object');
});

it('a TypeScript project type-checks against the installed .d.ts and runs', { timeout: 120_000 }, () => {
  const project = join(out, 'user-project');
  mkdirSync(join(project, 'node_modules', '@types'), { recursive: true });
  symlinkSync(installed, join(project, 'node_modules', 'tack'));
  symlinkSync(join(installed, 'node_modules', 'typebox'), join(project, 'node_modules', 'typebox'));
  symlinkSync(join(repoRoot, 'node_modules', '@types', 'node'), join(project, 'node_modules', '@types', 'node'));
  copyFileSync(join(repoRoot, 'test', 'cli', 'installed', 'project.ts'), join(project, 'index.ts'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: true,
    types: ['node'],
    outDir: 'out',
  };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['index.ts'] }));
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: project, encoding: 'utf8' });
  const result = JSON.parse(execFileSync(process.execPath, [join(project, 'out', 'index.js')], { cwd: project, encoding: 'utf8' }));
  expect(result).toEqual({
    answer: [{ type: 'text', text: '42' }],
    tools: expect.arrayContaining(['read', 'bash']),
    names: expect.any(Number),
    root: 'function',
  });
});
