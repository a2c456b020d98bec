import { chmod, readFile, readdir, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layout, workspace } from './helpers.js';

describe('write', () => {
  it('creates a file and its parent directories, reporting bytes and lines', async () => {
    const { cwd, run } = workspace();
    const { text, isError, details } = await run('write', { path: 'deep/er/new.ts', content: 'const a = 1;\nconst b = 2;\n' });
    expect(isError).toBe(false);
    expect(text).toBe('Created deep/er/new.ts: 26 bytes, 2 lines.');
    expect(await readFile(join(cwd, 'deep/er/new.ts'), 'utf8')).toBe('const a = 1;\nconst b = 2;\n');
    expect(details.created).toBe(true);
    expect(details.diff).toContain('+const b = 2;');
  });

  it('refuses to overwrite a file the agent has not read, leaving it alone', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'keep.txt': 'precious\n' });
    const { text, isError } = await run('write', { path: 'keep.txt', content: 'oops\n' });
    expect(isError).toBe(true);
    expect(text).toBe('keep.txt already exists and has not been read in this session; read it first, then write');
    expect(await readFile(join(cwd, 'keep.txt'), 'utf8')).toBe('precious\n');
  });

  it('overwrites after a read, with a diff against the old content', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'a.txt': 'one\ntwo\nthree\n' });
    await run('read', { path: 'a.txt' });
    const { text, details } = await run('write', { path: 'a.txt', content: 'one\n2\nthree\n' });
    expect(text).toBe('Overwrote a.txt: 12 bytes, 3 lines.');
    expect(details.diff).toContain('@@ -1,3 +1,3 @@\n one\n-two\n+2\n three');
    expect(await readFile(join(cwd, 'a.txt'), 'utf8')).toBe('one\n2\nthree\n');
  });

  it('refuses when the file changed on disk since it was read (the user edited it)', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'a.txt': 'v1\n' });
    await run('read', { path: 'a.txt' });
    await writeFile(join(cwd, 'a.txt'), 'user edit\n');
    const { text, isError } = await run('write', { path: 'a.txt', content: 'agent\n' });
    expect(isError).toBe(true);
    expect(text).toBe('a.txt changed on disk since it was last read (probably edited by the user); read it again, then write');
    expect(await readFile(join(cwd, 'a.txt'), 'utf8')).toBe('user edit\n');
  });

  it('notices a same-size change by its mtime', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'a.txt': 'aaaa' });
    await run('read', { path: 'a.txt' });
    await writeFile(join(cwd, 'a.txt'), 'bbbb');
    const later = new Date(Date.now() + 5000);
    await utimes(join(cwd, 'a.txt'), later, later);
    expect((await run('write', { path: 'a.txt', content: 'cccc' })).isError).toBe(true);
  });

  it('may overwrite what it wrote itself', async () => {
    const { cwd, run } = workspace();
    await run('write', { path: 'a.txt', content: 'first\n' });
    const second = await run('write', { path: 'a.txt', content: 'second\n' });
    expect(second.isError).toBe(false);
    expect(await readFile(join(cwd, 'a.txt'), 'utf8')).toBe('second\n');
  });

  it('keeps the file mode, leaves no temp file, and writes through symlinks', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'run.sh': 'echo 1\n' });
    await chmod(join(cwd, 'run.sh'), 0o755);
    await symlink('run.sh', join(cwd, 'link.sh'));
    await run('read', { path: 'link.sh' });
    expect((await run('write', { path: 'link.sh', content: 'echo 2\n' })).isError).toBe(false);
    expect((await stat(join(cwd, 'run.sh'))).mode & 0o777).toBe(0o755);
    expect(await readFile(join(cwd, 'run.sh'), 'utf8')).toBe('echo 2\n');
    expect((await readdir(cwd)).sort()).toEqual(['link.sh', 'run.sh']);
  });

  it('refuses a directory as the path', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'src/a.ts': '' });
    const { text, isError } = await run('write', { path: 'src', content: 'x' });
    expect(isError).toBe(true);
    expect(text).toBe('src is a directory; give the path of a file inside it');
  });

  it('serializes parallel writes to one path: both land, in call order', async () => {
    const { cwd, run } = workspace();
    const results = await Promise.all([run('write', { path: 'same.txt', content: 'first\n' }), run('write', { path: 'same.txt', content: 'second\n' })]);
    expect(results.map((r) => r.isError)).toEqual([false, false]);
    expect(results.map((r) => r.details.created)).toEqual([true, false]);
    expect(await readFile(join(cwd, 'same.txt'), 'utf8')).toBe('second\n');
  });

  it('declares its lock key as the resolved path', () => {
    const { cwd, tools } = workspace();
    expect(tools.byName.write.lockKey?.({ path: './x/../a.txt', content: '' })).toBe(join(cwd, 'a.txt'));
    expect(tools.byName.write.readOnly).toBeFalsy();
  });
});
