// One way in for a message: print mode, stream-json and an editor over ACP attach the files a
// message mentions (`@notes.md`) as the app does, and refuse what the app refuses, in words.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { startAcp, type AcpChild } from '../support/acp-client.js';
import { makeProject, runTack } from '../support/cli.js';
import { spawnJsonChild, type JsonChild } from '../support/json-child.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
const closing: (() => unknown)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

const NOTES = 'the meeting moved to Thursday\n';

/** The user's message of the first request (after the run's note), as one text (text parts are sent joined). */
function firstUserText(s: Awaited<ReturnType<typeof server>>): string {
  const user = s.chatRequests()[0]!.body.messages.findLast((m: any) => m.role === 'user');
  return typeof user.content === 'string' ? user.content : user.content.map((p: any) => p.text ?? p.type).join('\n');
}

describe('@file mentions attach in every mode', () => {
  it('print mode: tack -p "summarize @notes.md" attaches the file; a secret one is refused in one line on stderr', async () => {
    const s = await server([{ text: 'summarized' }]);
    const { dir, home } = makeProject({ 'notes.md': NOTES, '.env': 'TOKEN=fake-test-secret\n' });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'summarize @notes.md and @.env'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const text = firstUserText(s);
    expect(text.startsWith('summarize @notes.md and @.env\n')).toBe(true);
    expect(text).toContain('path="notes.md"');
    expect(text).toContain(NOTES.trim());
    expect(text).not.toContain('fake-test-secret');
    expect(r.stderr).toMatch(/^tack: .*\.env.*\n$/m);
  });

  it('print mode: piped stdin is material: its @ words (a diff, a log) attach nothing; the typed prompt still does', async () => {
    const s = await server([{ text: 'reviewed' }]);
    const { dir, home } = makeProject({ 'notes.md': NOTES, 'secret-plan.md': 'only if asked\n' });
    const piped = '@@ -1,2 +1,2 @@\n-old\n+new\nnpm ERR! @babel/core failed; see @secret-plan.md\n';
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'review this with @notes.md'], { cwd: dir, home, input: piped });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const text = firstUserText(s);
    expect(text).toContain(NOTES.trim());
    expect(text).toContain('see @secret-plan.md');
    expect(text).not.toContain('only if asked');
  });

  it('stream-json: a user line mentioning @notes.md attaches it', { timeout: 30_000 }, async () => {
    const s = await server([{ text: 'read it' }]);
    const p = makeProject({ 'notes.md': NOTES });
    const tack: JsonChild = spawnJsonChild(['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '-m', 'm', '--base-url', s.url], {
      cwd: p.dir,
      home: p.home,
    });
    closing.push(() => tack.child.exitCode === null && tack.child.kill('SIGKILL'));
    tack.send({ type: 'user', message: { role: 'user', content: 'what does @notes.md say?' } });
    await tack.waitFor((l) => l.type === 'agent_end');
    tack.end();
    expect(await tack.exited).toBe(0);
    const text = firstUserText(s);
    expect(text.startsWith('what does @notes.md say?\n')).toBe(true);
    expect(text).toContain(NOTES.trim());
  });

  it('ACP: a prompt mentioning @notes.md attaches it', { timeout: 30_000 }, async () => {
    const s = await server([{ text: 'read it' }]);
    const p = makeProject({ 'notes.md': NOTES });
    writeFileSync(join(p.dir, 'other.md'), 'not mentioned\n');
    const tack: AcpChild = startAcp(['--base-url', s.url, '-m', 'm'], { cwd: p.dir, home: p.home }, {});
    closing.push(() => tack.close());
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    const done = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'what does @notes.md say?' }] });
    expect(done.stopReason).toBe('end_turn');
    const text = firstUserText(s);
    expect(text.startsWith('what does @notes.md say?\n')).toBe(true);
    expect(text).toContain(NOTES.trim());
    expect(text).not.toContain('not mentioned');
  });
});
