// What hooks decide, read from exit codes and output as Claude Code documents it; and which files' hooks apply.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutcome } from '../../src/extensions/hooks/outcome.js';
import type { HookRun } from '../../src/extensions/hooks/runner.js';
import { loadHooks } from '../../src/extensions/hooks/sources.js';

const spec = { event: 'PreToolUse' as const, matcher: undefined, command: 'x', timeoutSeconds: 60, source: 'config.json' };
const run = (code: number | null, stdout = '', stderr = '', timedOut = false): HookRun => ({ spec, code, stdout, stderr, timedOut });

describe('hook outcomes', () => {
  it('exit 2 blocks with stderr; other exits, timeouts and bad JSON are failures that block nothing', () => {
    expect(readOutcome([run(2, '', 'no\n')], false).block).toBe('no');
    const failed = readOutcome([run(1, '', 'boom'), run(null, '', '', true), run(0, '{bad')], false);
    expect(failed.block).toBeUndefined();
    expect(failed.failures).toEqual([
      'the PreToolUse hook "x" (config.json) failed (exit 1): boom',
      'the PreToolUse hook "x" (config.json) timed out after 60 s',
      'the PreToolUse hook "x" (config.json) printed JSON that does not parse; its output was ignored',
    ]);
  });

  it('reads the JSON fields: decision/reason, permissionDecision, additionalContext, continue/stopReason', () => {
    expect(readOutcome([run(0, JSON.stringify({ decision: 'block', reason: 'fix lint first' }))], false).block).toBe('fix lint first');
    const denied = readOutcome([run(0, JSON.stringify({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'prod db' } }))], false);
    expect(denied).toMatchObject({ permission: 'deny', block: 'prod db' });
    const allowed = readOutcome([run(0, JSON.stringify({ hookSpecificOutput: { permissionDecision: 'allow' } }))], false);
    expect(allowed).toMatchObject({ permission: 'allow', block: undefined });
    expect(readOutcome([run(0, JSON.stringify({ hookSpecificOutput: { additionalContext: 'on branch x' } }))], false).context).toEqual(['on branch x']);
    expect(readOutcome([run(0, JSON.stringify({ continue: false, stopReason: 'done for today' }))], false).stop).toBe('done for today');
  });

  it('permissionDecision: the strictest wins (deny, then ask, then allow); the reasons of the winning decision are kept', () => {
    const says = (decision: string, why?: string) =>
      run(0, JSON.stringify({ hookSpecificOutput: { permissionDecision: decision, ...(why ? { permissionDecisionReason: why } : {}) } }));
    expect(readOutcome([says('allow', 'looks fine'), says('ask', 'prod config'), says('ask', 'big diff')], false)).toMatchObject({
      permission: 'ask',
      permissionReason: 'prod config; big diff',
      block: undefined,
    });
    expect(readOutcome([says('ask', 'maybe'), says('deny', 'never')], false)).toMatchObject({
      permission: 'deny',
      block: 'never',
      permissionReason: undefined,
    });
    expect(readOutcome([says('allow')], false).permissionReason).toBeUndefined();
  });

  it('plain stdout is context only where the event adds it (UserPromptSubmit, SessionStart)', () => {
    expect(readOutcome([run(0, 'branch: main\n')], true).context).toEqual(['branch: main']);
    expect(readOutcome([run(0, 'branch: main\n')], false).context).toEqual([]);
  });
});

describe('hook sources', () => {
  it("a project's .claude/settings.json applies only when trusted; unknown events and non-command hooks are left out", () => {
    const base = mkdtempSync(join(tmpdir(), 'tack-hooks-'));
    const cwd = join(base, 'p');
    const userHome = join(base, 'u');
    mkdirSync(join(cwd, '.claude'), { recursive: true });
    mkdirSync(join(userHome, '.claude'), { recursive: true });
    const entry = (command: string) => [
      {
        matcher: 'Bash',
        hooks: [
          { type: 'command', command },
          { type: 'prompt', prompt: 'x' },
        ],
      },
    ];
    writeFileSync(join(cwd, '.claude/settings.json'), JSON.stringify({ hooks: { PreToolUse: entry('project'), SubagentStop: entry('other') } }));
    writeFileSync(join(userHome, '.claude/settings.json'), JSON.stringify({ hooks: { Stop: entry('mine') } }));
    const roots = { cwd, home: join(base, 'h'), userHome };
    expect(loadHooks(roots, [], false).specs.map((s) => s.command)).toEqual(['mine']);
    expect(loadHooks(roots, [], true).specs.map((s) => `${s.event}:${s.command}`)).toEqual(['Stop:mine', 'PreToolUse:project']);
    writeFileSync(join(userHome, '.claude/settings.json'), '{oops');
    expect(loadHooks(roots, [], false).problems[0]!.problem).toMatch(/^it is not valid JSON/);
  });
});
