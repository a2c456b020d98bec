import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGrepTree } from './grep-tree.js';
import { layout, tempDir, workspace } from './helpers.js';

const QUERIES: Record<string, unknown>[] = [
  { pattern: 'TODO', limit: 2000 },
  { pattern: 'TODO', limit: 7 },
  { pattern: 'todo', ignore_case: true, limit: 2000 },
  { pattern: 'fo+\\s*\\(' },
  { pattern: 'a.b(c)', literal: true },
  { pattern: 'x.y(z)', literal: true, ignore_case: true },
  { pattern: '你好|世界', limit: 500 },
  { pattern: '🎉 party' },
  { pattern: 'caf[eé]' },
  { pattern: 'ÉCOLE', ignore_case: true, limit: 300 },
  { pattern: '\\bword\\b', limit: 300 },
  { pattern: '^$', limit: 40 },
  { pattern: 'TODO$' },
  { pattern: 'TODO', context: 2, limit: 25 },
  { pattern: 'return', context: 1, limit: 60 },
  { pattern: 'TODO', glob: '*.ts', limit: 500 },
  { pattern: 'TODO', glob: 'src/**/*.md', limit: 500 },
  { pattern: 'TODO', glob: '!*.txt', limit: 500 },
  { pattern: 'foo', path: 'pkg', limit: 500 },
  { pattern: 'TODO', path: 'src/win.ts' },
  { pattern: '-e' },
  { pattern: 'no such text anywhere' },
];

describe('grep: rg and the built-in engine agree', () => {
  // one tree for the whole suite (tempDir() would remove it after the first test)
  const cwd = mkdtempSync(join(tmpdir(), 'tack-grep-'));
  beforeAll(() => makeGrepTree(cwd));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  for (const query of QUERIES) {
    it(JSON.stringify(query), async () => {
      const rg = await workspace({ cwd, grepEngine: 'rg' }).run('grep', query);
      const builtin = await workspace({ cwd, grepEngine: 'builtin' }).run('grep', query);
      expect(rg.details.engine).toBe('rg');
      expect(builtin.details.engine).toBe('builtin');
      expect(builtin.text).toBe(rg.text);
      expect(builtin.details.matches).toBe(rg.details.matches);
      if (query.pattern !== 'no such text anywhere') expect(rg.details.matches).toBeGreaterThan(0);
    });
  }

  it('respects .gitignore and skips .git, node_modules and binary files (both engines)', async () => {
    for (const grepEngine of ['rg', 'builtin'] as const) {
      const { text } = await workspace({ cwd, grepEngine }).run('grep', { pattern: 'TODO', limit: 2000 });
      const files = new Set(text.split('\n').map((line) => line.split(':')[0]));
      for (const kept of ['keep.log', 'sub/top-only.txt', '.config/settings.ts', 'src/win.ts', 'bin/latin1.txt']) {
        expect(files.has(kept), `${grepEngine} keeps ${kept}`).toBe(true);
      }
      for (const dropped of [
        'drop.log',
        'top-only.txt',
        'secret.env',
        'build/out.txt',
        'pkg/generated/g.ts',
        'pkg/a.tmp',
        '.git/HEAD',
        'node_modules/lib/index.js',
        'bin/blob.bin',
      ]) {
        expect(files.has(dropped), `${grepEngine} skips ${dropped}`).toBe(false);
      }
      expect(text).toContain('src/main.ts:4: const s = "你好 TODO";');
      expect(text).toContain('src/win.ts:1: first TODO');
      expect(text).toContain('bin/latin1.txt:1: caf\uFFFD TODO latin1');
      expect(text).toMatch(/src\/long\.txt:1: x{500}… \[line cut at 500 characters\]/);
    }
  });

  it('searches node_modules when the path names it', async () => {
    for (const grepEngine of ['rg', 'builtin'] as const) {
      const { text } = await workspace({ cwd, grepEngine }).run('grep', { pattern: 'TODO', path: 'node_modules' });
      expect(text).toBe('node_modules/lib/index.js:1: TODO dependency');
    }
  });
});

