// What the session picker lists: date, first prompt, turns (counted in the whole file, compacted
// history included, big files too) and size, without the open session.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, Message } from '../../src/ai/types.js';
import { chooseSession, summarizeSessions } from '../../src/session/file/locate.js';
import { sessionsDir } from '../../src/config/paths.js';
import { SessionWriter, sessionFileName } from '../../src/session/file/store.js';

const user = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });
const assistant = (text: string): AssistantMessage => ({
  role: 'assistant',
  content: [{ type: 'text', text }],
  provider: 'p',
  model: 'm',
  usage: { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null },
  stopReason: 'stop',
  timestamp: 1,
});

function write(home: string, cwd: string, id: string, created: Date, messages: Message[], compactAfter?: number): void {
  const w = SessionWriter.create(join(sessionsDir(home, cwd), sessionFileName(created, id)), {
    type: 'session',
    version: 1,
    id,
    created: created.toISOString(),
    cwd,
    model: 'm',
    tack_version: '0',
  });
  messages.forEach((message, i) => {
    w.append({ type: 'message', message });
    if (i === compactAfter) w.append({ type: 'compaction', summary: 'so far', tokensBefore: 1, messagesSummarized: i + 1, kept: [], timestamp: 1 });
  });
  w.close();
}

describe('session picker list', () => {
  it('newest first, with the first prompt on one line, the turns of the whole file and the size; the open one left out', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tack-picker-'));
    const cwd = '/work/project';
    write(home, cwd, 'old-one', new Date('2026-01-01T10:00:00Z'), [user('fix the\nlogin bug'), assistant('done'), user('thanks'), assistant('ok')], 1);
    write(home, cwd, 'new-one', new Date('2026-01-02T10:00:00Z'), [
      user([
        { type: 'text', text: 'look at' },
        { type: 'image', data: '', mimeType: 'image/png' },
      ] as any),
      assistant('a "quoted" {"type":"message","message":{"role":"user"} text'),
    ]);
    write(home, cwd, 'open-one', new Date('2026-01-03T10:00:00Z'), [user('current')]);
    write(home, '/elsewhere', 'other-dir', new Date('2026-01-04T10:00:00Z'), [user('not here')]);
    const list = await summarizeSessions(home, cwd, 'open-one');
    expect(list.map((s) => [s.id, s.firstPrompt, s.turns])).toEqual([
      ['new-one', 'look at [image]', 1],
      ['old-one', 'fix the login bug', 2],
    ]);
    expect(list[0]!.size).toBeGreaterThan(100);
    expect(list[0]!.created.toISOString()).toBe('2026-01-02T10:00:00.000Z');
  });

  it('counts turns across read chunks in a big file, a user line straddling two reads included', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tack-picker-'));
    const file = join(sessionsDir(home, '/w'), sessionFileName(new Date(), 'big'));
    const line = (v: unknown) => `${JSON.stringify(v)}\n`;
    const head =
      line({ type: 'session', version: 1, id: 'big', created: new Date().toISOString(), cwd: '/w', model: 'm', tack_version: '0' }) +
      line({ type: 'message', message: user('step 0') });
    // an answer just long enough that the next user line starts 20 bytes before the first read ends
    const bare = line({ type: 'message', message: assistant('') });
    const padded = line({ type: 'message', message: assistant('x'.repeat(1024 * 1024 - 20 - Buffer.byteLength(head) - Buffer.byteLength(bare) + 1)) });
    let body = head + padded;
    expect(Buffer.byteLength(body)).toBe(1024 * 1024 - 20 + 1);
    for (let i = 1; i < 300; i++)
      body += line({ type: 'message', message: user(`step ${i}`) }) + line({ type: 'message', message: assistant('y'.repeat(9000)) });
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    const [big] = await summarizeSessions(home, '/w');
    expect(big!.size).toBeGreaterThan(3 * 1024 * 1024);
    expect(big!.turns).toBe(300);
    expect(big!.firstPrompt).toBe('step 0');
  });

  it('-r without an id asks for the picker in the interactive mode', () => {
    expect(chooseSession({ resume: true }, '/nonexistent', '/w', true)).toEqual({ pick: true });
    expect(chooseSession({}, '/nonexistent', '/w', true)).toEqual({});
  });
});
