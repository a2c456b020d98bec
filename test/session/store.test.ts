import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assistant, result, user } from '../support/messages.js';
import { UsageError } from '../../src/config/errors.js';
import { lockSession } from '../../src/session/file/lock.js';
import { cwdSlug, sessionsDir } from '../../src/config/paths.js';
import { SessionWriter, answerOrphanToolCalls, listSessions, loadSession, sessionFileName } from '../../src/session/file/store.js';
import type { SessionHeader } from '../../src/session/file/entries.js';

const header = (id = 'abc'): SessionHeader => ({
  type: 'session',
  version: 1,
  id,
  created: new Date().toISOString(),
  cwd: '/w',
  model: 'm',
  tack_version: '0',
});

function tmp() {
  return mkdtempSync(join(tmpdir(), 'tack-store-'));
}

describe('session files', () => {
  it('appends one line per entry and loads them back', async () => {
    const path = join(tmp(), 'a', 's.jsonl');
    const w = SessionWriter.create(path, header());
    w.append({ type: 'message', message: user('hi') });
    w.append({ type: 'message', message: assistant('hello') });
    w.append({ type: 'model', provider: 'p', model: 'm2' });
    w.close();
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(4);
    const loaded = await loadSession(path);
    expect(loaded.header.id).toBe('abc');
    expect(loaded.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(loaded.model).toBe('m2');
    expect(loaded.warnings).toEqual([]);
  });

  it('skips a torn last line and a corrupt line with a warning, and ignores unknown entry types', async () => {
    const path = join(tmp(), 's.jsonl');
    const w = SessionWriter.create(path, header());
    w.append({ type: 'message', message: user('one') });
    w.close();
    appendFileSync(path, 'not json at all\n');
    appendFileSync(path, JSON.stringify({ type: 'future_thing', x: 1 }) + '\n');
    appendFileSync(path, JSON.stringify({ type: 'message', message: assistant('two') }) + '\n');
    appendFileSync(path, '{"type":"message","message":{"role":"assis');
    const loaded = await loadSession(path);
    expect(loaded.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(loaded.warnings).toHaveLength(2);
    expect(loaded.warnings[0]).toContain('line 3');
  });

  it('reopening cuts a torn last line aside, however long, and leaves a whole file alone', async () => {
    const path = join(tmp(), 's.jsonl');
    const w = SessionWriter.create(path, header());
    w.append({ type: 'message', message: user('one') });
    w.close();
    const whole = readFileSync(path, 'utf8');
    SessionWriter.reopen(path).writer.close();
    expect(readFileSync(path, 'utf8')).toBe(whole);
    const fragment = `{"type":"message","message":{"role":"user","content":"${'x'.repeat(200_000)}`;
    appendFileSync(path, fragment);
    const { writer, torn } = SessionWriter.reopen(path);
    writer.append({ type: 'message', message: user('two') });
    writer.close();
    expect(torn).toBe(`${path}.torn`);
    expect(readFileSync(`${path}.torn`, 'utf8')).toBe(`${fragment}\n`);
    const loaded = await loadSession(path);
    expect(loaded.messages.map((m) => m.content)).toEqual(['one', 'two']);
    expect(loaded.warnings).toEqual([]);
  });

  it('loads only the latest compaction summary and what follows it', async () => {
    const path = join(tmp(), 's.jsonl');
    const w = SessionWriter.create(path, header());
    for (let i = 0; i < 10; i++) w.append({ type: 'message', message: user(`old ${i}`) });
    w.append({ type: 'compaction', summary: 'SUMMARY ONE', tokensBefore: 100, messagesSummarized: 8, kept: [user('old 8'), user('old 9')], timestamp: 2 });
    w.append({ type: 'message', message: user('new') });
    w.close();
    const loaded = await loadSession(path);
    expect(loaded.messages).toHaveLength(4);
    expect(JSON.stringify(loaded.messages[0].content)).toContain('SUMMARY ONE');
    expect(loaded.messages.slice(1).map((m) => m.content)).toEqual(['old 8', 'old 9', 'new']);
    expect(loaded.compactedCount).toBe(8);
  });

  it('answers tool calls that have no recorded result, right after their call', () => {
    const fixed = answerOrphanToolCalls([user('u'), assistant('', ['c1', 'c2']), result('c1'), user('next'), assistant('', ['c3'])]);
    expect(fixed.map((m) => (m.role === 'toolResult' ? `result:${m.toolCallId}` : m.role))).toEqual([
      'user',
      'assistant',
      'result:c1',
      'result:c2',
      'user',
      'assistant',
      'result:c3',
    ]);
    const synthetic = fixed[3];
    expect(synthetic.role === 'toolResult' && synthetic.isError).toBe(true);
    expect(JSON.stringify(synthetic)).toContain('interrupted: no result was recorded');
  });

  it('lists sessions of a directory newest first', () => {
    const home = tmp();
    const dir = sessionsDir(home, '/some/project');
    expect(dir).toContain(cwdSlug('/some/project'));
    SessionWriter.create(join(dir, sessionFileName(new Date('2026-01-01T00:00:00Z'), 'old1')), header('old1')).close();
    SessionWriter.create(join(dir, sessionFileName(new Date('2026-06-01T00:00:00Z'), 'new1')), header('new1')).close();
    const list = listSessions(home, '/some/project');
    expect(list.map((s) => s.id)).toEqual(['new1', 'old1']);
    expect(list[0].created.toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });
});

describe('session lock', () => {
  it('refuses a second writer naming the pid, and takes over a stale lock', async () => {
    const file = join(tmp(), 's.jsonl');
    // A live process holds the lock.
    const holder = spawn('sleep', ['30']);
    writeFileSync(`${file}.lock`, String(holder.pid));
    try {
      expect(() => lockSession(file)).toThrow(UsageError);
      expect(() => lockSession(file)).toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
    await new Promise((r) => holder.on('exit', r));
    // Its process is gone: the lock is stale and taken over.
    const lock = lockSession(file);
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
