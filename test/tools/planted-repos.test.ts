// Which keys of a new repository's config could run a program: everything but what init and clone write.
import { describe, expect, it } from 'vitest';
import { splitConfig } from '../../tools/sandbox/planted-repos.js';

describe('splitConfig', () => {
  it('keeps what git init and git clone write', () => {
    const text =
      '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n' +
      '[remote "origin"]\n\turl = https://example.com/r.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n' +
      '[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n';
    expect(splitConfig(text)).toEqual({ risky: [], plain: text });
  });

  it.each([
    ['[core]\n\tfsmonitor = touch x\n', 'core.fsmonitor'],
    ['[core]\n\thooksPath = .evil\n', 'core.hookspath'],
    ['[core]\n\tsshCommand = sh -c x\n', 'core.sshcommand'],
    ['[alias]\n\tst = !touch x\n', 'alias.st'],
    ['[filter "lfs"]\n\tclean = touch x\n', 'filter.lfs.clean'],
    ['[diff "x"]\n\ttextconv = touch x\n', 'diff.x.textconv'],
    ['[include]\n\tpath = ../../evil.cfg\n', 'include.path'],
    ['[credential]\n\thelper = !touch x\n', 'credential.helper'],
    ['[remote "o"]\n\tuploadpack = touch x\n', 'remote.o.uploadpack'],
    ['[core.fsmonitor]\n', undefined],
  ])('%j is risky (%s)', (text, key) => {
    const { risky } = splitConfig(text);
    if (key) expect(risky).toEqual([key]);
    else expect(risky).toEqual([]);
  });

  it('keeps the plain keys of a section that also holds a risky one', () => {
    expect(splitConfig('[core]\n\tbare = false\n\tfsmonitor = x\n')).toEqual({ risky: ['core.fsmonitor'], plain: '[core]\n\tbare = false\n' });
  });
});
