// A tack killed with SIGKILL cannot remove its temp folders; the next tack removes them as it starts
// (issue 50: they stayed until the next command ran), even a run that calls no tool at all.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';
import { makeProject, runTack, spawnTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();

/** The sandbox /tmp folders of that tack in `tmp`. */
const sandboxDirs = (tmp: string, pid: number) => readdirSync(tmp).filter((name) => name.startsWith(`tack-sandbox-${pid}-`));

it.skipIf(!probeSandbox().ok)('the sandbox /tmp of a tack killed mid-command is removed when the next tack -p starts', async () => {
  // a temp folder of the test's own, so no other tack sweeps it meanwhile
  const tmp = mkdtempSync(join(tmpdir(), 'sweep-'));
  const env = { TMPDIR: tmp };
  const killed = await server([
    { toolCalls: [{ name: 'bash', arguments: { command: 'echo kept > /tmp/left-behind && sleep 100' } }] },
    // never asked: tack is killed while the command runs
    { hang: true },
  ]);
  const { dir, home } = makeProject();
  const tack = spawnTack(['-p', '--yolo', '--sandbox', 'on', '--base-url', killed.url, '-m', 'm', 'go'], { cwd: dir, home, env });
  const closed = new Promise((resolve) => tack.once('close', resolve));
  const pid = tack.pid!;
  const written = () => sandboxDirs(tmp, pid).some((name) => existsSync(join(tmp, name, 'left-behind')));
  for (let waited = 0; !written() && waited < 15_000; waited += 50) await sleep(50);
  expect(written()).toBe(true);
  tack.kill('SIGKILL');
  await closed;
  const [left] = sandboxDirs(tmp, pid);
  expect(existsSync(join(tmp, left!, 'left-behind'))).toBe(true);

  const next = await server([{ text: 'hello' }]);
  const r = await runTack(['-p', '--base-url', next.url, '-m', 'm', 'hi'], { cwd: dir, home, env });
  expect(r.code).toBe(0);
  expect(existsSync(join(tmp, left!))).toBe(false);
});
