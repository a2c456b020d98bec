// A plan approved mid-run changes the approval mode, not what the model is sent: every request of
// the session offers the same tools, and each request's messages start with the previous request's
// (a model server reuses its prompt cache only for an identical prefix). exit_plan_mode stays
// offered after the approval, and a call of it outside plan mode is refused in a sentence.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { spawnJsonChild, type JsonChild } from '../support/json-child.js';
import { scriptedServers } from '../support/scripted.js';
import { call, FILES, gitRepo, lastResult, PLAN } from './support.js';

const server = scriptedServers();
const children: JsonChild[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
});

const user = (content: string) => ({ type: 'user', message: { role: 'user', content } });
const toolNames = (body: any): string[] => body.tools.map((t: any) => t.function.name);

describe('plan mode and the prompt cache', () => {
  it('a plan approved mid-run: the same tools in every request, and each request extends the one before', { timeout: 60_000 }, async () => {
    const s = await server([
      call('exit_plan_mode', { plan: PLAN }),
      call('edit', { path: 'src/a.ts', old_text: 'greet', new_text: 'hello' }),
      { text: 'renamed' },
      call('exit_plan_mode', { plan: PLAN }),
      { text: 'done' },
    ]);
    const p = makeProject(FILES);
    gitRepo(p.dir);
    const flags = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--permission-prompt', 'stdio', '--approval', 'plan'];
    const tack = spawnJsonChild([...flags, '-m', 'm', '--base-url', s.url], { cwd: p.dir, home: p.home });
    children.push(tack);
    tack.send(user('rename greet'));
    const asked = await tack.waitFor((l) => l.type === 'approval_request' && l.kind === 'plan');
    tack.send({ type: 'approval_response', id: asked.id, decision: 'allow', choice: 'a' });
    await tack.waitFor((l) => l.type === 'agent_end');
    tack.send(user('plan again'));
    tack.end();
    expect(await tack.exited).toBe(0);
    expect(readFileSync(join(p.dir, 'src/a.ts'), 'utf8')).toContain('hello');

    const requests = s.chatRequests();
    const bodies = requests.map((r) => r.body);
    expect(bodies).toHaveLength(5);
    for (const body of bodies) expect(toolNames(body)).toEqual(toolNames(bodies[0]));
    expect(toolNames(bodies[0])).toContain('exit_plan_mode');
    for (const body of bodies) expect(body.tools).toEqual(bodies[0].tools);
    for (const [i, body] of bodies.entries()) if (i > 0) expect(body.messages.slice(0, bodies[i - 1].messages.length)).toEqual(bodies[i - 1].messages);
    // the model learns of plan mode from a note with the first message, not from the tool list
    expect(JSON.stringify(bodies[0].messages)).toContain('Plan mode is on');
    expect(lastResult(requests[1]!)).toContain('the approval mode is now auto-edit');
    // outside plan mode the tool is refused, in a sentence the model can act on
    expect(JSON.stringify(bodies[3].messages.slice(bodies[2].messages.length))).toContain('Plan mode is off');
    expect(lastResult(requests[4]!)).toContain('refused: not in plan mode');
    expect(tack.lines.filter((l) => l.type === 'approval_request')).toHaveLength(1);
  });
});
