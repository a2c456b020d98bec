// The sandbox in a `tack -w` worktree, played by a hostile model with --yolo (so the sandbox is the
// only line): `git commit` works there, while the user's hooks, config, index, branches and stash,
// the worktree's `gitdir`, tack's record of it and the rest of tack's home cannot be written or read,
// by a command or a file tool.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';
import { runTack } from '../support/cli.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';
import { git, userRepo, userState } from './repo.js';

const server = scriptedServers();

const ATTACKS = [
  'G=$(git rev-parse --path-format=absolute --git-common-dir); A=$(git rev-parse --absolute-git-dir)',
  '(printf "#!/bin/sh\\necho pwned\\n" > "$G/hooks/post-checkout" && chmod +x "$G/hooks/post-checkout") 2>/dev/null && echo HOOK-WRITTEN',
  'git config --file "$G/config" core.hooksPath /tmp 2>/dev/null && echo CONFIG-WRITTEN',
  ': > "$G/index" 2>/dev/null && echo INDEX-WRITTEN',
  'git update-ref refs/heads/main HEAD 2>/dev/null && echo MAIN-MOVED',
  'git stash clear 2>/dev/null; git rev-parse -q --verify refs/stash >/dev/null || echo STASH-CLEARED',
  'echo /tmp/elsewhere/.git > "$A/gitdir" 2>/dev/null && echo GITDIR-WRITTEN',
  'echo "records seen: $(ls -A "$TH/worktree-records" 2>/dev/null | wc -l)"',
  // tack's home is an empty folder of the sandbox's own here: a write lands in nothing tack reads
  '(mkdir -p "$TH/worktree-records/forged" && echo "{}" > "$TH/worktree-records/forged/x.json") 2>/dev/null',
  'echo "[core]" > "$A/config.worktree" 2>/dev/null && echo WORKTREE-CONFIG-WRITTEN',
  'echo "sessions: $(ls "$TH/sessions" 2>/dev/null | wc -l) settings: $(cat "$TH/config.json" 2>/dev/null | wc -c)"',
  'echo done',
];

describe.skipIf(!probeSandbox().ok)('a sandboxed command in a tack worktree', () => {
  it('commits on its branch and writes nothing else of the repository .git', { timeout: 60_000 }, async () => {
    const p = userRepo();
    // an earlier session of another project, in tack's home
    const earlier = await server([{ text: 'hello' }]);
    await runTack(['-p', '--base-url', earlier.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    const before = userState(p.dir);
    const record = () => {
      const records = join(p.home, 'worktree-records');
      return readdirSync(records).map((repo) => readFileSync(join(records, repo, 'probe.json'), 'utf8') + readdirSync(join(records, repo)).join(','));
    };
    let recordBefore: string[] = [];
    const s = await server([
      { toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_text: 'a', new_text: 'a sandboxed' } }] },
      () => {
        recordBefore = record();
        return { toolCalls: [{ name: 'bash', arguments: { command: 'git add a.txt && git commit -qm sandboxed && echo COMMITTED' } }] };
      },
      { toolCalls: [{ name: 'bash', arguments: { command: `TH=${p.home}; ${ATTACKS.join('; ')}` } }] },
      { toolCalls: [{ name: 'ls', arguments: { path: join(p.home, 'sessions') } }] },
      { text: 'tried' },
    ]);
    const run = await runTack(['-w', 'probe', '--yolo', '--sandbox', 'on', '-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(run.code, run.stderr).toBe(0);
    const results = toolResultText(s.requests.at(-1)!);
    // the file tools too: the workspace is inside tack's home, the sessions beside it are not the workspace
    expect(results).toMatch(/refused: .*sessions is in tack's own home/);
    expect(results).toContain('COMMITTED');
    expect(results).toContain('done');
    expect(results).toContain('sessions: 0 settings: 0');
    expect(results).toContain('records seen: 0');
    const words = ['HOOK-WRITTEN', 'CONFIG-WRITTEN', 'INDEX-WRITTEN', 'MAIN-MOVED', 'STASH-CLEARED', 'GITDIR-WRITTEN', 'WORKTREE-CONFIG-WRITTEN'];
    for (const word of words) {
      expect(results).not.toContain(word);
    }
    expect(git(p.dir, 'show', 'tack/probe:a.txt')).toBe('a sandboxed');
    expect(existsSync(join(p.dir, '.git', 'hooks', 'post-checkout'))).toBe(false);
    expect(readFileSync(join(p.dir, '.git', 'config'), 'utf8')).not.toContain('hooksPath');
    expect(record()).toEqual(recordBefore);
    expect(existsSync(join(p.home, 'worktree-records', 'forged'))).toBe(false);
    expect(userState(p.dir)).toBe(before);
  });
});