describe('grep: output and errors', () => {
  it('shows context with -/: markers and -- between blocks', async () => {
    const { cwd, run } = workspace({ grepEngine: 'builtin' });
    await layout(cwd, { 'a.txt': 'one\ntwo\nHIT\nfour\nfive\nsix\nseven\nHIT\nnine\n' });
    const { text } = await run('grep', { pattern: 'HIT', context: 1 });
    expect(text).toBe(['a.txt-2- two', 'a.txt:3: HIT', 'a.txt-4- four', '--', 'a.txt-7- seven', 'a.txt:8: HIT', 'a.txt-9- nine'].join('\n'));
  });

  it('adds a footer when the limit cut the results', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'a.txt': 'x\n'.repeat(10), 'b.txt': 'x\n' });
    const { text, details } = await run('grep', { pattern: 'x', limit: 3 });
    expect(text).toBe('a.txt:1: x\na.txt:2: x\na.txt:3: x\n\n[showing the first 3 matches; there are more. Narrow the pattern, path or glob, or raise limit]');
    expect(details).toMatchObject({ matches: 3, files: 1, truncated: true });
  });

  it('says when nothing matches, without an error', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'a.txt': 'hello\n' });
    expect(await run('grep', { pattern: 'absent', glob: '*.md' })).toMatchObject({
      isError: false,
      text: 'No matches for absent in the workspace root (files matching *.md).',
    });
  });

  it('explains an invalid regular expression with either engine', async () => {
    for (const grepEngine of ['rg', 'builtin'] as const) {
      const { cwd, run } = workspace({ grepEngine });
      await layout(cwd, { 'a.txt': 'hello\n' });
      const { text, isError } = await run('grep', { pattern: 'foo(' });
      expect(isError).toBe(true);
      expect(text).toMatch(/^invalid regular expression: /);
      expect(text.split('\n')).toHaveLength(1);
    }
  });

  it('names similar paths when the path is wrong', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'src/a.ts': 'x\n' });
    expect((await run('grep', { pattern: 'x', path: 'scr' })).text).toBe('no such file or directory scr; similar: src');
  });

  it('falls back to the built-in engine when rg is not on PATH', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'a.txt': 'needle\n' });
    const previous = process.env.PATH;
    process.env.PATH = tempDir();
    try {
      const found = await run('grep', { pattern: 'needle' });
      expect(found).toMatchObject({ text: 'a.txt:1: needle', details: { engine: 'builtin' } });
      const forced = await workspace({ cwd, grepEngine: 'rg' }).run('grep', { pattern: 'needle' });
      expect(forced).toMatchObject({ isError: true, text: 'rg (ripgrep) is not installed on this machine' });
    } finally {
      process.env.PATH = previous;
    }
  });

  it('applies .gitignore files above the searched directory inside a git repository', async () => {
    const { cwd } = workspace();
    await layout(cwd, { '.git/HEAD': 'ref\n', '.gitignore': '*.gen.ts\n', 'sub/a.ts': 'hit\n', 'sub/b.gen.ts': 'hit\n' });
    for (const grepEngine of ['rg', 'builtin'] as const) {
      const { text } = await workspace({ cwd, grepEngine }).run('grep', { pattern: 'hit', path: 'sub' });
      expect(text, grepEngine).toBe('sub/a.ts:1: hit');
    }
  });

  it('finds matches deep in a large file read in chunks', async () => {
    const { cwd } = workspace();
    const filler = 'filler line\n'.repeat(900_000);
    await layout(cwd, { 'big.log': `${filler}NEEDLE one\nafter\n${filler}NEEDLE two\n` });
    for (const grepEngine of ['rg', 'builtin'] as const) {
      const { text } = await workspace({ cwd, grepEngine }).run('grep', { pattern: 'NEEDLE', context: 1 });
      expect(text).toBe(
        [
          'big.log-900000- filler line',
          'big.log:900001: NEEDLE one',
          'big.log-900002- after',
          '--',
          'big.log-1800002- filler line',
          'big.log:1800003: NEEDLE two',
        ].join('\n'),
      );
    }
  });

  it('names the links that lead out of the workspace and does not follow them (both engines; defence in depth, the boundary is the real-path check)', async () => {
    const cwd = tempDir();
    const outside = tempDir();
    await layout(outside, { 'leak.txt': 'needle from outside\n' });
    await layout(cwd, { 'a.txt': 'needle inside\n', 'sub/b.txt': 'plain\n' });
    symlinkSync(outside, join(cwd, 'sub', 'linkdir'));
    symlinkSync(join(outside, 'leak.txt'), join(cwd, 'leak.txt'));
    symlinkSync(join(cwd, 'a.txt'), join(cwd, 'alias.txt'));
    for (const grepEngine of ['rg', 'builtin'] as const) {
      const { text } = await workspace({ cwd, grepEngine }).run('grep', { pattern: 'needle' });
      expect(text, grepEngine).toContain('a.txt:1: needle inside');
      expect(text, grepEngine).not.toContain('from outside');
      expect(text, grepEngine).toContain(`sub/linkdir -> ${realpathSync(outside)}: outside the workspace, not followed`);
      expect(text, grepEngine).toContain(`leak.txt -> ${realpathSync(outside)}/leak.txt: outside the workspace, not followed`);
      expect(text, grepEngine).not.toContain('alias.txt ->');
    }
  });
});
