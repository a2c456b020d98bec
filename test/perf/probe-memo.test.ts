// The bubblewrap probe's answer is remembered under $TACK_HOME only for the same bwrap and kernel: a
// memo left by another bwrap (or written by someone to switch the sandbox off) is not believed.
import { mkdtempSync, utimesSync, writeFileSync, copyFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { forget, memoFile, probeKey, recalled, remember } from '../../tools/sandbox/probe-memo.js';

it('a remembered answer holds for the same bwrap only: a changed binary or a forged key is probed again', () => {
  const home = mkdtempSync(join(tmpdir(), 'probe-home-'));
  const bwrap = join(home, 'bwrap');
  writeFileSync(bwrap, '#!/bin/sh\n');
  chmodSync(bwrap, 0o755);
  const key = probeKey(bwrap)!;
  remember(home, key, { ok: true });
  expect(recalled(home, key)).toEqual({ ok: true });
  // bwrap replaced (an upgrade): another mtime, another key
  utimesSync(bwrap, new Date(2001, 1, 1), new Date(2001, 1, 1));
  expect(recalled(home, probeKey(bwrap)!)).toBeUndefined();
  // a memo whose key names no real bwrap of ours is not taken, whatever it says
  writeFileSync(memoFile(home), JSON.stringify({ key: 'forged', answer: { ok: false, reason: 'off' } }));
  expect(recalled(home, probeKey(bwrap)!)).toBeUndefined();
  writeFileSync(memoFile(home), '{ not json');
  expect(recalled(home, probeKey(bwrap)!)).toBeUndefined();
  // a copy at another path is another bwrap
  const other = join(home, 'bwrap2');
  copyFileSync(bwrap, other);
  remember(home, probeKey(bwrap)!, { ok: false, reason: 'no namespaces' });
  expect(recalled(home, probeKey(other)!)).toBeUndefined();
  expect(recalled(home, probeKey(bwrap)!)).toEqual({ ok: false, reason: 'no namespaces' });
  forget(home);
  expect(recalled(home, probeKey(bwrap)!)).toBeUndefined();
  expect(probeKey(join(home, 'missing'))).toBeUndefined();
});
