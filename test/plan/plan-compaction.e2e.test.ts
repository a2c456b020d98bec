// A compaction keeps the approved plan word for word: the summary that replaces the older messages
// carries it, so the model still has the plan it is carrying out.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { spawnJsonChild, type JsonChild } from '../support/json-child.js';
import type { RecordedRequest, Turn } from '../support/mock-openai-server.js';
import { scriptedServers } from '../support/scripted.js';
import { call, PLAN } from './support.js';

const server = scriptedServers();
const children: JsonChild[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
});

const isSummaryRequest = (req: RecordedRequest) => JSON.stringify(req.body.messages.at(-1)).includes('[Compaction]');
const read = (offset: number, promptTokens: number): Turn => ({
  toolCalls: [{ name: 'read', arguments: { path: 'big.txt', offset } }],
  usage: { prompt_tokens: promptTokens, completion_tokens: 10 },
});

describe('compaction in plan mode', () => {
  it('the summary carries the latest plan verbatim once its exit_plan_mode call is compacted away', { timeout: 60_000 }, async () => {
    const s = await server([
      { ...call('exit_plan_mode', { plan: PLAN }), usage: { prompt_tokens: 300, completion_tokens: 10 } },
      read(1, 800),
      read(2, 1400),
      read(3, 2000),
      // over the threshold: 3,200 (a fifth of the 4,000 window is kept free for the answer)
      read(4, 3300),
      (req) => (isSummaryRequest(req) ? { text: 'SUMMARY: approved a plan, read big.txt.' } : { text: 'unexpected: no summary request' }),
      { text: 'carrying on', usage: { prompt_tokens: 900, completion_tokens: 5 } },
    ]);
    const p = makeProject({ 'big.txt': 'line of text in the big file\n'.repeat(70) });
    mkdirSync(join(p.dir, '.tack'));
    const models = [{ id: 'tiny', contextWindow: 4000 }];
    const settings = { provider: 'local', model: 'tiny', providers: { local: { baseUrl: s.url, models } }, compaction: { reserveTokens: 1000 } };
    writeFileSync(join(p.dir, '.tack', 'config.json'), JSON.stringify(settings));
    const flags = ['-p', '--trust', '--input-format', 'stream-json', '--output-format', 'stream-json', '--permission-prompt', 'stdio', '--approval', 'plan'];
    const tack = spawnJsonChild(flags, { cwd: p.dir, home: p.home });
    children.push(tack);
    tack.send({ type: 'user', message: { role: 'user', content: 'count the lines of big.txt' } });
    const asked = await tack.waitFor((l) => l.type === 'approval_request');
    tack.send({ type: 'approval_response', id: asked.id, decision: 'allow', choice: 'a' });
    await tack.waitFor((l) => l.type === 'agent_end');
    tack.end();
    expect(await tack.exited).toBe(0);
    expect(tack.lines.map((l) => l.type)).toContain('compaction_end');
    const after = s.chatRequests().at(-1)!;
    // the conversation after the system prompt: the call itself is gone
    const sent = JSON.stringify(after.body.messages.slice(1));
    expect(sent).toContain('SUMMARY: approved a plan');
    expect(sent).not.toContain('exit_plan_mode');
    expect(sent).toContain(JSON.stringify(`# The latest plan (kept word for word)\n\n${PLAN}`).slice(1, -1));
  });
});
