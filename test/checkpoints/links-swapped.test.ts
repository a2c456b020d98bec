// The attacker's side of checkpoints: a hard link to a secret outside, or a folder swapped for a link
// out of the workspace while a restore runs, never makes tack copy the secret into its store (and back
// into the workspace) nor write outside.
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../src/checkpoints/apply.js';
import { CheckpointStore } from '../../src/checkpoints/store.js';

/** A folder under the test run's temp root (removed when the run ends). */
const temp = (name: string) => mkdtempSync(join(tmpdir(), `ckpt-${name}-`));

const stored = (store: CheckpointStore) =>
  execFileSync('git', ['--git-dir', store.paths.gitDir, 'cat-file', '--batch-all-objects', '--batch'], { encoding: 'latin1' });

async function restore(store: CheckpointStore, to: string) {
  const changes = await store.changes((await store.snapshot()).tree, to);
  return applyChanges(store.workspace, changes, await store.blobs(changes.map((c) => c.newId)));
}

describe('checkpoints and links out of the workspace', () => {
  it('a file replaced by a hard link to a secret outside: no snapshot stores the secret, and a rewind leaves the outside file alone', async () => {
    const ws = temp('ws');
    const home = temp('home');
    const outside = temp('outside');
    writeFileSync(join(outside, 'id_rsa'), 'HARD-LINKED-KEY\n');
    writeFileSync(join(ws, 'notes.txt'), 'mine\n');
    writeFileSync(join(ws, 'a.txt'), 'a\n');
    const store = new CheckpointStore(home, ws);
    const at = await store.snapshot('s');
    rmSync(join(ws, 'notes.txt'));
    linkSync(join(outside, 'id_rsa'), join(ws, 'notes.txt'));
    // the snapshot after an edit (only the paths it touched), and a walk
    await store.snapshot('s', ['notes.txt']);
    await store.snapshot('s');
    expect(stored(store)).not.toContain('HARD-LINKED-KEY');
    const result = await restore(store, at.tree);
    expect(result.refused).toEqual([]);
    expect(readFileSync(join(ws, 'notes.txt'), 'utf8')).toBe('mine\n');
    expect(readFileSync(join(outside, 'id_rsa'), 'utf8')).toBe('HARD-LINKED-KEY\n');
  });

  it('a folder flipping between itself and a link out while restores run: nothing is ever written outside', { timeout: 20_000 }, async () => {
    const ws = temp('ws');
    const outside = temp('outside');
    mkdirSync(join(ws, 'd'));
    symlinkSync(outside, join(ws, 'link'));
    // another thread swaps `d` for the link and back, as fast as it can (a step the restore's own mkdir got in the way of fails)
    const flipper = new Worker(
      `const { renameSync } = require('node:fs'); const { workerData: w } = require('node:worker_threads');
       const step = (from, to) => { try { renameSync(from, to); } catch {} };
       const until = Date.now() + w.ms;
       while (Date.now() < until) { step(w.d, w.aside); step(w.link, w.d); step(w.d, w.link); step(w.aside, w.d); }`,
      { eval: true, workerData: { d: join(ws, 'd'), aside: join(ws, 'aside'), link: join(ws, 'link'), ms: 1500 } },
    );
    const ended = new Promise((resolve) => flipper.on('exit', resolve));
    const change = [{ path: 'd/f.txt', status: 'A' as const, oldMode: '000000', newMode: '100644', oldId: '0'.repeat(40), newId: 'x' }];
    const blobs = new Map([['x', Buffer.from('written by a restore')]]);
    let breaches = 0;
    let done = false;
    void ended.then(() => (done = true));
    while (!done) {
      applyChanges(ws, change, blobs);
      if (existsSync(join(outside, 'f.txt'))) {
        breaches++;
        rmSync(join(outside, 'f.txt'));
      }
      for (const place of ['d', 'aside']) rmSync(join(ws, place, 'f.txt'), { force: true });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(breaches).toBe(0);
  });
});
