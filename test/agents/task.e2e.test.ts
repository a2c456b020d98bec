// Subagents end to end: the built CLI hands a job to a child through the task tool, against the
// scripted server, which tells the parent's requests from a child's by the system prompt.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import type { RecordedRequest, Turn } from '../support/mock-openai-server.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const server = scriptedServers();

const systemText = (r: RecordedRequest): string => r.body.messages.find((m: any) => m.role === 'system' || m.role === 'developer').content;
const isChild = (r: RecordedRequest) => systemText(r).startsWith('You are a sub-agent of tack');
const toolNames = (r: RecordedRequest): string[] => (r.body.tools ?? []).map((t: any) => t.function.name);
const userText = (r: RecordedRequest): string =>
  r.body.messages
    .filter((m: any) => m.role === 'user')
    .map((m: any) => (typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('')))
    .join('\n');

const task = (id: string, prompt: string, agent?: string) => ({
  id,
  name: 'task',
  arguments: { description: 'look around', prompt, ...(agent ? { agent } : {}) },
});

describe('the task tool', () => {
  it('a delegated exploration: the child greps, its report reaches the parent, its transcript is kept and -c continues', async () => {
    const s = await server([
      { toolCalls: [task('call_t1', 'Find where ANSWER is defined')] },
      { toolCalls: [{ name: 'grep', arguments: { pattern: 'ANSWER' } }] },
      { text: 'ANSWER is defined at src/a.ts:1' },
      { text: 'It is in src/a.ts.' },
      { text: 'continued' },
    ]);
    const { dir, home } = makeProject({ 'src/a.ts': 'export const ANSWER = 42;\n' });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'where is ANSWER?'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('It is in src/a.ts.\n');
    const [parent1, child1, child2, parent2] = s.chatRequests();
    expect(toolNames(parent1!)).toContain('task');
    expect(isChild(child1!)).toBe(true);
    // a fresh context: the job, not the user's words
    expect(userText(child1!)).toBe('Find where ANSWER is defined');
    expect(toolNames(child1!)).toEqual(['read', 'bash', 'grep', 'find', 'ls', 'fetch']);
    expect(toolResultText(child2!)).toContain('src/a.ts:1');
    expect(toolResultText(parent2!)).toBe('ANSWER is defined at src/a.ts:1');
    // the child's first request stays small (system + tools)
    expect(systemText(child1!).length + JSON.stringify(child1!.body.tools).length).toBeLessThan(8000);
    // a stable prefix, so a server's prompt cache is reused: the second request starts with the first
    expect(child2!.body.tools).toEqual(child1!.body.tools);
    expect(child2!.body.messages.slice(0, child1!.body.messages.length)).toEqual(child1!.body.messages);

    const slug = readdirSync(join(home, 'sessions'))[0]!;
    const folder = join(home, 'sessions', slug);
    const sidecars = readdirSync(folder).filter((f) => f.endsWith('.agents'));
    expect(sidecars).toHaveLength(1);
    const [childFile] = readdirSync(join(folder, sidecars[0]!)).filter((f) => f.endsWith('.jsonl'));
    const lines = readFileSync(join(folder, sidecars[0]!, childFile!), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0].type).toBe('session');
    expect(lines.filter((l) => l.type === 'message').map((l) => l.message.role)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);

    const again = await runTack(['-p', '-c', '--base-url', s.url, '-m', 'm', 'and then?'], { cwd: dir, home });
    expect(again.code).toBe(0);
    expect(toolResultText(s.chatRequests()[4]!)).toBe('ANSWER is defined at src/a.ts:1');
  });

  it('two task calls in one message run at once: the server sees both requests open together', async () => {
    let arrived = 0;
    let bothHere: () => void = () => {};
    const both = new Promise<void>((resolve) => (bothHere = resolve));
    const child: Turn = (request) => {
      if (++arrived === 2) bothHere();
      const which = userText(request).includes('job A') ? 'A' : 'B';
      return { until: both, turn: { text: `report ${which}` } };
    };
    const s = await server([{ toolCalls: [task('call_a', 'job A'), task('call_b', 'job B')] }, child, child, { text: 'both done' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'do both'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(s.peakConcurrent()).toBe(2);
    expect(toolResultText(s.chatRequests()[3]!)).toBe('report A\nreport B');
  });

  it('a server with one slot (/slots): the children run one after another', async () => {
    const child: Turn = (request) => ({ text: `report ${userText(request).includes('job A') ? 'A' : 'B'}` });
    const s = await server([{ toolCalls: [task('call_a', 'job A'), task('call_b', 'job B')] }, child, child, { text: 'both done' }], { slots: 1 });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'do both'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(s.requests.some((q) => q.path === '/slots')).toBe(true);
    expect(s.peakConcurrent()).toBe(1);
    expect(toolResultText(s.chatRequests()[3]!)).toBe('report A\nreport B');
  });
});

describe('agent files and limits', () => {
  const REVIEWER = '---\nname: reviewer\ndescription: Reviews a change for bugs.\ntools: Read, Grep\nmodel: sonnet\n---\nREVIEWER-INSTRUCTIONS: be strict.\n';

  it("a trusted folder's .claude/agents/reviewer.md is offered and used: its instructions, its tools only", async () => {
    const s = await server([{ toolCalls: [task('call_r', 'review src', 'reviewer')] }, { text: 'looks fine' }, { text: 'ok' }]);
    const { dir, home } = makeProject({ '.claude/agents/reviewer.md': REVIEWER });
    const r = await runTack(['-p', '--trust', '--base-url', s.url, '-m', 'm', 'review'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const [parent1, child1, parent2] = s.chatRequests();
    const taskTool = parent1!.body.tools.find((t: any) => t.function.name === 'task');
    expect(taskTool.function.description).toContain('- reviewer: Reviews a change for bugs.');
    expect(systemText(child1!)).toContain('REVIEWER-INSTRUCTIONS: be strict.');
    expect(toolNames(child1!)).toEqual(['read', 'grep']);
    // Claude Code's model alias names none of this server's models: the parent's is used
    expect(child1!.body.model).toBe('m');
    expect(toolResultText(parent2!)).toBe('looks fine');
  });

  it("an untrusted folder's agent file is ignored: not offered, and naming it is an error the model reads", async () => {
    const s = await server([{ toolCalls: [task('call_r', 'review src', 'reviewer')] }, { text: 'ok' }]);
    const { dir, home } = makeProject({ '.claude/agents/reviewer.md': REVIEWER });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'review'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('.claude/agents/reviewer.md');
    const [parent1, parent2] = s.chatRequests();
    expect(JSON.stringify(parent1!.body.tools)).not.toContain('reviewer: Reviews');
    expect(s.chatRequests()).toHaveLength(2);
    expect(toolResultText(parent2!)).toContain('no agent named "reviewer"');
    // the trust question names what the file would add
    const trusted = await runTack(['trust'], { cwd: dir, home });
    expect(trusted.stdout).toContain('adds the agent "reviewer"');
  });

  it('a child has no task tool of its own unless agents.depth allows one more level', async () => {
    const s = await server([
      { toolCalls: [task('call_d0', 'p', 'general')] },
      { text: 'r' },
      { text: 'ok' },
      { toolCalls: [task('call_d1', 'p', 'general')] },
      { text: 'r' },
      { text: 'ok' },
    ]);
    const { dir, home } = makeProject();
    expect((await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home })).code).toBe(0);
    writeFileSync(join(home, 'config.json'), JSON.stringify({ agents: { depth: 1 } }));
    expect((await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home })).code).toBe(0);
    const requests = s.chatRequests();
    expect(isChild(requests[1]!) && isChild(requests[4]!)).toBe(true);
    expect(toolNames(requests[1]!)).not.toContain('task');
    expect(toolNames(requests[4]!)).toContain('task');
  });

  it('explore cannot edit: the call is refused, the file is unchanged, the parent gets the report', async () => {
    const s = await server([
      { toolCalls: [task('call_e', 'fix the typo in a.txt')] },
      { toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_text: 'teh', new_text: 'the' } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch made-by-child' } }] },
      { text: 'I could not change it: edit is not mine to use' },
      { text: 'ok' },
    ]);
    const { dir, home } = makeProject({ 'a.txt': 'teh cat\n' });
    const r = await runTack(['-p', '--yolo', '--base-url', s.url, '-m', 'm', 'fix it'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const [, , child2, child3, parent2] = s.chatRequests();
    expect(toolResultText(child2!)).toMatch(/edit/);
    expect(toolResultText(child3!)).toContain('refused: the explore agent only looks');
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('teh cat\n');
    expect(existsSync(join(dir, 'made-by-child'))).toBe(false);
    expect(toolResultText(parent2!)).toBe('I could not change it: edit is not mine to use');
  });

  it("print mode: a child's call that needs a question is refused as the parent's would be, and the parent goes on", async () => {
    const { dir, home } = makeProject();
    const outside = join(home, '..', 'outside.txt');
    const s = await server([
      { toolCalls: [task('call_g', 'write the note', 'general')] },
      { toolCalls: [{ name: 'write', arguments: { path: outside, content: 'x' } }] },
      { text: 'the write was refused' },
      { text: 'the child could not write it' },
    ]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'write it'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('the child could not write it\n');
    expect(existsSync(outside)).toBe(false);
    expect(toolResultText(s.chatRequests()[2]!)).toMatch(/refused|outside/);
    expect(toolResultText(s.chatRequests()[3]!)).toBe('the write was refused');
  });

  it('plan mode holds for a child: a general child cannot write, and its bash sees the workspace read-only', async () => {
    const s = await server([
      { toolCalls: [task('call_p', 'make the change', 'general')] },
      {
        toolCalls: [
          { id: 'w', name: 'write', arguments: { path: 'a.txt', content: 'changed\n' } },
          { id: 'b', name: 'bash', arguments: { command: 'echo changed > a.txt; rm -f b.txt' } },
        ],
      },
      { text: 'plan mode stopped me' },
      { text: 'Plan: change a.txt once approved.' },
    ]);
    const { dir, home } = makeProject({ 'a.txt': 'original\n', 'b.txt': 'keep\n' });
    const r = await runTack(['-p', '--approval', 'plan', '--base-url', s.url, '-m', 'm', 'change a.txt'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const child2 = s.chatRequests()[2]!;
    expect(isChild(child2)).toBe(true);
    expect(toolNames(child2)).not.toContain('exit_plan_mode');
    expect(toolResultText(child2)).toContain('plan mode');
    // a child has no exit_plan_mode: it is told to report, its parent presents the plan
    const writeResult = child2.body.messages.find((m: any) => m.role === 'tool' && m.tool_call_id === 'w').content;
    expect(writeResult).toContain('the agent that asked you presents the plan');
    expect(writeResult).not.toContain('exit_plan_mode');
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('original\n');
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe('keep\n');
  });

  it('a budget reached: the child is told to finish, then stopped; its report is what it had, and the parent goes on', async () => {
    const ls: Turn = { text: 'still looking', toolCalls: [{ name: 'ls', arguments: {} }] };
    const s = await server([{ toolCalls: [task('call_b', 'list everything')] }, ls, ls, { text: 'partial is fine' }]);
    const { dir, home } = makeProject({ '.tack/config.json': JSON.stringify({ agents: { maxTurns: 2 } }) });
    const r = await runTack(['-p', '--trust', '--base-url', s.url, '-m', 'm', 'list'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const [, , child2, parent2] = s.chatRequests();
    expect(userText(child2!)).toContain('Your budget is nearly spent');
    const report = toolResultText(parent2!);
    expect(report).toContain('The explore agent was stopped at its budget (2 model calls)');
    expect(report).toContain('still looking');
    expect(report).toContain('- ls');
    expect(r.stdout).toBe('partial is fine\n');
  });

  it('a token budget reached: the child is stopped at once, the parent gets what it had', async () => {
    const big: Turn = { text: 'reading a lot', toolCalls: [{ name: 'ls', arguments: {} }], usage: { prompt_tokens: 1500, completion_tokens: 10 } };
    const s = await server([{ toolCalls: [task('call_tok', 'read it all')] }, big, { text: 'fine' }]);
    const { dir, home } = makeProject({ '.tack/config.json': JSON.stringify({ agents: { maxTokens: 1000 } }) });
    const r = await runTack(['-p', '--trust', '--base-url', s.url, '-m', 'm', 'read'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(s.chatRequests()).toHaveLength(3);
    const report = toolResultText(s.chatRequests()[2]!);
    expect(report).toContain('The explore agent was stopped at its budget (1000 tokens) before it finished.');
    expect(report).toContain('reading a lot');
  });

  it("stream-json: the child's events carry parent_tool_use_id, the task call's id", async () => {
    const s = await server([{ toolCalls: [task('call_s', 'say hi')] }, { text: 'hi from the child' }, { text: 'done' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--output-format', 'stream-json', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const tagged = lines.filter((l) => l.parent_tool_use_id !== undefined);
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((l) => l.parent_tool_use_id === 'call_s' && l.agent === 'explore')).toBe(true);
    const childEnd = tagged.find((l) => l.type === 'message_end' && l.message?.role === 'assistant');
    expect(childEnd.message.content[0].text).toBe('hi from the child');
    expect(tagged.some((l) => l.type === 'agent_end')).toBe(true);
  });
});
