// What the bubblewrap probe found, remembered under $TACK_HOME: a probe is a process (and, with
// --unshare-pid, a helper the kernel leaves for init to reap) on every start otherwise. The answer
// holds while bwrap's path, size and mtime and the kernel release are the same.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { release } from 'node:os';
import { join } from 'node:path';
import { writeBesideSync } from '../fs/atomic-write.js';

export type ProbeAnswer = { ok: true } | { ok: false; reason: string };

/** What a probe's answer depends on; a different key means probe again. */
export function probeKey(bwrap: string): string | undefined {
  try {
    const st = statSync(bwrap);
    return JSON.stringify([bwrap, st.size, st.mtimeMs, release()]);
  } catch {
    return undefined;
  }
}

export const memoFile = (home: string) => join(home, 'sandbox-probe.json');

export function recalled(home: string, key: string): ProbeAnswer | undefined {
  try {
    const memo = JSON.parse(readFileSync(memoFile(home), 'utf8')) as { key?: unknown; answer?: ProbeAnswer };
    if (memo.key !== key || typeof memo.answer?.ok !== 'boolean') return undefined;
    return memo.answer.ok ? { ok: true } : { ok: false, reason: String(memo.answer.reason) };
  } catch {
    return undefined;
  }
}

export function remember(home: string, key: string, answer: ProbeAnswer): void {
  try {
    writeBesideSync(memoFile(home), `${JSON.stringify({ key, answer })}\n`, { dirMode: 0o700 });
  } catch {
    // not remembered: the next start probes again
  }
}

export function forget(home: string): void {
  rmSync(memoFile(home), { force: true });
}
