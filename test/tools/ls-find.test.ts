import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layout, workspace } from './helpers.js';

describe('ls', () => {
  it('lists one entry a line, sorted, "/" after directories, dot-files included', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'b.txt': '', '.env': '', 'src/a.ts': '', 'A.md': '' });
    await symlink('src', join(cwd, 'linked'));
    const { text, details } = await run('ls', {});
    expect(text).toBe(['.env', 'A.md', 'b.txt', 'linked/', 'src/'].join('\n'));
    expect(details).toMatchObject({ path: '.', entries: 5, truncated: false });
    expect((await run('ls', { path: 'src' })).text).toBe('a.ts');
  });

  it('cuts at limit and says how many there are', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${String(i).padStart(2, '0')}`, ''])));
    const { text } = await run('ls', { limit: 5 });
    expect(text).toBe('f00\nf01\nf02\nf03\nf04\n\n[5 of 12 entries shown; raise limit, or use find with a pattern]');
  });

  it('explains files, empty and missing directories', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'src/a.ts': '' });
    await mkdir(join(cwd, 'empty'));
    expect((await run('ls', { path: 'src/a.ts' })).text).toBe('src/a.ts is a file, not a directory; use read to see it');
    expect((await run('ls', { path: 'empty' })).text).toBe('empty is an empty directory.');
    const missing = await run('ls', { path: 'scr' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toBe('no such directory scr; similar: src');
  });
});

describe('find', () => {
  it('matches a slash-less glob at any depth, respects .gitignore, keeps dot-files, skips .git', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, {
      '.gitignore': 'dist/\n*.gen.ts\n',
      'src/a.ts': '',
      'src/deep/b.ts': '',
      'src/c.gen.ts': '',
      'dist/d.ts': '',
      '.config/e.ts': '',
      '.git/f.ts': '',
      'g.js': '',
    });
    const { text, details } = await run('find', { pattern: '*.ts' });
    expect(text).toBe(['.config/e.ts', 'src/a.ts', 'src/deep/b.ts'].join('\n'));
    expect(details).toMatchObject({ matches: 3, truncated: false });
  });

  it('anchors patterns with a slash and shows paths relative to the workspace', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'src/a.ts': '', 'src/x/a.ts': '', 'lib/a.ts': '' });
    expect((await run('find', { pattern: 'src/*.ts' })).text).toBe('src/a.ts');
    expect((await run('find', { pattern: '*.ts', path: 'src' })).text).toBe('src/a.ts\nsrc/x/a.ts');
    expect((await run('find', { pattern: 'x/', path: 'src' })).text).toBe('src/x/');
  });

  it('lists directories with a slash and says how many more exist past the limit', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`pkg${i}/index.ts`, ''])));
    const { text, details } = await run('find', { pattern: 'pkg1*', limit: 3 });
    expect(text).toBe('pkg1/\npkg10/\npkg11/\n\n[3 of 11 paths shown; 8 more exist. Narrow the pattern or path, or raise limit]');
    expect(details.truncated).toBe(true);
  });

  it('says when nothing matches, and explains a bad path', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'src/a.ts': '' });
    const none = await run('find', { pattern: '*.rs' });
    expect(none).toMatchObject({ isError: false, text: 'No files match *.rs in the workspace root.' });
    expect((await run('find', { pattern: '*', path: 'src/a.ts' })).text).toBe('src/a.ts is a file, not a directory; give a directory as path');
    expect((await run('find', { pattern: '*', path: 'srcs' })).text).toBe('no such directory srcs; similar: src');
  });

  it('marks the looking tools read-only', () => {
    const { tools } = workspace();
    expect(['read', 'grep', 'find', 'ls'].filter((n) => tools.byName[n as 'read']?.readOnly)).toEqual(['read', 'grep', 'find', 'ls']);
  });
});
