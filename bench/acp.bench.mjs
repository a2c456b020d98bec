// ACP costs, as an editor sees them: from spawning `tack --acp` to the `initialize` answer, then
// `session/new`, then one prompt turn against the scripted server (first chunk and stop), beside
// the same one turn in `tack -p`. Medians over several runs. Figures, not assertions.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { client, methods, ndJsonStream, PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const bin = fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'tack-bench-acp-home-'));
const cwd = mkdtempSync(join(tmpdir(), 'tack-bench-acp-cwd-'));
const env = { PATH: process.env.PATH, HOME: home, TACK_HOME: home };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startMockServer({ models: ['mock-model'] });
const turn = { text: 'Hello from the scripted server.', usage: { prompt_tokens: 10, completion_tokens: 6 } };
server.push(...Array.from({ length: 2 * RUNS + 2 }, () => turn));

async function acpOnce() {
  const t0 = performance.now();
  const child = spawn(process.execPath, [bin, '--acp', '--base-url', server.url, '-m', 'mock-model'], { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
  let firstChunk;
  const app = client({ name: 'bench' }).onNotification(methods.client.session.update, ({ params }) => {
    if (firstChunk === undefined && params.update.sessionUpdate === 'agent_message_chunk') firstChunk = performance.now();
  });
  const connection = app.connect(ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout)));
  await connection.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
  const t1 = performance.now();
  const { sessionId } = await connection.agent.request('session/new', { cwd, mcpServers: [] });
  const t2 = performance.now();
  await connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hi' }] });
  const t3 = performance.now();
  connection.close();
  child.stdin.end();
  await new Promise((resolve) => child.on('close', resolve));
  return { initialize: t1 - t0, sessionNew: t2 - t1, firstChunk: firstChunk - t2, turn: t3 - t2 };
}

function printOnce() {
  const t0 = performance.now();
  const child = spawn(process.execPath, [bin, '-p', '--base-url', server.url, '-m', 'mock-model', 'hi'], { cwd, env, stdio: 'ignore' });
  return new Promise((resolve) => child.on('close', () => resolve(performance.now() - t0)));
}

const rows = [];
const prints = [];
for (let i = 0; i < RUNS; i++) {
  rows.push(await acpOnce());
  prints.push(await printOnce());
}
const col = (key) =>
  median(rows.map((r) => r[key]))
    .toFixed(0)
    .padStart(5);
console.log(`medians of ${RUNS} runs`);
console.log(`spawn → initialize answered  ${col('initialize')} ms`);
console.log(`session/new                  ${col('sessionNew')} ms`);
console.log(`prompt → first chunk         ${col('firstChunk')} ms`);
console.log(`prompt → stop (one turn)     ${col('turn')} ms`);
console.log(`tack -p one turn, whole run  ${median(prints).toFixed(0).padStart(5)} ms`);
await server.close();
