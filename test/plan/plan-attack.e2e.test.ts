// Plan mode attacked as a hostile model would: every way to change the workspace, end to end with
// the built CLI, the scripted server and a real MCP filesystem server. The workspace (its .git
// included) is hashed before and after; each call is refused or fails in the read-only mount, the
// model is told why, and what only looks works. npm install is left out: it needs the network.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';
import { makeProject, runTack } from '../support/cli.js';
import { filesystem, mcpProject } from '../support/mcp.js';
import type { Turn } from '../support/mock-openai-server.js';
import { scriptedServers } from '../support/scripted.js';
import { bash, call, FILES, gitRepo, lastResult, PLAN, snapshot } from './support.js';

const server = scriptedServers();
const PLAN_FIRST = 'present the plan with exit_plan_mode first';

interface Attack {
  turn: Turn;
  /** what the model must be told in the next request */
  told: (string | RegExp)[];
}

async function attack(attacks: Attack[], sandbox: 'on' | 'off') {
  const p = mcpProject({ mcpServers: { files: filesystem('.') } }, { ...FILES, 'notes.txt': 'untracked\n' });
  gitRepo(p.dir);
  const before = snapshot(p.dir);
  const s = await server([...attacks.map((a) => a.turn), call('exit_plan_mode', { plan: PLAN })]);
  const r = await runTack(['-p', '--approval', 'plan', '--sandbox', sandbox, '--base-url', s.url, '-m', 'm', 'plan the rename'], { cwd: p.dir, home: p.home });
  expect(r.stderr).not.toContain('Error');
  expect(r.code).toBe(0);
  // the run's output is the plan
  expect(r.stdout).toBe(PLAN);
  expect(snapshot(p.dir)).toEqual(before);
  const requests = s.chatRequests();
  expect(requests).toHaveLength(attacks.length + 1);
  attacks.forEach((a, i) => {
    const told = lastResult(requests[i + 1]!);
    for (const expected of a.told) expect(told, `call ${i + 1}`).toMatch(expected);
  });
  return { p, requests };
}

const REFUSED = (what: string) => [`plan mode: ${what}`, PLAN_FIRST];
const READ_ONLY = [/Read-only file system/i, 'plan mode: the workspace is read-only for commands', PLAN_FIRST];

