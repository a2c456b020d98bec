// The way back printed on quitting is typed into a shell: the folder and the worktree the run had,
// each a single shell word whatever it holds.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { resumePrefix, shellWord } from '../../src/cli/continue-hint.js';

/** The words a POSIX shell makes of `line`. */
const words = (line: string): string[] =>
  JSON.parse(execFileSync('sh', ['-c', `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${line}`], { encoding: 'utf8' }));

describe('the way back', () => {
  it('is plain tack, or names the folder and the worktree', () => {
    expect(resumePrefix({})).toBe('tack');
    expect(resumePrefix({ worktree: 'fix' })).toBe('tack -w fix');
    expect(resumePrefix({ cwd: '../app', worktree: 'wt-1206-a1b2c3' })).toBe('tack -C ../app -w wt-1206-a1b2c3');
  });

  it('keeps a folder with spaces, quotes or a dollar sign one word, as it was given', () => {
    for (const dir of ["my project's copy", 'a $HOME `x` b', '~/work dir', 'semi;colon']) {
      expect(words(shellWord(dir))).toEqual([dir]);
    }
  });
});
