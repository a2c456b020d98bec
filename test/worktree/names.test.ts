// Names and places of tack's worktrees.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { branchOf, generatedName, nameProblem, repoKey, worktreePath } from '../../src/worktree/names.js';

describe('worktree names', () => {
  it('takes plain names and refuses what git or a path would read otherwise', () => {
    for (const good of ['fix', 'fix-2', 'a.b_c', 'X1']) expect(nameProblem(good)).toBeUndefined();
    for (const bad of ['', '-x', '.hidden', '../up', 'a/b', 'a..b', 'x.lock', 'end.', 'a b', 'a'.repeat(65), 'a\u001b[31m']) {
      expect(nameProblem(bad), bad).toMatch(/cannot name a worktree/);
    }
    expect(nameProblem(generatedName())).toBeUndefined();
    expect(branchOf('fix')).toBe('tack/fix');
  });

  it('puts a worktree under $TACK_HOME by default, in .worktrees/ when asked; two repositories of one name differ', () => {
    expect(worktreePath('home', '/h', '/src/app', 'fix')).toBe(join('/h', 'worktrees', repoKey('/src/app'), 'fix'));
    expect(worktreePath('inside', '/h', '/src/app', 'fix')).toBe('/src/app/.worktrees/fix');
    expect(repoKey('/src/app')).toMatch(/^app-[0-9a-f]{8}$/);
    expect(repoKey('/src/app')).not.toBe(repoKey('/other/app'));
  });
});
