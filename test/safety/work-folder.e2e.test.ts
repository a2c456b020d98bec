// The folder tack works in is the workspace, whose files the agent reads without a question. The
// root of the file system is refused (from -C, the current directory, or an editor's session/new);
// the home folder is worked in with a warning the user sees.
import { PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeWorkFolder } from '../../src/config/work-folder.js';
import { startAcp, type AcpChild } from '../support/acp-client.js';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const scripted = scriptedServers();
const running: AcpChild[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.close()));
});

describe('the work folder', () => {
  it('-C / is refused before anything is sent; so is starting in /', async () => {
    const s = await scripted([{ text: 'ok' }]);
    const { dir, home } = makeProject();
    for (const [args, cwd] of [
      [['-C', '/'], dir],
      [[], '/'],
    ] as const) {
      const r = await runTack(['-p', ...args, '--base-url', s.url, '-m', 'm', 'hi'], { cwd, home });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('tack: the root of the file system (/) cannot be the workspace: the agent would read every file on this machine');
    }
    expect(s.chatRequests()).toHaveLength(0);
  });

  it('-C ~ (the home folder) runs, with a warning on stderr', async () => {
    const s = await scripted([{ text: 'ok' }]);
    const { dir, home } = makeProject();
    const userHome = join(dir, '..'); // the HOME the test runs tack with
    const r = await runTack(['-p', '-C', '~', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`tack: warning: ${userHome} is your home folder: all of it is the workspace`);
    expect(r.stdout).toContain('ok');
  });

  it('an editor opening / gets an error; opening the home folder, a warning in the panel before the first answer', { timeout: 60_000 }, async () => {
    const s = await scripted([{ text: 'the answer' }]);
    const { dir, home } = makeProject();
    const tack = startAcp(['--base-url', s.url, '-m', 'm'], { cwd: dir, home });
    running.push(tack);
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    await expect(tack.agent.request('session/new', { cwd: '/', mcpServers: [] })).rejects.toThrow('the root of the file system (/) cannot be the workspace');
    const { sessionId } = await tack.agent.request('session/new', { cwd: join(dir, '..'), mcpServers: [] });
    await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hi' }] });
    const texts = tack.updates.flatMap((u) =>
      u.update.sessionUpdate === 'agent_message_chunk' && u.update.content.type === 'text' ? [u.update.content.text] : [],
    );
    expect(texts[0]).toContain(`Warning: ${join(dir, '..')} is your home folder`);
    expect(texts.join('')).toContain('the answer');
  });

  it('a project folder, even one inside the home folder, is neither', () => {
    expect(judgeWorkFolder('/home/u/src/app', '/home/u')).toBeUndefined();
    expect(judgeWorkFolder('/home/u', '/home/u')).toHaveProperty('warn');
    expect(judgeWorkFolder('/', '/home/u')).toHaveProperty('refuse');
  });
});
