// The parts of subagents that are pure or read files: agent files of each format, the budget, the
// report that is never empty, the agents' index in the task tool, the limiter.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/agent/types.js';
import { loadAgents } from '../../src/extensions/agents/catalog.js';
import { allAgents } from '../../src/session/agents/builtin.js';
import { budgetState } from '../../src/session/agents/budget.js';
import { childReport } from '../../src/session/agents/report.js';
import { Limiter } from '../../src/session/agents/slots.js';
import { agentIndex } from '../../src/session/agents/task-tool.js';
import { renderToolCall } from '../../src/modes/interactive/view/tool-view.js';
import { stripAnsi } from '../../src/text/escapes.js';

function folder(files: Record<string, string>): { cwd: string; home: string; userHome: string } {
  const base = mkdtempSync(join(tmpdir(), 'tack-agents-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  return { cwd: join(base, 'project'), home: join(base, 'tack-home'), userHome: join(base, 'user') };
}

const answer = (text: string, calls: { name: string; arguments: object }[] = []): AgentMessage =>
  ({
    role: 'assistant',
    content: [...(text ? [{ type: 'text', text }] : []), ...calls.map((c, i) => ({ type: 'toolCall', id: `c${i}`, ...c }))],
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: null },
    stopReason: calls.length ? 'toolUse' : 'stop',
    timestamp: 0,
  }) as unknown as AgentMessage;

describe('agent files', () => {
  it("reads Claude Code's, tack's and OpenCode's formats, maps tool names, and skips OpenCode's primary agents", async () => {
    const roots = folder({
      'project/.claude/agents/reviewer.md':
        '---\nname: reviewer\ndescription: Reviews.\ntools: Read, Grep, Glob, LS, Bash(git diff:*), WebFetch\nmodel: opus\n---\nBe strict.\n',
      'project/.opencode/agent/docs.md':
        '---\ndescription: Writes docs.\nmode: subagent\nmodel: qwen3-coder\ntools:\n  write: true\n  edit: false\n---\nWrite docs.\n',
      'project/.opencode/agent/build.md': '---\ndescription: The main one.\nmode: primary\n---\nx\n',
      'tack-home/agents/mine.md': '---\ndescription: My own.\n---\nMine.\n',
      'project/.tack/agents/broken.md': '---\nname: broken\n---\nno description\n',
    });
    const { agents, problems } = await loadAgents(roots, true);
    const byName = Object.fromEntries(agents.map((a) => [a.name, a]));
    expect(Object.keys(byName).sort()).toEqual(['docs', 'mine', 'reviewer']);
    expect(byName.reviewer).toMatchObject({
      tools: ['read', 'grep', 'find', 'ls', 'bash'],
      model: undefined,
      instructions: 'Be strict.',
      source: '.claude/agents',
    });
    expect(byName.docs).toMatchObject({ tools: ['write'], model: 'qwen3-coder', source: '.opencode/agent' });
    expect(byName.mine).toMatchObject({ tools: undefined, source: '$TACK_HOME/agents' });
    expect(problems.map((p) => p.problem)).toEqual(['it has no description in its frontmatter']);
  });

  it("a project's agent files are not read when the folder is not trusted; the user's own are", async () => {
    const roots = folder({ 'project/.claude/agents/x.md': '---\ndescription: X.\n---\n', 'user/.claude/agents/y.md': '---\ndescription: Y.\n---\n' });
    const { agents } = await loadAgents(roots, false);
    expect(agents.map((a) => a.name)).toEqual(['y']);
  });

  it("a user's file of a built-in name replaces it; the index lists what fits, then names only", () => {
    const agents = allAgents([{ name: 'explore', description: 'Mine.', instructions: '', source: '.tack/agents' }]);
    expect(agents.map((a) => [a.name, a.source])).toEqual([
      ['general', 'built-in'],
      ['explore', '.tack/agents'],
    ]);
    const many = Array.from({ length: 50 }, (_, i) => ({ name: `a${i}`, description: 'd'.repeat(100), instructions: '', source: 'x' }));
    const index = agentIndex(many, 1000);
    expect(index.length).toBeLessThanOrEqual(1000);
    expect(index).toContain('- a0: ');
    expect(index).toContain('- also: ');
  });
});

describe('budget and report', () => {
  const limits = { maxTurns: 10, maxTokens: 10_000, maxSeconds: 100 };
  it('ok, near at four fifths or one call left, over at the limit', () => {
    expect(budgetState({ turns: 1, tokens: 100, seconds: 1 }, limits).kind).toBe('ok');
    expect(budgetState({ turns: 9, tokens: 100, seconds: 1 }, limits).kind).toBe('near');
    expect(budgetState({ turns: 1, tokens: 8000, seconds: 1 }, limits).kind).toBe('near');
    expect(budgetState({ turns: 1, tokens: 100, seconds: 100 }, limits)).toEqual({ kind: 'over', what: '100 seconds' });
  });

  it('the report is the last answer when done; otherwise why, what it wrote and its calls; never empty', () => {
    expect(childReport('explore', [answer('found it at a.ts:3')], { kind: 'done' })).toEqual({ text: 'found it at a.ts:3', isError: false });
    const partial = childReport('explore', [answer('looking', [{ name: 'grep', arguments: { pattern: 'x' } }])], { kind: 'budget', what: '2 model calls' });
    expect(partial.text).toBe(
      'The explore agent was stopped at its budget (2 model calls) before it finished.\n\nWhat it wrote so far:\nlooking\n\nIts tool calls (1):\n- grep x',
    );
    const nothing = childReport('general', [], { kind: 'error', message: 'the server went away' });
    expect(nothing).toEqual({ text: 'The general agent failed: the server went away.\nIt wrote nothing and made no tool call.', isError: true });
    expect(childReport('explore', [answer('')], { kind: 'done' }).text).toContain('ended without a final report');
  });

  it('the limiter runs at most its limit at once, the others in order', async () => {
    const limiter = new Limiter(async () => ({ limit: () => 1 }));
    const order: string[] = [];
    let release: () => void = () => {};
    const first = limiter.run(() => new Promise<void>((r) => (release = r)).then(() => order.push('a')));
    const second = limiter.run(async () => order.push('b'));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['a', 'b']);
  });

  it('with slots, each running job holds its own, and a finished one hands its slot on', async () => {
    const limiter = new Limiter(async () => ({ limit: () => 2, slots: [0, 1, 2] }));
    const held: (number | undefined)[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const jobs = [0, 1, 2].map(() =>
      limiter.run(async (slot) => {
        held.push(slot);
        await gate;
      }),
    );
    await new Promise((r) => setImmediate(r));
    // two at once (the limit), on slots 0 and 1; the third waits
    expect(held).toEqual([0, 1]);
    release();
    await Promise.all(jobs);
    expect(held).toHaveLength(3);
    expect([0, 1]).toContain(held[2]);
  });
});

describe('in the app', () => {
  it("a running task shows one folded line (agent, step, calls, tokens); a finished one its counts and its report's first line, Ctrl+O the calls it made and the whole report", () => {
    const calls = ['grep ANSWER', 'read a.ts'];
    const view = (status: 'running' | 'done', text: string, details: object) =>
      renderToolCall(
        { id: 't', name: 'task', args: { description: 'find it', prompt: 'p' }, status, result: { content: [{ type: 'text', text }], details } },
        100,
      ).map(stripAnsi);
    const running = view('running', 'explore: grep ANSWER · 2 calls · 1234 tokens', { agent: 'explore', step: 'grep ANSWER', tokens: 1234, calls });
    expect(running[0]).toContain('task explore: find it');
    expect(running.slice(1)).toEqual(['  explore: grep ANSWER · 2 calls · 1.2k tokens']);
    const done = view('done', 'ANSWER is at a.ts:1\nmore\nand more', { agent: 'explore', tokens: 1500, calls, durationMs: 12_000, end: 'done' });
    expect(done).toEqual(['✓ task explore: find it · 2 calls · 1.5k tokens · 12s', '  ANSWER is at a.ts:1 (+2 lines, Ctrl+O)']);
    const expanded = renderToolCall(
      {
        id: 't',
        name: 'task',
        args: { description: 'find it' },
        status: 'done',
        result: { content: [{ type: 'text', text: 'at a.ts:1' }], details: { agent: 'explore', tokens: 900, calls, end: 'done' } },
      },
      100,
      { expanded: true },
    ).map(stripAnsi);
    expect(expanded).toEqual(['✓ task explore: find it · 2 calls · 900 tokens', '  → grep ANSWER', '  → read a.ts', '  at a.ts:1']);
  });

  it('at 80 columns a stopped child keeps "(interrupted)" and its counts whole; its task is what is cut', () => {
    const header = renderToolCall(
      {
        id: 't',
        name: 'task',
        args: { description: 'look for every parser in all of the source folders' },
        status: 'interrupted',
        result: {
          content: [{ type: 'text', text: 'The explore agent was interrupted before it finished.' }],
          details: { agent: 'explore', tokens: 2500, calls: ['grep parse'], durationMs: 61_000, end: 'aborted' },
        },
      },
      80,
    ).map(stripAnsi)[0];
    expect(header).toBe('■ task explore: look for every par… (interrupted) · 1 call · 2.5k tokens · 1m01s');
  });
});
