// The steering keypress, call by call: Enter typed while the agent works, driven through the real
// controller and a real Session (a scripted server that keeps the model answering), until the text
// is in the Agent's queue and the queue_update has reached the app. The route is read from spies on
// the real functions (they call through), and must be the table docs/architecture.md shows under
// "The keypress route", so the map cannot drift from the code.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { Agent } from '../../src/agent/agent.js';
import { EventDelivery } from '../../src/agent/event-delivery.js';
import { MessageQueues } from '../../src/agent/message-queue.js';
import { resolveConfig } from '../../src/config/resolve.js';
import * as commands from '../../src/modes/interactive/commands/index.js';
import { Controller } from '../../src/modes/interactive/app/controller.js';
import * as keyIntent from '../../src/modes/interactive/app/key-intent.js';
import { InputBox } from '../../src/modes/interactive/input-box/input-box.js';
import { PastedImages } from '../../src/modes/interactive/app/pasted-images.js';
import * as sendInput from '../../src/modes/interactive/app/send-input.js';
import * as typedLine from '../../src/modes/interactive/app/typed-line.js';
import { FileIndex } from '../../src/modes/interactive/complete/file-index.js';
import { History } from '../../src/modes/interactive/editor/history.js';
import * as keymap from '../../src/modes/interactive/input/keymap.js';
import { KeyParser } from '../../src/modes/interactive/input/keys.js';
import * as attachments from '../../src/session/attachments/index.js';
import { createSession } from '../../src/session/create-session.js';
import * as commandModel from '../../src/session/input/command-model.js';
import * as prepare from '../../src/session/input/prepare.js';
import * as resources from '../../src/session/input/resources.js';
import * as slash from '../../src/session/input/slash.js';
import * as submit from '../../src/session/input/submit.js';
import * as ops from '../../src/session/ops.js';
import { Session } from '../../src/session/session.js';
import { RunChain } from '../../src/session/run-chain.js';
import { SessionCore } from '../../src/session/session-core.js';
import { repoRoot } from '../support/cli.js';
import { startMockServer } from '../support/mock-openai-server.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** A call of the route: the file (under src/) and the call as the map names them. */
interface Step {
  file: string;
  call: string;
}

type Spied = { step: Step; spy: MockInstance; only?: (args: unknown[]) => boolean };

const isQueueUpdate = (args: unknown[]) => (args[0] as { type?: string } | undefined)?.type === 'queue_update';

/** Spies on the candidates, calling through; `as any` reaches private methods on the prototypes. */
function spyOnRoute(): Spied[] {
  const on = (file: string, call: string, target: any, name: string, only?: Spied['only']): Spied => ({
    step: { file, call },
    spy: vi.spyOn(target, name),
    only,
  });
  const I = 'modes/interactive';
  return [
    on(`${I}/input/keys.ts`, 'KeyParser.feed', KeyParser.prototype, 'feed'),
    on(`${I}/app/controller.ts`, 'Controller.handleKeys', Controller.prototype, 'handleKeys'),
    on(`${I}/input/keymap.ts`, 'keyCommand', keymap, 'keyCommand'),
    on(`${I}/app/key-intent.ts`, 'keyIntent', keyIntent, 'keyIntent'),
    on(`${I}/app/controller.ts`, 'Controller.carryOut', Controller.prototype, 'carryOut'),
    on(`${I}/app/controller.ts`, 'Controller.submit', Controller.prototype, 'submit'),
    on(`${I}/app/typed-line.ts`, 'readTypedLine', typedLine, 'readTypedLine'),
    on(`${I}/commands/index.ts`, 'parseCommand', commands, 'parseCommand'),
    on(`${I}/input-box/input-box.ts`, 'InputBox.commit', InputBox.prototype, 'commit'),
    on(`${I}/app/controller.ts`, 'Controller.send', Controller.prototype, 'send'),
    on(`${I}/app/pasted-images.ts`, 'PastedImages.attachments', PastedImages.prototype, 'attachments'),
    on(`${I}/app/send-input.ts`, 'sendPrepared', sendInput, 'sendPrepared'),
    on('session/session.ts', 'Session.submit', Session.prototype, 'submit'),
    on('session/ops.ts', 'applyOp', ops, 'applyOp'),
    on('session/input/submit.ts', 'submitInput', submit, 'submitInput'),
    on('session/input/prepare.ts', 'prepareInput', prepare, 'prepareInput'),
    on('session/input/slash.ts', 'expandSlashCommand', slash, 'expandSlashCommand'),
    on('session/input/command-model.ts', 'switchToCommandModel', commandModel, 'switchToCommandModel'),
    on('session/attachments/index.ts', 'attachMentioned', attachments, 'attachMentioned'),
    on('session/input/resources.ts', 'resourceBlocks', resources, 'resourceBlocks'),
    on('session/attachments/index.ts', 'withAttachments', attachments, 'withAttachments'),
    on('session/run-chain.ts', 'RunChain.send', RunChain.prototype, 'send'),
    on('agent/agent.ts', 'Agent.steer', Agent.prototype, 'steer'),
    on('agent/message-queue.ts', 'MessageQueues.add', MessageQueues.prototype, 'add'),
    on('agent/event-delivery.ts', 'EventDelivery.deliver(queue_update)', EventDelivery.prototype, 'deliver', isQueueUpdate),
    on('session/session-core.ts', 'SessionCore.onAgentEvent(queue_update)', SessionCore.prototype, 'onAgentEvent', isQueueUpdate),
    on(`${I}/app/controller.ts`, 'Controller.onSessionEvent(queue_update)', Controller.prototype, 'onSessionEvent', isQueueUpdate),
  ];
}

