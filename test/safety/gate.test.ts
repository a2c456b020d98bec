// The approval gate with a scripted prompter standing in for the interactive app.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyAgentTool } from '../../src/agent/types.js';
import type { ToolCall } from '../../src/ai/types.js';
import { ApprovalGate, parseRules, type ApprovalAnswer, type ApprovalRequest, type PolicyMode } from '../../src/session/permissions/index.js';
import { saveAllowRules } from '../../src/session/permissions/save-rule.js';

function workspace(files: Record<string, string> = {}): { cwd: string; home: string } {
  const base = mkdtempSync(join(tmpdir(), 'tack-gate-'));
  const cwd = join(base, 'proj');
  mkdirSync(cwd);
  for (const [path, content] of Object.entries(files)) writeFileSync(join(cwd, path), content);
  return { cwd, home: join(base, 'tackhome') };
}

/** A prompter answering from a script, recording every question. */
function scripted(...answers: ApprovalAnswer[]) {
  const asked: ApprovalRequest[] = [];
  const prompter = async (request: ApprovalRequest) => {
    asked.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected question: ${request.summary}`);
    return answer;
  };
  return { asked, prompter };
}

let ids = 0;
const call = (name: string, args: Record<string, unknown>): ToolCall => ({ type: 'toolCall', id: `c${++ids}`, name, arguments: args });
const tool = {} as AnyAgentTool;
const signal = () => new AbortController().signal;

function gate(cwd: string, home: string, mode: PolicyMode, prompter?: ReturnType<typeof scripted>['prompter'], extra = {}) {
  return new ApprovalGate({
    cwd,
    home,
    mode,
    rules: parseRules({}, home),
    prompter,
    saveAllowRules: (rules) => saveAllowRules(cwd, home, rules),
    ...extra,
  });
}

describe('interactive questions', () => {
  it('an edit shows the diff it would make, before anything is written; "no" with a reason reaches the model', async () => {
    const { cwd, home } = workspace({ 'calc.js': 'const add = (a, b) => a - b;\n' });
    const { asked, prompter } = scripted({ answer: 'no', reason: 'use a named function instead' });
    const g = gate(cwd, home, 'ask', prompter);
    const result = await g.beforeToolCall(call('edit', { path: 'calc.js', old_text: 'a - b', new_text: 'a + b' }), tool, signal());
    expect(result).toEqual({ block: true, reason: 'refused by the user: use a named function instead' });
    expect(asked).toHaveLength(1);
    expect(asked[0].kind).toBe('edit');
    expect(asked[0].summary).toBe('Edit calc.js');
    expect(asked[0].diff).toContain('-const add = (a, b) => a - b;');
    expect(asked[0].diff).toContain('+const add = (a, b) => a + b;');
    expect(asked[0].choices.map((c) => c.key)).toEqual(['y', 'f', 'a', 'n']);
    expect(readFileSync(join(cwd, 'calc.js'), 'utf8')).toBe('const add = (a, b) => a - b;\n');
  });

  it('the question names the file the tool will touch: `$HOME/x` is a name in the workspace, `~/x` is in the home', async () => {
    const { cwd, home } = workspace();
    const { asked, prompter } = scripted({ answer: 'no' }, { answer: 'no' });
    const g = gate(cwd, home, 'ask', prompter);
    await g.beforeToolCall(call('write', { path: '$HOME/.bashrc', content: 'x\n' }), tool, signal());
    await g.beforeToolCall(call('read', { path: '~/.profile' }), tool, signal());
    expect(asked.map((q) => [q.summary, q.reason])).toEqual([
      ['Create ./$HOME/.bashrc (1 line)', 'Changing files'],
      [`Read ${home}/.profile`, 'Reading outside the workspace'],
    ]);
    expect(asked[0].choices[1].label).toBe("Yes, and don't ask again for ./$HOME/.bashrc this session");
  });

  it('a write shows the new file as a diff', async () => {
    const { cwd, home } = workspace();
    const { asked, prompter } = scripted({ answer: 'yes' });
    const result = await gate(cwd, home, 'ask', prompter).beforeToolCall(call('write', { path: 'new.txt', content: 'hello\n' }), tool, signal());
    expect(result).toBeUndefined();
    expect(asked[0].diff).toContain('+hello');
  });

  it('an edit that cannot apply runs without a question, so the tool can explain', async () => {
    const { cwd, home } = workspace({ 'a.txt': 'one\n' });
    const { asked, prompter } = scripted();
    const result = await gate(cwd, home, 'ask', prompter).beforeToolCall(call('edit', { path: 'a.txt', old_text: 'two', new_text: '2' }), tool, signal());
    expect(result).toBeUndefined();
    expect(asked).toHaveLength(0);
  });

  it('"always" for a command prefix stops further questions for it, and can be saved to the project settings', async () => {
    const { cwd, home } = workspace();
    const { asked, prompter } = scripted({ answer: 'always', scope: { kind: 'commands', prefixes: ['npm test'], save: true } }, { answer: 'yes' });
    const notes: string[] = [];
    const g = gate(cwd, home, 'ask', prompter, { notify: (m: string) => notes.push(m) });
    expect(await g.beforeToolCall(call('bash', { command: 'npm test' }), tool, signal())).toBeUndefined();
    expect(asked[0].command).toBe('npm test');
    expect(asked[0].choices.find((c) => c.key === 's')?.answer).toEqual({ answer: 'always', scope: { kind: 'commands', prefixes: ['npm test'], save: true } });
    expect(await g.beforeToolCall(call('bash', { command: 'npm test -- --run' }), tool, signal())).toBeUndefined();
    expect(asked).toHaveLength(1);
    expect(await g.beforeToolCall(call('bash', { command: 'npm publish' }), tool, signal())).toBeUndefined();
    expect(asked).toHaveLength(2);
    const saved = JSON.parse(readFileSync(join(cwd, '.tack', 'config.json'), 'utf8'));
    expect(saved).toEqual({ permissions: { allow: ['bash(npm test*)'] } });
    expect(notes[0]).toMatch(/saved bash\(npm test\*\) to permissions.allow/);
  });

  it('"yes to all edits" covers later edits in the workspace', async () => {
    const { cwd, home } = workspace({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    const { asked, prompter } = scripted({ answer: 'always', scope: { kind: 'all-edits' } });
    const g = gate(cwd, home, 'ask', prompter);
    await g.beforeToolCall(call('edit', { path: 'a.txt', old_text: 'a', new_text: 'A' }), tool, signal());
    expect(await g.beforeToolCall(call('edit', { path: 'b.txt', old_text: 'b', new_text: 'B' }), tool, signal())).toBeUndefined();
    expect(asked).toHaveLength(1);
  });

  it('asks one question at a time, and an answer can settle the questions waiting behind it', async () => {
    const { cwd, home } = workspace({ '.env': 'X=1\n' });
    const path = join(cwd, '.env');
    let release!: (a: ApprovalAnswer) => void;
    const asked: ApprovalRequest[] = [];
    const g = gate(cwd, home, 'ask', (request) => {
      asked.push(request);
      return new Promise((resolve) => (release = resolve));
    });
    const first = g.beforeToolCall(call('read', { path: '.env' }), tool, signal());
    const second = g.beforeToolCall(call('read', { path: '.env', offset: 2 }), tool, signal());
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toHaveLength(1);
    release({ answer: 'always', scope: { kind: 'path', path, access: 'read' } });
    expect(await first).toBeUndefined();
    expect(await second).toBeUndefined();
    expect(asked).toHaveLength(1);
  });

  it("two children's calls with the same id (a local server's `call_0`): each question names its own child", async () => {
    const { cwd, home } = workspace({ 'a.txt': 'teh\n', 'b.txt': 'teh\n' });
    const { asked, prompter } = scripted({ answer: 'yes' }, { answer: 'yes' });
    const g = gate(cwd, home, 'ask', prompter);
    const edit = (path: string): ToolCall => ({ type: 'toolCall', id: 'call_0', name: 'edit', arguments: { path, old_text: 'teh', new_text: 'the' } });
    await Promise.all([
      g.beforeToolCall(edit('a.txt'), tool, signal(), undefined, 'general agent: fix a'),
      g.beforeToolCall(edit('b.txt'), tool, signal(), undefined, 'general agent: fix b'),
    ]);
    expect(asked.map((q) => q.summary).sort()).toEqual(['[general agent: fix a] Edit a.txt', '[general agent: fix b] Edit b.txt']);
  });

  it('an interrupt while a question is open refuses the call', async () => {
    const { cwd, home } = workspace();
    const controller = new AbortController();
    const g = gate(cwd, home, 'ask', () => new Promise(() => {}));
    const pending = g.beforeToolCall(call('bash', { command: 'make' }), tool, controller.signal);
    setTimeout(() => controller.abort(), 10);
    expect(await pending).toEqual({ block: true, reason: expect.stringMatching(/^interrupted/) });
  });

  it('Shift+Tab cycles ask -> auto-edit -> yolo -> plan -> ask', () => {
    const { cwd, home } = workspace();
    const g = gate(cwd, home, 'ask');
    expect([g.cycleMode(), g.cycleMode(), g.cycleMode(), g.cycleMode()]).toEqual(['auto-edit', 'yolo', 'plan', 'ask']);
  });
});

describe('repeated calls', () => {
  it('the third identical call in a row asks (interactive)', async () => {
    const { cwd, home } = workspace();
    const { asked, prompter } = scripted({ answer: 'no' });
    const g = gate(cwd, home, 'yolo', prompter);
    const repeat = () => g.beforeToolCall(call('bash', { command: 'npm test', timeout: 60 }), tool, signal());
    expect(await repeat()).toBeUndefined();
    expect(await g.beforeToolCall(call('bash', { timeout: 60, command: 'npm test' }), tool, signal())).toBeUndefined();
    expect(await repeat()).toEqual({ block: true, reason: expect.stringMatching(/^refused by the user; you repeated the same call/) });
    expect(asked.map((a) => a.kind)).toEqual(['repeat']);
  });

  it('without anyone to ask, the third identical call is refused and asks the loop to end the run', async () => {
    const { cwd, home } = workspace();
    const g = gate(cwd, home, 'auto');
    const repeat = () => g.beforeToolCall(call('read', { path: 'a.txt' }), tool, signal());
    await repeat();
    await g.beforeToolCall(call('read', { path: 'b.txt' }), tool, signal());
    expect(await repeat()).toBeUndefined();
    await repeat();
    expect(await repeat()).toEqual({
      block: true,
      reason: expect.stringMatching(/^stopped: the model made the same call 3 times in a row \(Read a\.txt\)/),
      stopRun: 'stopped: the model made the same call 3 times in a row (Read a.txt); it looks stuck in a loop',
    });
  });
});

describe('print mode (nobody to ask)', () => {
  it('refuses what would need a question, telling the model why', async () => {
    const { cwd, home } = workspace();
    const g = gate(cwd, home, 'auto');
    const result = await g.beforeToolCall(call('write', { path: '/etc/tack-test.txt', content: 'x' }), tool, signal());
    expect(result).toEqual({ block: true, reason: expect.stringMatching(/^refused: writing outside the workspace needs --approval yolo or an allow rule/) });
    expect(await g.beforeToolCall(call('write', { path: 'inside.txt', content: 'x' }), tool, signal())).toBeUndefined();
    expect(await g.beforeToolCall(call('bash', { command: 'npm test' }), tool, signal())).toBeUndefined();
  });
});
