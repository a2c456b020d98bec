import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../src/ai/types.js';
import type { CheckpointRecord } from '../../src/checkpoints/records.js';
import { SessionWriter, loadSession } from '../../src/session/file/store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const user = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });
const answer = (text: string): Message => ({
  role: 'assistant',
  content: [{ type: 'text', text }],
  provider: 'p',
  model: 'm',
  usage: { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null },
  stopReason: 'stop',
  timestamp: 1,
});
const checkpoint = (text: string): CheckpointRecord => ({ type: 'checkpoint', kind: 'prompt', tree: 'a'.repeat(40), text, timestamp: 1 });
const texts = (messages: Message[]) =>
  messages.map((m) => (m.role === 'assistant' ? (m.content[0] as { text: string }).text : m.role === 'user' ? m.content : ''));

function write(entries: Parameters<SessionWriter['append']>[0][]): string {
  const dir = mkdtempSync(join(tmpdir(), 'ckpt-session-'));
  dirs.push(dir);
  const path = join(dir, 's.jsonl');
  const w = SessionWriter.create(path, { type: 'session', version: 1, id: 'id', created: '', cwd: dir, model: 'm', tack_version: '0' });
  for (const e of entries) w.append(e);
  w.close();
  return path;
}

describe('checkpoints in the session file', () => {
  it('a rewind entry sets the conversation back to its checkpoint, also across a compaction, and later messages follow it', async () => {
    const path = write([
      checkpoint('one'),
      { type: 'message', message: user('one') },
      { type: 'message', message: answer('first') },
      checkpoint('two'),
      { type: 'message', message: user('two') },
      { type: 'message', message: answer('second') },
      { type: 'compaction', summary: 'S', tokensBefore: 10, messagesSummarized: 3, kept: [answer('second')], timestamp: 2 },
      checkpoint('three'),
      { type: 'message', message: user('three') },
      { type: 'rewind', checkpoint: 2, timestamp: 3 },
      { type: 'message', message: user('two, again') },
    ]);
    const loaded = await loadSession(path);
    expect(texts(loaded.messages)).toEqual(['one', 'first', 'two, again']);
    expect(loaded.compactedCount).toBe(0);
    expect(loaded.timeline.map((r) => (r.type === 'checkpoint' ? r.text : r.type))).toEqual(['one', 'two', 'three']);
    expect(texts(loaded.conversations[0]!())).toEqual([]);
    expect(texts(loaded.conversations[2]!())[0]).toContain('compacted');
  });

  it('a rewind to a checkpoint the file does not have changes nothing', async () => {
    const path = write([checkpoint('one'), { type: 'message', message: user('one') }, { type: 'rewind', checkpoint: 7, timestamp: 1 }]);
    expect(texts((await loadSession(path)).messages)).toEqual(['one']);
  });
});
