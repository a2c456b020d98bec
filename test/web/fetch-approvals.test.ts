// Fetch questions through a real Session, as the interactive app has them: createSession with
// someone to ask. Ask and auto-edit ask, naming the host; "always" for the host ends the questions
// for it (and can be saved as a rule); yolo asks nothing.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import { createSession } from '../../src/session/create-session.js';
import type { ApprovalMode, ApprovalRequest } from '../../src/session/permissions/index.js';
import { answerEach, promptAndWait } from '../support/session-ops.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { html, type LocalWeb, startWeb } from './local-web.js';

const closers: (MockServer | LocalWeb)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((s) => s.close()));
});

/** A session in `mode` whose model fetches `urls` one call each, then says "done"; `pick` answers each question. */
async function fetchRun(urls: string[], mode: ApprovalMode, pick: (r: ApprovalRequest) => string) {
  const s = await startMockServer({ turns: [...urls.map((url) => ({ toolCalls: [{ name: 'fetch', arguments: { url } }] })), { text: 'done' }] });
  closers.push(s);
  const base = mkdtempSync(join(tmpdir(), 'tack-web-ask-'));
  const cwd = join(base, 'proj');
  mkdirSync(cwd);
  // a folder without settings of its own: an answer may save a rule there
  const config = resolveConfig({ baseUrl: s.url, model: 'm', cwd, approval: mode }, { TACK_HOME: join(base, 'home') }, { trust: 'none' });
  const notes: string[] = [];
  const session = await createSession({ config, file: null, safety: { interactive: true, notify: (m) => notes.push(m) } });
  const asked: ApprovalRequest[] = [];
  answerEach(session, (request) => {
    asked.push(request);
    return request.choices.find((c) => c.key === pick(request))!.answer;
  });
  await promptAndWait(session, 'read the docs');
  session.close();
  return { asked, notes, cwd };
}

// A public name (what is asked about; a loopback address is refused at once, web.e2e shows that);
// `.invalid` never resolves, so a fetch let through fails at once without leaving the machine.
const HOST = 'docs.example.invalid';

describe('fetch questions', () => {
  it('ask mode asks, naming the host; "always for this host" ends the questions for it', async () => {
    const { asked, notes, cwd } = await fetchRun([`http://${HOST}/a`, `http://${HOST}/b`], 'ask', () => 's');
    expect(asked.map((a) => a.summary)).toEqual([`Fetch http://${HOST}/a`]);
    expect(asked[0]).toMatchObject({ summary: `Fetch http://${HOST}/a`, reason: `Fetching from ${HOST}`, kind: 'other' });
    expect(asked[0]!.choices.map((c) => c.label)).toEqual([
      'Yes',
      `Yes, and don't ask again for ${HOST} this session`,
      `Always allow ${HOST}, and save fetch(domain:${HOST}) to .tack/config.json`,
      'No (Esc), optionally telling the model why',
    ]);
    expect(notes.some((n) => n.startsWith(`saved fetch(domain:${HOST}) to permissions.allow in`))).toBe(true);
    expect(JSON.parse(readFileSync(join(cwd, '.tack', 'config.json'), 'utf8')).permissions.allow).toEqual([`fetch(domain:${HOST})`]);
  });

  it('auto-edit asks too; yolo does not', async () => {
    const autoEdit = await fetchRun([`http://${HOST}/a`], 'auto-edit', () => 'n');
    expect(autoEdit.asked.map((a) => a.summary)).toEqual([`Fetch http://${HOST}/a`]);
    const yolo = await fetchRun([`http://${HOST}/a`], 'yolo', () => 'n');
    expect(yolo.asked).toEqual([]);
  });

  it('a loopback address without a rule is refused at once, asking nothing', async () => {
    const w = await startWeb({ '/a': html('<p>page a</p>') });
    closers.push(w);
    const { asked } = await fetchRun([`${w.url}/a`], 'ask', () => 'y');
    expect(asked).toEqual([]);
  });
});
