// Approvals through a real Session, the way the interactive app uses it: createSession with
// `safety: {interactive: true}`, each `question` event answered with an `answer` operation.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../src/session/permissions/index.js';
import { createSession } from '../../src/session/create-session.js';
import { CALC_BUGGY } from '../support/calc.js';
import { answerEach, promptAndWait } from '../support/session-ops.js';
import { startMockServer, type MockServer, type RecordedRequest } from '../support/mock-openai-server.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const toolText = (request: RecordedRequest): string =>
  request.body.messages
    .filter((m: any) => m.role === 'tool')
    .map((m: any) => (typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('')))
    .join('\n');

describe('a session with someone to ask', () => {
  it('asks about an edit with its diff, passes a "no" reason to the model, and "always" ends questions for that command', async () => {
    const s = await startMockServer({
      turns: [
        { toolCalls: [{ name: 'edit', arguments: { path: 'calc.js', old_text: 'return a - b;', new_text: 'return a + b;' } }] },
        { toolCalls: [{ name: 'bash', arguments: { command: 'node sum.js 40 1' } }] },
        { toolCalls: [{ name: 'bash', arguments: { command: 'node sum.js 40 2' } }] },
        { text: 'done' },
      ],
    });
    servers.push(s);
    const base = mkdtempSync(join(tmpdir(), 'tack-approvals-'));
    const cwd = join(base, 'proj');
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'calc.js'), CALC_BUGGY);
    writeFileSync(join(cwd, 'sum.js'), 'console.log(Number(process.argv[2]) + Number(process.argv[3]));\n');
    const config = resolveConfig({ baseUrl: s.url, model: 'm', cwd }, { TACK_HOME: join(base, 'home') });

    const notes: string[] = [];
    const session = await createSession({ config, file: null, safety: { interactive: true, notify: (m) => notes.push(m) } });
    expect(session.view().approvals?.mode).toBe('ask');

    const asked: ApprovalRequest[] = [];
    const answers: ApprovalAnswer[] = [{ answer: 'no', reason: 'keep the subtraction, the test is wrong' }];
    answerEach(session, (request) => {
      asked.push(request);
      // the second question is about the first node command: take its "always" choice
      return answers.shift() ?? request.choices.find((c) => c.key === 'a')!.answer;
    });

    await promptAndWait(session, 'fix calc.js and check');
    session.close();

    expect(asked.map((a) => a.kind)).toEqual(['edit', 'bash']);
    expect(asked[0].diff).toContain('+  return a + b;');
    expect(asked[1].command).toBe('node sum.js 40 1');
    // the script, never `node` alone: that would allow any program
    expect(asked[1].choices.find((c) => c.key === 'a')!.label).toBe('Always allow `node sum.js …` this session');
    const requests = s.chatRequests();
    expect(toolText(requests[1])).toContain('refused by the user: keep the subtraction, the test is wrong');
    expect(readFileSync(join(cwd, 'calc.js'), 'utf8')).toBe(CALC_BUGGY);
    expect(toolText(requests[2])).toContain('41');
    expect(toolText(requests[3])).toContain('42');
  });
});
