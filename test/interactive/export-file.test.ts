// /export FILE writes a new file where it is named: a folder of the workspace that is a link out of
// it (a committed `out -> ~/.ssh`) is refused in one sentence, and nothing is written there.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { exportConversation } from '../../src/modes/interactive/commands/export-file.js';
import type { Session } from '../../src/session/session.js';

function sessionIn(cwd: string, home: string): Session {
  const messages = [{ role: 'user', content: 'remember this', timestamp: 0 }];
  const view = { id: '0123456789abcdef', state: { messages }, config: { cwd, home }, model: { id: 'm' } };
  return { view: () => view } as unknown as Session;
}

function places() {
  const base = mkdtempSync(join(tmpdir(), 'tack-export-'));
  const [cwd, home, outside] = ['project', 'home', 'ssh'].map((name) => join(base, name));
  for (const dir of [cwd!, home!, outside!]) mkdirSync(dir);
  return { cwd: cwd!, home: home!, outside: outside! };
}

it('/export through a folder that links out of the workspace is refused, and writes nothing there', () => {
  const { cwd, home, outside } = places();
  symlinkSync(outside, join(cwd, 'out'));
  expect(() => exportConversation(sessionIn(cwd, home), 'out/authorized_keys')).toThrow(/^could not write .*out\/authorized_keys: [^\n]*link[^\n]*$/);
  expect(readdirSync(outside)).toEqual([]);
  // a dangling link as the file itself is not written through either
  symlinkSync(join(outside, 'made.md'), join(cwd, 'chat.md'));
  expect(() => exportConversation(sessionIn(cwd, home), 'chat.md')).toThrow();
  expect(existsSync(join(outside, 'made.md'))).toBe(false);
});

it('/export writes a new file in the workspace, outside it where named, and in $TACK_HOME/exports without a name', () => {
  const { cwd, home, outside } = places();
  const session = sessionIn(cwd, home);
  expect(exportConversation(session, 'notes/chat.md')).toBe(join(cwd, 'notes', 'chat.md'));
  expect(readFileSync(join(cwd, 'notes', 'chat.md'), 'utf8')).toContain('remember this');
  expect(() => exportConversation(session, 'notes/chat.md')).toThrow(/already exists; give \/export another file name$/);
  expect(exportConversation(session, join(outside, 'chat.md'))).toBe(join(outside, 'chat.md'));
  expect(exportConversation(session, '', new Date('2026-01-02T00:00:00Z'))).toBe(join(home, 'exports', 'tack-2026-01-02-01234567.md'));
});
