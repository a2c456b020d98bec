// Children in the app (tmux): a running child is one folded line under its task call, its question
// is asked in the parent's UI labelled with the child, and Esc stops the children with the parent.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps, toolResults } from '../interactive/harness.js';
import { hasTmux } from '../interactive/tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const task = (id: string, prompt: string, agent?: string) => ({
  id,
  name: 'task',
  arguments: { description: 'fix the typo', prompt, ...(agent ? { agent } : {}) },
});

run('children in the app', () => {
  it("a child's edit is asked in the app, labelled with the child; the answer reaches the child", async () => {
    const { term, server, project } = await startApp(
      [
        { toolCalls: [task('call_q', 'fix teh in a.txt', 'general')] },
        { toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_text: 'teh', new_text: 'the' } }] },
        { text: 'fixed a.txt:1' },
        { text: 'done' },
      ],
      { files: { 'a.txt': 'teh cat\n' } },
    );
    term.type('fix it');
    term.keys('Enter');
    await term.waitFor('[general agent: fix the typo] Edit a.txt', 10_000, "the child's question");
    term.type('y');
    await term.waitFor('done', 10_000);
    expect(readFileSync(join(project.dir, 'a.txt'), 'utf8')).toBe('the cat\n');
    expect(toolResults(server.chatRequests()[3]!)).toEqual(['fixed a.txt:1']);
  });

  it('a running child is one line under its task call; Esc stops it with the parent, and the task call is answered', async () => {
    const { term, project } = await startApp([{ toolCalls: [task('call_esc', 'look at everything')] }, { hang: true }]);
    term.type('look');
    term.keys('Enter');
    await term.waitFor('explore: waiting for the model · 0 calls', 10_000, 'the folded line');
    term.keys('Escape');
    await term.waitFor('interrupted', 10_000);
    const folder = join(project.home, 'sessions', readdirSync(join(project.home, 'sessions'))[0]!);
    const file = readdirSync(folder).find((f) => f.endsWith('.jsonl'))!;
    const lines = readFileSync(join(folder, file), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const result = lines.find((l) => l.type === 'message' && l.message.role === 'toolResult');
    expect(result.message.content[0].text).toContain('The explore agent was interrupted before it finished.');
  });
});
