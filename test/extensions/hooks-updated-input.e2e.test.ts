// A PreToolUse hook's `updatedInput` from the command line: the rewritten input is what runs, what
// the approval gate judges, and what is checked against the tool's schema.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const scripted = scriptedServers();

function withPreToolUse(output: object, matcher: string) {
  const p = makeProject({ 'notes.txt': 'the real notes\n', 'other.txt': 'the other file\n' });
  const hooks = {
    PreToolUse: [
      { matcher, hooks: [{ type: 'command', command: `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...output } })}'` }] },
    ],
  };
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ hooks }));
  return p;
}

describe('PreToolUse updatedInput', () => {
  it('runs the rewritten bash command instead of the model’s, and the model reads its output', async () => {
    const s = await scripted([{ toolCalls: [{ name: 'bash', arguments: { command: 'echo original' } }] }, { text: 'ok' }]);
    const { dir, home } = withPreToolUse({ permissionDecision: 'allow', updatedInput: { command: 'echo rewritten > rewritten.txt; echo rewritten' } }, 'Bash');
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'rewritten.txt'), 'utf8')).toBe('rewritten\n');
    const result = toolResultText(s.chatRequests()[1]);
    expect(result).toContain('rewritten');
    expect(result).not.toContain('original');
  });

  it('maps Claude’s file_path back to tack’s path: the read gets the other file', async () => {
    const s = await scripted([{ toolCalls: [{ name: 'read', arguments: { path: 'notes.txt' } }] }, { text: 'ok' }]);
    const { dir, home } = withPreToolUse({ updatedInput: { file_path: 'other.txt' } }, 'Read');
    await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    const result = toolResultText(s.chatRequests()[1]);
    expect(result).toContain('the other file');
    expect(result).not.toContain('the real notes');
  });

  it('the approval gate judges the rewritten input: a look-only command made into a write is refused with nobody to ask', async () => {
    const s = await scripted([{ toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }] }, { text: 'ok' }]);
    const { dir, home } = withPreToolUse({ updatedInput: { command: 'touch pwned' } }, 'Bash');
    const r = await runTack(['-p', '--approval', 'ask', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
    expect(toolResultText(s.chatRequests()[1])).toMatch(/touch pwned/);
  });

  it('an input the tool does not take stops the call, and the model reads why', async () => {
    const s = await scripted([{ toolCalls: [{ name: 'bash', arguments: { command: 'echo hi' } }] }, { text: 'ok' }]);
    const { dir, home } = withPreToolUse({ updatedInput: { cmd: 'echo typo' } }, 'Bash');
    await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(toolResultText(s.chatRequests()[1])).toMatch(
      /a PreToolUse hook rewrote this bash call into input the tool does not take: .*missing required "command"/,
    );
  });
});
