// The protocol as a mode sees it, against a real Session and the scripted server: a question is an
// event and its answer an operation, one question at a time; an Esc voids the open question, and an
// answer to it then changes nothing.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import { createSession } from '../../src/session/create-session.js';
import type { Session, SessionEvent } from '../../src/session/session.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function sessionFor(server: MockServer): Promise<{ session: Session; cwd: string }> {
  const base = mkdtempSync(join(tmpdir(), 'tack-protocol-'));
  const cwd = join(base, 'project');
  mkdirSync(cwd);
  const config = resolveConfig({ baseUrl: server.url, model: 'm', cwd, sandbox: 'off' }, { TACK_HOME: join(base, 'home') });
  const session = await createSession({ config, file: null, safety: { interactive: true }, note: () => {} });
  cleanup.push(() => session.close());
  return { session, cwd };
}

describe('the Session protocol', () => {
  it('puts one question at a time as an event, and goes on when the answer operation comes', async () => {
    const server = await startMockServer({
      turns: [
        {
          toolCalls: [
            { name: 'bash', arguments: { command: 'touch a' } },
            { name: 'bash', arguments: { command: 'touch b' } },
          ],
        },
        { text: 'both made' },
      ],
    });
    cleanup.push(() => server.close());
    const { session, cwd } = await sessionFor(server);
    const seen: string[] = [];
    let open = 0;
    let most = 0;
    session.subscribe((e: SessionEvent) => {
      if (e.type === 'question') {
        open++;
        most = Math.max(most, open);
        seen.push(`question ${e.request.command}`);
        expect(session.view().question?.id).toBe(e.id);
        // answered a little later, as a person would
        setTimeout(() => void session.submit({ type: 'answer', id: e.id, answer: { answer: 'yes' } }), 20);
      }
      if (e.type === 'question_end') {
        open--;
        seen.push(`answered ${e.answer?.answer}`);
      }
    });
    const sent = await session.submit({ type: 'user_message', input: 'make a and b' });
    await sent.done;
    expect(seen).toEqual(['question touch a', 'answered yes', 'question touch b', 'answered yes']);
    expect(most).toBe(1);
    expect(session.view().question).toBeUndefined();
    expect([existsSync(join(cwd, 'a')), existsSync(join(cwd, 'b'))]).toEqual([true, true]);
  });

  it('an abort voids the open question: it ends without an answer, a late answer changes nothing, and nothing ran', async () => {
    const server = await startMockServer({ turns: [{ toolCalls: [{ name: 'bash', arguments: { command: 'touch late' } }] }, { text: 'never asked for' }] });
    cleanup.push(() => server.close());
    const { session, cwd } = await sessionFor(server);
    const ends: SessionEvent[] = [];
    const asked = new Promise<number>((resolve) => {
      session.subscribe((e) => {
        if (e.type === 'question') resolve(e.id);
        if (e.type === 'question_end' || e.type === 'agent_end') ends.push(e);
      });
    });
    const sent = await session.submit({ type: 'user_message', input: 'make it' });
    const id = await asked;
    await session.submit({ type: 'abort' });
    await sent.done;
    expect(ends[0]).toEqual({ type: 'question_end', id });
    expect(ends.at(-1)).toMatchObject({ type: 'agent_end', reason: 'aborted' });
    expect(await session.submit({ type: 'answer', id, answer: { answer: 'yes' } })).toBe(false);
    expect(existsSync(join(cwd, 'late'))).toBe(false);
    expect(server.chatRequests()).toHaveLength(1);
  });
});
