// The controller with a real Session and no terminal: keys in, what the app does.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import { Controller } from '../../src/modes/interactive/app/controller.js';
import { FileIndex } from '../../src/modes/interactive/complete/file-index.js';
import { History } from '../../src/modes/interactive/editor/history.js';
import { KeyParser } from '../../src/modes/interactive/input/keys.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { summarizeSessions } from '../../src/session/file/locate.js';
import { sessionsDir } from '../../src/config/paths.js';
import { SessionWriter, sessionFileName } from '../../src/session/file/store.js';
import { createSession } from '../../src/session/create-session.js';
import type { Session } from '../../src/session/session.js';

const open: { controller: Controller; sessions: Session[] }[] = [];
afterEach(() => {
  for (const { controller, sessions } of open.splice(0)) {
    controller.close();
    for (const s of sessions) s.close();
  }
});

async function setup() {
  const base = mkdtempSync(join(tmpdir(), 'tack-controller-'));
  const cwd = join(base, 'project');
  mkdirSync(cwd);
  // no server is asked: nothing here runs the agent
  const config = resolveConfig({ baseUrl: 'http://127.0.0.1:9/v1', model: 'first-model', cwd }, { TACK_HOME: join(base, 'home') });
  const options = (resumeFile?: string) => ({ config, resumeFile, safety: { interactive: true }, note: () => {} });
  const session = await createSession(options());
  const sessions = [session];
  const raw: string[] = [];
  const controller = new Controller({
    session,
    listModels: async () => ['first-model', 'second-model'],
    makeModel: (id) => ({ ...session.view().model, id }),
    openSession: async (file) => {
      const next = await createSession(options(file));
      sessions.push(next);
      return next;
    },
    listSessions: (except) => summarizeSessions(config.home, cwd, except),
    history: new History(),
    fileIndex: new FileIndex(cwd),
    version: 'test',
    cols: 100,
    rows: 30,
    writeRaw: (data) => raw.push(data),
    onQuit: () => {},
  });
  open.push({ controller, sessions });
  const parser = new KeyParser();
  const type = (raw: string) => controller.handleKeys(parser.feed(raw));
  const live = () => controller.getSnapshot().live.map(stripAnsi).join('\n');
  const tick = () => new Promise((r) => setTimeout(r, 20));
  return { controller, session, type, live, tick, raw };
}

describe('controller', () => {
  it("/model opens the server's list; Tab (like Enter) switches to the selected model", async () => {
    const { controller, type, live, tick } = await setup();
    type('/model\r');
    await tick();
    type('');
    expect(live()).toContain('second-model');
    type('\x1b[B\t');
    await tick();
    expect(controller.current.view().model.id).toBe('second-model');
  });

  it('Shift+Tab cycles the approval mode shown in the footer', async () => {
    const { controller, type, live } = await setup();
    expect(live()).toContain('approvals: ask');
    type('\x1b[Z');
    expect(controller.current.view().approvals?.mode).toBe('auto-edit');
    expect(live()).toContain('approvals: auto-edit');
  });

  it('resuming another session (/resume <id>) keeps the approval mode and thinking level, and shows its conversation', async () => {
    const { controller, session, type, live, tick } = await setup();
    // an earlier session of this directory
    const id = 'abcdef12-0000-0000-0000-000000000000';
    const w = SessionWriter.create(join(sessionsDir(session.view().config.home, session.view().config.cwd), sessionFileName(new Date(0), id)), {
      type: 'session',
      version: 1,
      id,
      created: new Date(0).toISOString(),
      cwd: session.view().config.cwd,
      model: 'first-model',
      tack_version: '0',
    });
    w.append({ type: 'message', message: { role: 'user', content: 'the earlier question', timestamp: 1 } });
    w.close();
    type('\x1b[Z/thinking low\r');
    await tick();
    type('/resume abcdef\r');
    const printedText = () =>
      controller
        .getSnapshot()
        .items.map((i) => stripAnsi(i.text))
        .join('\n');
    // frames are paced (33 ms or more apart): wait for the one that prints the resumed conversation
    for (let i = 0; i < 250 && !printedText().includes('resumed session'); i++) await tick();
    expect(controller.current.view().id).toBe(id);
    expect(controller.current.view().approvals?.mode).toBe('auto-edit');
    expect(controller.current.view().state.thinkingLevel).toBe('low');
    const printed = printedText();
    expect(printed).toContain('› the earlier question');
    expect(printed).toContain('resumed session abcdef12 (1 earlier message)');
    expect(live()).toContain('approvals: auto-edit');
  });

  it("a resumed conversation: /copy takes its last answer, the footer and /session its tokens (the Session's figures)", async () => {
    const { controller, session, type, live, tick, raw } = await setup();
    const id = 'bcdef123-0000-0000-0000-000000000000';
    const w = SessionWriter.create(join(sessionsDir(session.view().config.home, session.view().config.cwd), sessionFileName(new Date(0), id)), {
      type: 'session',
      version: 1,
      id,
      created: new Date(0).toISOString(),
      cwd: session.view().config.cwd,
      model: 'first-model',
      tack_version: '0',
    });
    const usage = { input: 12_000, output: 300, cacheRead: 0, totalTokens: 12_300, cost: null };
    w.append({ type: 'message', message: { role: 'user', content: 'q', timestamp: 1 } });
    w.append({
      type: 'message',
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: 'the answer to copy' }],
        provider: 'p',
        model: 'first-model',
        usage,
        stopReason: 'stop',
        timestamp: 2,
      },
    });
    w.close();
    type('/resume bcdef1\r');
    for (let i = 0; i < 250 && controller.current.view().id !== id; i++) await tick();
    type('/copy\r');
    await tick();
    expect(raw).toContain(`\x1b]52;c;${Buffer.from('the answer to copy').toString('base64')}\x07`);
    type('/session\r');
    const printed = () =>
      controller
        .getSnapshot()
        .items.map((i) => stripAnsi(i.text))
        .join('\n');
    for (let i = 0; i < 250 && !printed().includes('messages  2'); i++) await tick();
    expect(printed()).toMatch(/tokens +12k in .* 300 out · 0 model calls/);
    expect(live()).toContain('12k');
  });
});
