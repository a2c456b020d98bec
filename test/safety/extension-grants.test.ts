// The reach of allow rules a command or skill brings (gate.allowDuring): a project's never cover a
// secret file, a path outside the workspace, or $TACK_HOME; the user's own keep their reach but never
// cover a secret file; released, they are gone.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyAgentTool } from '../../src/agent/types.js';
import { ApprovalGate, parseRules, type PolicyMode } from '../../src/session/permissions/index.js';
import { parseRule } from '../../src/session/permissions/rules.js';

function setup(mode: PolicyMode = 'ask') {
  const base = mkdtempSync(join(tmpdir(), 'tack-grants-'));
  const cwd = join(base, 'proj');
  const tackHome = join(cwd, '.tack-home'); // a workspace that holds $TACK_HOME (tack run in ~)
  mkdirSync(tackHome, { recursive: true });
  writeFileSync(join(cwd, '.env'), 'SECRET=1');
  writeFileSync(join(cwd, 'a.txt'), 'a');
  symlinkSync(join(base, 'outside.txt'), join(cwd, 'out-link.txt'));
  const gate = new ApprovalGate({ cwd, home: base, tackHome, mode, rules: parseRules({}, base) });
  const rules = (...texts: string[]) => texts.map((t) => parseRule(t, 'allow', base));
  return { base, cwd, tackHome, gate, rules };
}

/** The gate's verdict as the agent meets it: after locating the paths (links followed). */
async function verdict(gate: ApprovalGate, name: string, args: Record<string, unknown>) {
  const blocked = await gate.beforeToolCall({ type: 'toolCall', id: 'c', name, arguments: args }, {} as AnyAgentTool, new AbortController().signal);
  return blocked ? blocked.reason : 'allowed';
}

describe("a project command's allowed-tools", () => {
  it('Write(/**) lets the model write in the workspace without a question, never outside it or through a link out', async () => {
    const { base, cwd, gate, rules } = setup('ask');
    gate.allowDuring({ rules: rules('write(/**)'), reach: 'workspace' });
    expect(await verdict(gate, 'write', { path: join(cwd, 'new.txt'), content: 'x' })).toBe('allowed');
    expect(await verdict(gate, 'write', { path: join(base, 'planted.sh'), content: 'x' })).toMatch(/^refused: writing outside the workspace/);
    expect(await verdict(gate, 'edit', { path: 'out-link.txt', old_text: 'a', new_text: 'b' })).toMatch(/^refused: .*leads outside the workspace/);
  });

  it('Read(**) and Bash(cat:*) never open a secret file or $TACK_HOME', async () => {
    const { cwd, tackHome, gate, rules } = setup('auto');
    gate.allowDuring({ rules: rules('read(**)', 'bash(cat*)'), reach: 'workspace' });
    expect(await verdict(gate, 'read', { path: '.env' })).toMatch(/usually holds secrets/);
    expect(await verdict(gate, 'bash', { command: `cat ${join(cwd, '.env')}` })).toMatch(/usually holds secrets/);
    expect(await verdict(gate, 'read', { path: join(tackHome, 'config.json') })).toMatch(/in tack's own home/);
    expect(await verdict(gate, 'read', { path: 'a.txt' })).toBe('allowed');
  });

  it('released at the end of its run, it grants nothing', async () => {
    const { cwd, gate, rules } = setup('ask');
    const release = gate.allowDuring({ rules: rules('write(**)'), reach: 'workspace' });
    release();
    expect(gate.decide('write', { path: join(cwd, 'new.txt') }).kind).toBe('ask');
  });
});

describe("the user's own grants (their commands, a skill's folder)", () => {
  it('reach outside the workspace as written, but never a secret file', async () => {
    const { base, tackHome, gate, rules } = setup('auto');
    const skill = join(base, '.claude/skills/notes');
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), 'x');
    writeFileSync(join(skill, '.env'), 'SECRET=1');
    gate.allowDuring({ rules: rules(`read(${skill}/**)`, `write(${base}/notes/**)`), reach: 'as-written' });
    expect(await verdict(gate, 'read', { path: join(skill, 'SKILL.md') })).toBe('allowed');
    expect(await verdict(gate, 'read', { path: join(skill, '.env') })).toMatch(/usually holds secrets/);
    expect(await verdict(gate, 'write', { path: join(base, 'notes/today.md'), content: 'x' })).toBe('allowed');
    expect(await verdict(gate, 'read', { path: join(tackHome, 'config.json') })).toMatch(/in tack's own home/);
  });
});
