// Every temp folder a test (or a tack it starts) makes goes under one root, removed when the run
// ends: without it, each `npm test` left ~170 folders (~100 MB) in the system's temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'tack-tests-'));
  // the workers, and every process they start, inherit it: os.tmpdir() reads TMPDIR
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
