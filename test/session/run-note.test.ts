// What changes between runs reaches the model in a note, only when it changed since the last one
// still in the conversation; the session file keeps the system prompt for `-c`. Pure, or on a temp file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionWriter, loadSession } from '../../src/session/file/store.js';
import { lastNoted, runNote, type RunFacts } from '../../src/session/prompt/run-note.js';

const WORDS = { instructions: '', planRules: 'the workspace is read-only.' };
const FACTS: RunFacts = { date: '2025-03-01', git: 'branch main, clean; last commit: first', plan: false, instructions: 'aaaa' };
const text = (note: ReturnType<typeof runNote>) => note?.content as string;

describe('the run note', () => {
  it('the first one tells the date and the git state; plan mode only when on; the instructions the system prompt holds are not repeated', () => {
    const note = runNote(FACTS, { instructions: 'aaaa' }, WORDS, 1);
    expect(text(note)).toBe('<context>\n- Date: 2025-03-01\n- Git: branch main, clean; last commit: first\n</context>');
    expect(note?.runFacts).toEqual(FACTS);
  });

  it('nothing changed: no note; one fact changed: that fact alone', () => {
    expect(runNote(FACTS, FACTS, WORDS, 1)).toBeUndefined();
    expect(text(runNote({ ...FACTS, git: 'branch main, dirty (1 changed path); last commit: first' }, FACTS, WORDS, 1))).toBe(
      '<context>\n- Git: branch main, dirty (1 changed path); last commit: first\n</context>',
    );
  });

  it('plan mode on, then off', () => {
    expect(text(runNote({ ...FACTS, plan: true }, FACTS, WORDS, 1))).toContain('- Plan mode is on: the workspace is read-only.');
    expect(text(runNote(FACTS, { ...FACTS, plan: true }, WORDS, 1))).toContain('- Plan mode is off');
  });

  it('changed project instructions come whole; removed ones are said to be gone', () => {
    const changed = runNote({ ...FACTS, instructions: 'bbbb' }, FACTS, { ...WORDS, instructions: '\n# Project instructions\n\nUse tabs.' }, 1);
    expect(text(changed)).toContain("follow this version instead of the system prompt's:\n# Project instructions\n\nUse tabs.");
    expect(text(runNote({ ...FACTS, instructions: 'cccc' }, FACTS, WORDS, 1))).toContain('were removed');
  });

  it("under a prompt of the user's own, only plan mode is told", () => {
    expect(runNote({ plan: false }, {}, WORDS, 1)).toBeUndefined();
    expect(text(runNote({ plan: true }, {}, WORDS, 1))).toContain('Plan mode is on');
  });

  it('the facts last told are those of the latest note still in the conversation', () => {
    const first = runNote(FACTS, {}, WORDS, 1)!;
    const second = runNote({ ...FACTS, date: '2025-03-02' }, FACTS, WORDS, 2)!;
    const hello = { role: 'user', content: 'hello', timestamp: 1 };
    expect(lastNoted([first, hello, second, hello])).toEqual({ ...FACTS, date: '2025-03-02' });
    expect(lastNoted([hello])).toBeUndefined();
  });
});

describe('the system prompt in the session file', () => {
  it('the latest system entry is what loadSession gives back', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tack-store-')), 's.jsonl');
    const header = { type: 'session' as const, version: 1, id: 'x', created: '', cwd: '/w', model: 'm', tack_version: '0' };
    const w = SessionWriter.create(path, header);
    w.append({ type: 'system', prompt: 'first prompt', instructions: 'aaaa' });
    w.append({ type: 'message', message: { role: 'user', content: 'hi', timestamp: 1 } });
    w.append({ type: 'system', prompt: 'second prompt' });
    w.close();
    const loaded = await loadSession(path);
    expect(loaded.systemPrompt).toEqual({ type: 'system', prompt: 'second prompt' });
    expect(loaded.messages).toHaveLength(1);
  });
});