/** The steps that ran, each once, in the order of their first call. */
function routeTaken(spied: Spied[]): Step[] {
  const firsts = spied.flatMap(({ step, spy, only }) => {
    const orders = spy.mock.invocationCallOrder.filter((_, i) => !only || only(spy.mock.calls[i]!));
    return orders.length > 0 ? [{ step, order: Math.min(...orders) }] : [];
  });
  return firsts.sort((a, b) => a.order - b.order).map((f) => f.step);
}

/** The map's table under "## The keypress route": `| n | \`file\` | \`call\` | … |`. */
function routeInMap(): { steps: Step[]; summary: string } {
  const map = readFileSync(join(repoRoot, 'docs', 'architecture.md'), 'utf8');
  const section = map.split(/^## The keypress route.*$/m)[1]?.split(/^## /m)[0] ?? '';
  const steps = [...section.matchAll(/^\| *\d+ *\| *`([^`]+)` *\| *`([^`]+)` *\|/gm)].map((m) => ({ file: m[1]!, call: m[2]! }));
  const summary = /\((\d+ calls in \d+ files)\)/.exec(section)?.[1] ?? '';
  return { steps, summary };
}

async function appWithAWorkingAgent() {
  // the first answer never ends: the agent stays at work while Enter is typed
  const server = await startMockServer({ turns: [{ hang: true, afterText: 'working on it' }] });
  cleanup.push(() => server.close());
  const base = mkdtempSync(join(tmpdir(), 'tack-keypress-'));
  const cwd = join(base, 'project');
  mkdirSync(cwd);
  const config = resolveConfig({ baseUrl: server.url, model: 'mock-model', cwd, sandbox: 'off' }, { TACK_HOME: join(base, 'home') });
  const session = await createSession({ config, file: null, safety: { interactive: true }, note: () => {} });
  cleanup.push(() => session.close());
  cleanup.push(() => session.submit({ type: 'wait_idle' }));
  cleanup.push(() => session.submit({ type: 'abort' }));
  const controller = new Controller({
    session,
    listModels: async () => ['mock-model'],
    makeModel: (id) => ({ ...session.view().model, id }),
    openSession: async () => session,
    listSessions: async () => [],
    history: new History(),
    fileIndex: new FileIndex(cwd),
    version: 'test',
    cols: 100,
    rows: 30,
    writeRaw: () => {},
    onQuit: () => {},
  });
  cleanup.push(() => controller.close());
  const parser = new KeyParser();
  const type = (raw: string) => controller.handleKeys(parser.feed(raw));
  return { server, session, type };
}

async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

describe('the keypress route', () => {
  it('Enter typed while the agent works: keys → controller → input box → the front door → Session.submit → RunChain.send → Agent.steer → queue_update, as the map shows', async () => {
    const { server, session, type } = await appWithAWorkingAgent();
    type('start something\r');
    await until(() => session.view().running && server.chatRequests().length === 1, 'the model call');

    const spied = spyOnRoute();
    type('be brief\r');
    const steer = spied.find((s) => s.step.call === 'Agent.steer')!.spy;
    await until(() => steer.mock.calls.length > 0, 'the steer');
    await until(() => spied.at(-1)!.spy.mock.calls.some(isQueueUpdate), 'the queue_update at the app');

    // the typed text reached the Agent's queue as a steer, and the app's frame reads it from there
    expect(steer.mock.calls[0]![0]).toBe('be brief');
    expect(
      session
        .view()
        .queued()
        .map((q) => [q.kind, q.text]),
    ).toEqual([['steer', 'be brief']]);
    const update = spied.at(-1)!.spy.mock.calls.find(isQueueUpdate)![0];
    expect(update).toMatchObject({ type: 'queue_update', steering: ['be brief'], followUp: [] });

    const taken = routeTaken(spied);
    // every candidate is on the route (a spied call that stopped being made fails here)
    expect(taken.map((s) => s.call)).toEqual(spied.map((s) => s.step.call));
    const map = routeInMap();
    expect(map.steps).toEqual(taken);
    const files = new Set(taken.map((s) => s.file));
    expect(map.summary).toBe(`${taken.length} calls in ${files.size} files`);
  });
});
