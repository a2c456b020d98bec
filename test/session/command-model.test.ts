// A command's `model:` against a real Session and the scripted server: switched for a run it starts,
// given back afterwards unless the user picked another meanwhile, and left alone (with a notice)
// when the command joins a run already going.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import { buildSession } from '../../src/session/create-session.js';
import { prepareInput } from '../../src/session/input/prepare.js';
import { startMockServer } from '../support/mock-openai-server.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

/** a command that runs until the test creates the file `go` in the project */
const SLOW = 'while [ ! -f go ]; do sleep 0.05; done; echo slow-done';

describe("a command's model in a Session", () => {
  it('switches for the run it starts, gives the model back after, keeps a model the user picked meanwhile, and leaves a running run alone', async () => {
    const server = await startMockServer({
      models: ['big-model', 'small-model'],
      turns: [{ toolCalls: [{ name: 'bash', arguments: { command: SLOW } }] }, { text: 'slow run done' }],
    });
    cleanup.push(() => server.close());
    const base = mkdtempSync(join(tmpdir(), 'tack-command-model-'));
    const cwd = join(base, 'project');
    const home = join(base, 'home');
    mkdirSync(cwd);
    mkdirSync(join(home, 'commands'), { recursive: true });
    writeFileSync(join(home, 'commands', 'quick.md'), '---\nmodel: small-model\n---\nQuick look at $ARGUMENTS.');
    const config = resolveConfig({ baseUrl: server.url, model: 'big-model', cwd, sandbox: 'off' }, { TACK_HOME: home });
    // the core: prepareInput is the front door's first step, tested on its own
    const { core: session } = await buildSession({ config, file: null, safety: { interactive: false }, note: () => {} });
    cleanup.push(() => session.close());
    const signal = new AbortController().signal;

    const ready = await prepareInput(session, '/quick a.ts', signal);
    if ('blocked' in ready) throw new Error(ready.blocked);
    expect(ready.notes).toEqual([]);
    expect(session.model.id).toBe('small-model');
    ready.release();
    expect(session.model.id).toBe('big-model');

    const picked = await prepareInput(session, '/quick b.ts', signal);
    if ('blocked' in picked) throw new Error(picked.blocked);
    session.setModel({ ...session.model, id: 'users-choice' });
    picked.release();
    expect(session.model.id).toBe('users-choice');
    session.setModel({ ...session.model, id: 'big-model' });

    const started = new Promise<void>((resolve) => {
      const off = session.subscribe((e) => {
        if (e.type === 'tool_execution_start') resolve(off());
      });
    });
    const run = session.runs.prompt('start something slow');
    await started;
    const joining = await prepareInput(session, '/quick c.ts', signal);
    if ('blocked' in joining) throw new Error(joining.blocked);
    expect(joining.notes).toEqual(['/quick: its model small-model applies to a run it starts; it joins the running one on big-model']);
    expect(session.model.id).toBe('big-model');
    joining.release();
    writeFileSync(join(cwd, 'go'), '');
    await run;
    expect(server.chatRequests().map((q) => q.body.model)).toEqual(['big-model', 'big-model']);
  });
});
