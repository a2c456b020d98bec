import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileIndex } from '../../src/modes/interactive/complete/file-index.js';

const dirs: string[] = [];
function folder(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'tack-file-index-'));
  dirs.push(dir);
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), 'x');
  }
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function listed(dir: string, max?: number): Promise<readonly string[]> {
  const index = new FileIndex(dir, max);
  await index.refresh();
  return index.get() ?? [];
}

describe('the @ completion list', () => {
  it('in a repository: tracked and untracked files and their folders, not what .gitignore leaves out', async () => {
    const dir = folder(['src/app.ts', 'README.md', 'build/out.js', 'notes/todo.txt', 'node_modules/pkg/index.js']);
    writeFileSync(join(dir, '.gitignore'), 'build/\n');
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['add', 'src', 'README.md', '.gitignore'], { cwd: dir });
    expect(await listed(dir)).toEqual(['.gitignore', 'README.md', 'notes/', 'notes/todo.txt', 'src/', 'src/app.ts']);
    // from a folder inside the repository, paths are relative to it
    expect(await listed(join(dir, 'src'))).toEqual(['app.ts']);
  });

  it('outside a repository: a walk, without node_modules', async () => {
    const dir = folder(['a.txt', 'deep/er/b.txt', 'node_modules/pkg/index.js']);
    expect(await listed(dir)).toEqual(['a.txt', 'deep/', 'deep/er/', 'deep/er/b.txt']);
  });

  it('stops at its limit in a folder far too large to list (a home folder, the root)', async () => {
    const files = Array.from({ length: 200 }, (_, i) => `f/${String(i).padStart(3, '0')}.txt`);
    const plain = folder(files);
    expect(await listed(plain, 50)).toHaveLength(50);
    const repo = folder(files);
    execFileSync('git', ['init', '-q'], { cwd: repo });
    const some = await listed(repo, 50);
    expect(some).toHaveLength(50);
    expect(some[0]).toBe('f/');
  });
});
