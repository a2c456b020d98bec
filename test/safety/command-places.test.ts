// Where each command of a line runs, as the policy judges it: a `cd` moves what follows it (and
// what it moves is kept too, since it may not have run), `env -C` moves its own command only.
import { describe, expect, it } from 'vitest';
import { commandPlaces } from '../../src/session/permissions/command-places.js';
import { SessionGrants, decide, parseRules } from '../../src/session/permissions/index.js';
import { judgeCommandLine } from '../../src/session/permissions/shell-unwrap.js';

const HOME = '/home/u';
const CWD = '/home/u/proj';
const places = (line: string) => commandPlaces(judgeCommandLine(line).commands, CWD, HOME).map(({ folders, lost }) => ({ folders, lost }));

describe('commandPlaces', () => {
  it('a line without a cd runs in the workspace', () => {
    expect(places('ls; cat a')).toEqual([
      { folders: [CWD], lost: false },
      { folders: [CWD], lost: false },
    ]);
  });

  it('after `cd DIR` a command may run in the workspace or DIR; `cd` alone and `~` go home', () => {
    expect(places('cd src && cat a')[1]).toEqual({ folders: [CWD, `${CWD}/src`], lost: false });
    expect(places('cd -- ../x; ls')[1]!.folders).toEqual([CWD, '/home/u/x']);
    expect(places('cd -P ~/y; ls')[1]!.folders).toEqual([CWD, '/home/u/y']);
    expect(places('cd; ls')[1]!.folders).toEqual([CWD, HOME]);
    expect(places('cd a; cd b; ls')[2]!.folders).toEqual([CWD, `${CWD}/a`, `${CWD}/b`, `${CWD}/a/b`]);
  });

  it('a folder only the shell knows loses the place for what follows', () => {
    for (const line of ['cd "$D"; ls x', 'cd -; ls x', 'pushd +1; ls x', 'popd; ls x', 'cd src*; ls x', 'cd `pwd`; ls x']) {
      expect(places(line).at(-1)!.lost, line).toBe(true);
    }
    expect(places('cd "$D"; ls x')[0]!.lost).toBe(false);
  });

  it('a variable the line sets is followed; it may also be unset (set in a subshell), so a cd to it loses the place too', () => {
    expect(places('D=~/x; cd "$D"; ls')[2]).toEqual({ folders: [CWD, '/home/u/x'], lost: true });
    expect(places('export D=/tmp E=1; cd ${D}/y; ls')[2]!.folders).toEqual([CWD, '/tmp/y']);
    expect(places('D=a; D=b; cd $D; ls')[3]!.folders).toEqual([CWD, `${CWD}/a`, `${CWD}/b`]);
    // a value the line does not spell out, or a variable set only for one command, is not followed
    expect(places('D=$(pwd); cd $D; ls')[2]!.folders).toEqual([CWD]);
    expect(places('D=/tmp cd $D; ls')[1]!.folders).toEqual([CWD]);
  });

  it('`env -C DIR` moves its own command, in every spelling, and nothing after it', () => {
    for (const line of ['env -C /tmp cat a', 'env -C/tmp cat a', 'env --chdir /tmp cat a', 'env --chdir=/tmp cat a']) {
      expect(places(line)[0], line).toEqual({ folders: ['/tmp'], lost: false });
    }
    expect(places('env -C /tmp true; cat a')[1]).toEqual({ folders: [CWD], lost: false });
    expect(places('env -C "$D" cat a')[0]!.lost).toBe(true);
  });

  it("a hostile model's huge words are judged, not compiled or scanned without end", () => {
    const ctx = { mode: 'auto-edit' as const, rules: parseRules({}, HOME), grants: new SessionGrants(), cwd: CWD, home: HOME };
    // 60,000 nested braces (each matched by a scan) and a pattern too long for a regular expression
    expect(decide('bash', { command: `cat ${'{'.repeat(30_000)}${'}'.repeat(30_000)}` }, ctx).kind).toBe('allow');
    expect(decide('bash', { command: `cat ${'{a,b}'.repeat(2000)}` }, ctx).kind).toBe('allow');
    expect(decide('bash', { command: `cat ${'~/.aw?/'.repeat(300)}credentials` }, ctx).kind).toBe('ask');
    // each cd may double where the rest runs: 40 of them would be 2^40 folders
    const cds = Array.from({ length: 40 }, (_, i) => `cd d${i}`).join('; ');
    expect(places(`${cds}; cat a`).at(-1)).toMatchObject({ lost: true });
    expect(decide('bash', { command: `${cds}; cat a` }, ctx).kind).toBe('ask');
  });
});
