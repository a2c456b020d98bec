// Which calls run read-only (the gate's verdict, carried by the arguments object the tool is given),
// and what a read-only and a writable sandbox let a command write, for real in bwrap.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyAgentTool } from '../../src/agent/types.js';
import type { ToolCall } from '../../src/ai/types.js';
import { ApprovalGate, parseRules, type PolicyMode } from '../../src/session/permissions/index.js';
import { runUserCommand } from '../../src/session/user-command.js';
import { createBashTool } from '../../tools/bash/bash.js';
import { toolEnv } from '../../tools/sandbox/env.js';
import { createSandbox, probeSandbox, planSandbox } from '../../tools/sandbox/sandbox.js';
import { WorkspaceScanner } from '../../tools/sandbox/workspace-scan.js';

const probe = probeSandbox();

function workspace() {
  const base = mkdtempSync(join(tmpdir(), 'tack-unasked-'));
  const cwd = join(base, 'proj');
  const home = join(base, 'home');
  mkdirSync(cwd);
  mkdirSync(home);
  writeFileSync(join(cwd, 'a.txt'), 'a\n');
  return { cwd, home };
}

const call = (command: string): ToolCall => ({ type: 'toolCall', id: `c${Math.random()}`, name: 'bash', arguments: { command } });
const signal = () => new AbortController().signal;

function gate(cwd: string, home: string, mode: PolicyMode, allow: string[] = [], answer?: 'yes' | 'no') {
  return new ApprovalGate({
    cwd,
    home,
    mode,
    rules: parseRules({ allow }, home),
    prompter: answer ? async () => ({ answer }) : undefined,
  });
}

describe('the gate says which calls ran without anyone letting them write', () => {
  it('a command judged read-only in ask and auto-edit mode is unasked; the same command under an allow rule, in yolo or in print mode is not', async () => {
    const { cwd, home } = workspace();
    for (const mode of ['ask', 'auto-edit'] as const) {
      const c = call('cat a.txt');
      const g = gate(cwd, home, mode);
      expect(await g.beforeToolCall(c, undefined, signal())).toBeUndefined();
      expect(g.unasked(c.arguments)).toBe(true);
    }
    for (const [mode, allow] of [
      ['ask', ['bash(cat *)']],
      ['yolo', []],
      ['auto', []],
    ] as const) {
      const c = call('cat a.txt');
      const g = gate(cwd, home, mode, [...allow]);
      expect(await g.beforeToolCall(c, undefined, signal())).toBeUndefined();
      expect(g.unasked(c.arguments)).toBe(false);
    }
  });

  it('an answered yes lets the command write; a refused call and an unknown object never were let write', async () => {
    const { cwd, home } = workspace();
    const yes = gate(cwd, home, 'ask', [], 'yes');
    const asked = call('npm test');
    expect(await yes.beforeToolCall(asked, undefined, signal())).toBeUndefined();
    expect(yes.unasked(asked.arguments)).toBe(false);
    const no = gate(cwd, home, 'ask', [], 'no');
    const refused = call('npm test');
    expect(await no.beforeToolCall(refused, undefined, signal())).toMatchObject({ block: true });
    expect(no.unasked(refused.arguments)).toBe(true);
    expect(no.unasked({ command: 'npm test' })).toBe(true);
  });

  it("a line that mixes a rule's command with read-only ones keeps the rule's writable run", async () => {
    const { cwd, home } = workspace();
    const g = gate(cwd, home, 'ask', ['bash(npm test*)']);
    const c = call('npm test 2>&1 | tail -5');
    expect(await g.beforeToolCall(c, undefined, signal())).toBeUndefined();
    expect(g.unasked(c.arguments)).toBe(false);
  });
});

describe.skipIf(!probe.ok)('the read-only sandbox, for real', () => {
  function setup() {
    const { cwd, home } = workspace();
    if (!probe.ok) throw new Error('unreachable');
    mkdirSync(join(home, '.cargo', 'bin'), { recursive: true });
    mkdirSync(join(home, '.cargo', 'registry'), { recursive: true });
    const sandbox = createSandbox(probe.bwrap, { cwd, home, network: false });
    const env = { ...toolEnv(process.env), HOME: home };
    const g = gate(cwd, home, 'ask', [], 'yes');
    const bash = createBashTool({ cwd }, { env, sandbox, unasked: (params) => g.unasked(params) });
    return { cwd, home, g, bash };
  }
  const text = (r: { content: { type: string; text?: string }[] }) => r.content.map((c) => c.text ?? '').join('');

  it('unasked: the workspace, the caches and the home folder are read-only, /tmp is not; the model is told why', async () => {
    const { cwd, home, bash } = setup();
    const script = `echo x > ${cwd}/new.txt; echo x > ${home}/.cache/x; echo x > ${home}/.cargo/registry/x; echo ok > /tmp/t && cat /tmp/t`;
    const r = await bash.execute('id', { command: script }, signal());
    expect(text(r)).toContain('ok');
    expect(text(r)).toContain('ran with everything but /tmp read-only');
    expect(existsSync(join(cwd, 'new.txt'))).toBe(false);
    expect(existsSync(join(home, '.cache', 'x'))).toBe(false);
    expect(existsSync(join(home, '.cargo', 'registry', 'x'))).toBe(false);
  });

  it('let write: the workspace and the caches are writable, ~/.cargo/bin and npx’s packages are not', async () => {
    const { cwd, home, bash, g } = setup();
    const c = call(
      `echo x > ${cwd}/new.txt; echo x > ${home}/.cache/x; echo x > ${home}/.cargo/registry/x; echo x > ${home}/.cargo/bin/ls; mkdir -p ${home}/.npm/_npx/evil`,
    );
    expect(await g.beforeToolCall(c, undefined, signal())).toBeUndefined();
    await bash.execute('id', c.arguments, signal());
    expect(readFileSync(join(cwd, 'new.txt'), 'utf8')).toBe('x\n');
    expect(existsSync(join(home, '.cache', 'x'))).toBe(true);
    expect(existsSync(join(home, '.cargo', 'registry', 'x'))).toBe(true);
    expect(existsSync(join(home, '.cargo', 'bin', 'ls'))).toBe(false);
    expect(existsSync(join(home, '.npm', '_npx', 'evil'))).toBe(false);
  });

  it('a folder on PATH inside the workspace (node_modules/.bin) stays read-only even for a command let write', () => {
    const { cwd, home } = workspace();
    mkdirSync(join(cwd, 'node_modules', '.bin'), { recursive: true });
    const saved = process.env.PATH;
    process.env.PATH = `${join(cwd, 'node_modules', '.bin')}:${saved}`;
    try {
      const plan = planSandbox({ cwd, home, network: false }, new WorkspaceScanner(cwd, () => undefined));
      expect(plan.protected).toContain(join(cwd, 'node_modules', '.bin'));
      const readOnly = planSandbox({ cwd, home, network: false }, new WorkspaceScanner(cwd, () => undefined), true);
      expect(readOnly.writable).toEqual([]);
      expect(readOnly.readOnlyWorkspace).toBe(true);
    } finally {
      process.env.PATH = saved;
    }
  });

  it("the user's own !command may write", async () => {
    const { cwd, g, bash } = setup();
    await runUserCommand(`echo mine > ${cwd}/mine.txt`, [bash as AnyAgentTool], g, signal());
    expect(readFileSync(join(cwd, 'mine.txt'), 'utf8')).toBe('mine\n');
  });
});
