// Plan mode's policy, one row per call: what may change something is refused with a sentence the
// model can act on, what only looks is judged as in the ask mode, and bash depends on the sandbox.
// And the sandbox it relies on: in plan mode the workspace and its git directories are read-only.
import { describe, expect, it } from 'vitest';
import { decide, parseRules, SessionGrants } from '../../src/session/permissions/index.js';
import type { PlanBash } from '../../src/session/permissions/plan-policy.js';
import { bwrapArgs, type SandboxPlan } from '../../tools/sandbox/sandbox.js';

const HOME = '/home/u';
const CWD = '/home/u/proj';
const SANDBOXED: PlanBash = { sandboxed: true };
const NO_BWRAP: PlanBash = { sandboxed: false, why: 'bwrap (bubblewrap) is not installed' };

function plan(tool: string, args: Record<string, unknown>, planBash: PlanBash, o: { readOnlyHint?: boolean; deny?: string[] } = {}) {
  const rules = parseRules({ deny: o.deny ?? [] }, HOME, ['files']);
  return decide(tool, args, { mode: 'plan', rules, grants: new SessionGrants(), cwd: CWD, home: HOME, planBash, readOnlyHint: o.readOnlyHint });
}

const rows: [what: string, tool: string, args: Record<string, unknown>, bash: PlanBash, expected: string, o?: { readOnlyHint?: boolean; deny?: string[] }][] = [
  ['read inside', 'read', { path: 'src/a.ts' }, SANDBOXED, 'allow'],
  ['read outside asks, as in ask mode', 'read', { path: '/etc/hosts' }, SANDBOXED, 'ask'],
  ['grep', 'grep', { pattern: 'x' }, SANDBOXED, 'allow'],
  ['write', 'write', { path: 'a.txt', content: 'x' }, SANDBOXED, 'plan mode: write changes files'],
  ['edit', 'edit', { path: 'a.txt', old_text: 'a', new_text: 'b' }, SANDBOXED, 'plan mode: edit changes files'],
  ['any command, in the read-only sandbox', 'bash', { command: 'rm -rf src' }, SANDBOXED, 'allow'],
  ['a deny rule still holds', 'bash', { command: 'curl x' }, SANDBOXED, 'denied by the rule', { deny: ['bash(curl*)'] }],
  ['without bwrap, a changing command', 'bash', { command: 'rm -rf src' }, NO_BWRAP, 'because bwrap (bubblewrap) is not installed'],
  ['without bwrap, a read-only command', 'bash', { command: 'git log --oneline' }, NO_BWRAP, 'allow'],
  ['an MCP tool not marked read-only', 'mcp__files__write_file', {}, SANDBOXED, 'is not marked read-only by its server'],
  ['an MCP tool marked read-only asks, as in ask mode', 'mcp__files__read_file', {}, SANDBOXED, 'ask', { readOnlyHint: true }],
  ['exit_plan_mode', 'exit_plan_mode', { plan: 'x' }, SANDBOXED, 'allow'],
  ['todo changes no file', 'todo', {}, SANDBOXED, 'allow'],
  ['task: the child inherits plan mode', 'task', {}, SANDBOXED, 'allow'],
  ['job_output', 'job_output', {}, SANDBOXED, 'allow'],
  ['job_stop', 'job_stop', {}, SANDBOXED, 'allow'],
  ['a tool tack does not know', 'web_post', {}, SANDBOXED, 'plan mode: the web_post tool may change something'],
];

describe('plan mode policy', () => {
  for (const [what, tool, args, bash, expected, o] of rows) {
    it(what, () => {
      const d = plan(tool, args, bash, o);
      if (expected === 'allow' || expected === 'ask') expect(d.kind).toBe(expected);
      else {
        expect(d.kind).toBe('deny');
        expect(d.kind === 'deny' && d.message).toContain(expected);
        if (expected.startsWith('plan mode') || expected.startsWith('because') || expected.startsWith('is not'))
          expect(d.kind === 'deny' && d.message).toContain('present the plan with exit_plan_mode first');
      }
    });
  }
});

describe('the sandbox in plan mode', () => {
  const base: SandboxPlan = {
    cwd: CWD,
    tmp: '/tmp/own',
    readOnly: [],
    writable: [`${HOME}/.npm`],
    hideDirs: [],
    hideFiles: [],
    pinned: [],
    protected: [],
    missing: [],
    maskFiles: [`${CWD}/.env`],
    nestedGitDirs: [],
    network: false,
    readOnlyWorkspace: true,
  };
  it('binds the workspace read-only, keeps secret files masked, and /tmp and the caches writable', () => {
    const args = bwrapArgs(base).join(' ');
    expect(args).toContain(`--ro-bind ${CWD} ${CWD}`);
    expect(args).not.toContain(`--bind ${CWD} ${CWD}`);
    expect(args).toContain('--bind /tmp/own /tmp');
    expect(args).toContain(`--bind ${HOME}/.npm ${HOME}/.npm`);
    expect(args).toMatch(new RegExp(`--ro-bind \\S+ ${CWD}/\\.env`));
  });
  it('binds it writable outside plan mode', () => {
    expect(bwrapArgs({ ...base, readOnlyWorkspace: false }).join(' ')).toContain(`--bind ${CWD} ${CWD}`);
  });
});
