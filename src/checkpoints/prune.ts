// Retention: checkpoints of sessions not used for `days` days are dropped from the shadow repositories.
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, type ShadowPaths } from './git.js';
import { checkpointsRoot } from './store-paths.js';

export interface PruneResult {
  /** session chains dropped, over all workspaces */
  sessions: number;
  /** workspaces left with no checkpoints, removed whole */
  workspaces: number;
}

const DAY_MS = 24 * 3600 * 1000;

async function pruneWorkspace(dir: string, days: number, now: number): Promise<{ sessions: number; empty: boolean }> {
  const p: ShadowPaths = { gitDir: join(dir, 'git'), indexFile: join(dir, 'index'), workTree: dir };
  if (!existsSync(join(p.gitDir, 'HEAD'))) return { sessions: 0, empty: true };
  const refs = (await git(p, ['for-each-ref', '--format=%(refname) %(committerdate:unix)', 'refs/tack/'])).stdout
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ') as [string, string]);
  const old = refs.filter(([, time]) => now - Number(time) * 1000 > days * DAY_MS);
  if (old.length === refs.length) return { sessions: old.length, empty: true };
  if (old.length === 0) return { sessions: 0, empty: false };
  await git(p, ['update-ref', '--stdin'], old.map(([ref]) => `delete ${ref}\n`).join(''));
  // objects younger than an hour stay: a snapshot of a running tack may not be referenced yet
  await git(p, ['gc', '-q', '--prune=1.hour.ago']);
  return { sessions: old.length, empty: false };
}

/** Prunes every workspace's checkpoints; a workspace whose sessions are all old is removed. */
export async function pruneCheckpoints(home: string, days: number, now = Date.now()): Promise<PruneResult> {
  const root = checkpointsRoot(home);
  const result: PruneResult = { sessions: 0, workspaces: 0 };
  if (!existsSync(root)) return result;
  for (const name of readdirSync(root)) {
    const dir = join(root, name);
    if (!statSync(dir).isDirectory()) continue;
    const r = await pruneWorkspace(dir, days, now);
    result.sessions += r.sessions;
    // a store in use has a fresh index: never removed under a running tack
    const fresh = existsSync(join(dir, 'index')) && now - statSync(join(dir, 'index')).mtimeMs < DAY_MS;
    if (r.empty && !fresh) {
      rmSync(dir, { recursive: true, force: true });
      result.workspaces++;
    }
  }
  return result;
}

/** At most once a day, in the background of a session: what `tack rewind --prune` does. */
export async function pruneIfDue(home: string, days: number): Promise<void> {
  const stamp = join(checkpointsRoot(home), 'last-prune');
  if (existsSync(stamp) && Date.now() - statSync(stamp).mtimeMs < DAY_MS) return;
  writeFileSync(stamp, new Date().toISOString());
  await pruneCheckpoints(home, days);
}
