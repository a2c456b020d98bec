import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainFsError, resolvePath } from '../../tools/index.js';
import { layout, tempDir, workspace } from './helpers.js';

const numbered = (count: number, width = 10) => Array.from({ length: count }, (_, i) => `line ${i + 1} `.padEnd(width, 'x')).join('\n') + '\n';

describe('read', () => {
  it('shows lines cat -n style: right-aligned number, tab, line', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'a.txt': 'alpha\n\tbeta\ngamma' });
    const { text, isError, details } = await run('read', { path: 'a.txt' });
    expect(isError).toBe(false);
    expect(text).toBe('     1\talpha\n     2\t\tbeta\n     3\tgamma');
    expect(details).toMatchObject({ firstLine: 1, lastLine: 3, totalLines: 3, truncated: false });
  });

  it('pages with offset and limit, and the footer says how to continue', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'a.txt': numbered(50) });
    const { text } = await run('read', { path: 'a.txt', offset: 10, limit: 5 });
    expect(
      text
        .split('\n')
        .slice(0, 5)
        .map((l) => l.split('\t')[0]!.trim()),
    ).toEqual(['10', '11', '12', '13', '14']);
    expect(text.endsWith('[lines 10-14 of 50; use offset=15 to continue]')).toBe(true);
    const tail = await run('read', { path: 'a.txt', offset: 48 });
    expect(tail.text).not.toContain('[lines');
    expect(tail.text.split('\n')).toHaveLength(3);
  });

  it('stops at 2000 lines by default', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'big.txt': numbered(8312) });
    const { text, details } = await run('read', { path: 'big.txt' });
    expect(text.endsWith('[lines 1-2000 of 8312; use offset=2001 to continue]')).toBe(true);
    expect(details).toMatchObject({ lastLine: 2000, totalLines: 8312, truncated: true });
    const next = await run('read', { path: 'big.txt', offset: 2001 });
    expect(next.text.startsWith('  2001\tline 2001')).toBe(true);
  });

  it('stops at 50 KB and says so', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'wide.txt': numbered(1500, 100) });
    const { text, details } = await run('read', { path: 'wide.txt' });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(51 * 1024);
    expect(text).toMatch(/\[lines 1-(\d+) of 1500 \(50 KB output limit\); use offset=(\d+) to continue\]$/);
    expect(details.lastLine).toBeLessThan(1500);
  });

  it('cuts very long lines with a marker', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'min.js': 'a'.repeat(100_000) + '\nshort\n' });
    const { text } = await run('read', { path: 'min.js' });
    const [first, second] = text.split('\n');
    expect(first).toBe(`     1\t${'a'.repeat(2000)}… [line cut at 2000 characters]`);
    expect(second).toBe('     2\tshort');
  });

  it('hides CRLF and the BOM', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'win.txt': '\uFEFFone\r\ntwo\r\n' });
    const { text } = await run('read', { path: 'win.txt' });
    expect(text).toBe('     1\tone\n     2\ttwo');
  });

  it('says when a file is empty', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'empty.txt': '' });
    const { text, isError } = await run('read', { path: 'empty.txt' });
    expect(isError).toBe(false);
    expect(text).toBe('empty.txt is empty (0 bytes).');
  });

  it('returns images as image content', async () => {
    const { cwd, run } = workspace();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await layout(cwd, { 'img/dot.PNG': png });
    const { result } = await run('read', { path: 'img/dot.PNG' });
    const image = result.content.find((part) => part.type === 'image');
    expect(image).toEqual({ type: 'image', mimeType: 'image/png', data: png.toString('base64') });
  });

  it('refuses binary files with their size', async () => {
    const { cwd, run } = workspace();
    const blob = Buffer.alloc(1_258_291, 65);
    blob[100] = 0;
    await layout(cwd, { 'data.bin': blob });
    const { text, isError } = await run('read', { path: 'data.bin' });
    expect(isError).toBe(true);
    expect(text).toBe('data.bin: binary file, 1.2 MB, not shown');
  });

  it('names close existing files when the path is wrong', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'src/util.ts': 'x', 'lib/helper.ts': 'y' });
    const typo = await run('read', { path: 'src/utils.ts' });
    expect(typo.isError).toBe(true);
    expect(typo.text).toBe('no such file src/utils.ts; similar: src/util.ts');
    const elsewhere = await run('read', { path: 'src/helper.ts' });
    expect(elsewhere.text).toBe('no such file src/helper.ts; similar: lib/helper.ts');
    const folder = await run('read', { path: 'scr/util.ts' });
    expect(folder.text).toBe('no such file scr/util.ts; similar: src/util.ts');
  });

  it('explains directories and offsets past the end', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, { 'src/a.ts': 'one\ntwo\n' });
    expect((await run('read', { path: 'src' })).text).toBe('src is a directory, not a file; use ls to list it');
    const past = await run('read', { path: 'src/a.ts', offset: 9 });
    expect(past.isError).toBe(true);
    expect(past.text).toBe('offset 9 is past the end of src/a.ts, which has 2 lines');
  });

  it('expands ~ and reports absolute paths outside the workspace', async () => {
    const home = tempDir();
    const previous = process.env.HOME;
    process.env.HOME = home;
    try {
      await writeFile(join(home, 'notes.txt'), 'hi\n');
      const { run } = workspace();
      const { text, details } = await run('read', { path: '~/notes.txt' });
      expect(text).toBe('     1\thi');
      expect(details).toMatchObject({ path: join(home, 'notes.txt'), insideWorkspace: false });
    } finally {
      process.env.HOME = previous;
    }
  });

  it('words permission errors as a sentence', async () => {
    const target = resolvePath('/w', 'secret.txt');
    const error = Object.assign(new Error("EACCES: permission denied, open '/w/secret.txt'"), { code: 'EACCES' });
    expect(((await explainFsError(error, target, '/w')) as Error).message).toBe('permission denied: secret.txt');
  });
});