describe.skipIf(!probeSandbox().ok)('plan mode with the sandbox', () => {
  it('refuses or fails every change, tells the model why, and lets it look; the plan is the output', async () => {
    const { p, requests } = await attack(
      [
        { turn: call('write', { path: 'new.txt', content: 'x' }), told: REFUSED('write changes files') },
        { turn: call('edit', { path: 'src/a.ts', old_text: 'greet', new_text: 'hello' }), told: REFUSED('edit changes files') },
        { turn: call('write', { path: '/tmp/outside.txt', content: 'x' }), told: REFUSED('write changes files') },
        { turn: bash('echo hacked > src/a.ts'), told: READ_ONLY },
        { turn: bash('sed -i s/greet/hello/ src/a.ts'), told: READ_ONLY },
        { turn: bash('git -c user.name=x -c user.email=x@example.com commit --allow-empty -m evil'), told: READ_ONLY },
        { turn: bash('git stash -u'), told: ['plan mode (perhaps why this failed): the workspace is read-only for commands', PLAN_FIRST] },
        { turn: bash('rm -rf src'), told: READ_ONLY },
        { turn: bash('mv README.md README.old'), told: READ_ONLY },
        // a link from the writable /tmp into the workspace: writing through it meets the read-only mount
        { turn: bash('ln -s "$PWD/README.md" /tmp/r && echo pwned > /tmp/r'), told: READ_ONLY },
        {
          turn: call('mcp__files__write_file', { path: 'evil.txt', content: 'x' }),
          told: REFUSED('the MCP tool mcp__files__write_file is not marked read-only'),
        },
        {
          turn: call('mcp__files__edit_file', { path: 'src/a.ts', edits: [{ oldText: 'greet', newText: 'x' }] }),
          told: REFUSED('the MCP tool mcp__files__edit_file is not marked read-only'),
        },
        { turn: bash('cat README.md'), told: ['hello readme'] },
        { turn: bash('grep -rn greet src'), told: ['src/a.ts:1:export const greet'] },
        { turn: bash('git log --oneline'), told: ['first commit'] },
        // a build into /tmp works
        { turn: bash('cp -r src /tmp/build && echo built > /tmp/build/out && cat /tmp/build/out'), told: ['built'] },
        { turn: call('read', { path: 'src/a.ts' }), told: ['export const greet'] },
        // the model's own list changes no file: it runs
        { turn: call('todo', { add: [{ text: 'rename greet' }] }), told: ['rename greet'] },
      ],
      'on',
    );
    // exit_plan_mode is offered in plan mode; the MCP write tool is shown, so the model can be told why it is refused
    const offered = (requests[0]!.body.tools as any[]).map((t) => t.function.name);
    expect(offered).toContain('exit_plan_mode');
    expect(offered).toContain('mcp__files__write_file');
    expect(existsSync('/tmp/outside.txt') && readFileSync('/tmp/outside.txt', 'utf8') === 'x').toBe(false);
    // the plan is kept: a file in $TACK_HOME/plans/ and an entry in the session file
    const plans = readdirSync(join(p.home, 'plans'));
    expect(plans).toHaveLength(1);
    expect(readFileSync(join(p.home, 'plans', plans[0]!), 'utf8')).toBe(PLAN);
    const sessions = join(p.home, 'sessions');
    const [slug] = readdirSync(sessions);
    const [file] = readdirSync(join(sessions, slug!));
    const entries = readFileSync(join(sessions, slug!, file!), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(entries.find((e) => e.type === 'plan')).toMatchObject({ type: 'plan', plan: PLAN, outcome: 'unanswered' });
  });
});

describe.skipIf(!probeSandbox().ok)('plan mode in a git worktree', () => {
  it('git log reads the shared git directory outside the workspace; a commit fails and changes nothing there', async () => {
    // the repository outside $HOME and the workspace, both under /tmp, which the sandbox replaces with its own
    const repo = mkdtempSync(join(tmpdir(), 'tack-plan-repo-'));
    for (const [path, content] of Object.entries(FILES)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), content);
    }
    gitRepo(repo);
    const p = makeProject();
    execFileSync('git', ['worktree', 'add', '-q', '-b', 'side', p.dir], { cwd: repo, stdio: 'pipe' });
    const before = { repo: snapshot(repo), worktree: snapshot(p.dir) };
    const s = await server([
      bash('git log --oneline'),
      bash('git -c user.name=x -c user.email=x@example.com commit --allow-empty -m evil'),
      call('exit_plan_mode', { plan: PLAN }),
    ]);
    const r = await runTack(['-p', '--approval', 'plan', '--base-url', s.url, '-m', 'm', 'plan'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(lastResult(s.chatRequests()[1]!)).toContain('first commit');
    expect(lastResult(s.chatRequests()[2]!)).toMatch(/Read-only file system/i);
    expect({ repo: snapshot(repo), worktree: snapshot(p.dir) }).toEqual(before);
  });
});

describe('plan mode without a sandbox', () => {
  it('runs only commands on the read-only list, and says why', async () => {
    await attack(
      [
        { turn: bash('echo hacked > src/a.ts'), told: ['plan mode: commands run only from the read-only list', 'because the sandbox is off', PLAN_FIRST] },
        { turn: bash('rm -rf src'), told: ['plan mode: commands run only from the read-only list'] },
        { turn: call('write', { path: 'new.txt', content: 'x' }), told: REFUSED('write changes files') },
        { turn: bash('cat README.md'), told: ['hello readme'] },
        { turn: bash('git log --oneline'), told: ['first commit'] },
      ],
      'off',
    );
  });
});
