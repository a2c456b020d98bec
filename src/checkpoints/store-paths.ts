// Where a workspace's checkpoint store lives under $TACK_HOME, and what its refs name.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { cwdSlug } from '../config/paths.js';

/** The commit a session's checkpoint chain ends at (its ref, loose or packed), if any. */
export function chainHead(gitDir: string, ref: string): string | undefined {
  const loose = join(gitDir, ref);
  const found = existsSync(loose)
    ? readFileSync(loose, 'utf8').trim()
    : existsSync(join(gitDir, 'packed-refs'))
      ? readFileSync(join(gitDir, 'packed-refs'), 'utf8')
          .split('\n')
          .find((line) => line.endsWith(` ${ref}`))
          ?.split(' ')[0]
      : undefined;
  return found && /^[0-9a-f]{40,64}$/.test(found) ? found : undefined;
}

export function checkpointsRoot(home: string): string {
  return join(home, 'checkpoints');
}

export function checkpointDir(home: string, workspace: string): string {
  return join(checkpointsRoot(home), cwdSlug(workspace));
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * $TACK_HOME's folder, relative to the workspace, when it lies inside it (tack run in the home
 * folder, say): its checkpoints would hold copies of themselves, each snapshot bigger than the last,
 * so it is never checkpointed. When $TACK_HOME is the workspace itself, its checkpoints folder.
 */
export function ownFolder(home: string, workspace: string): string | undefined {
  const rel = relative(realOrResolved(workspace), realOrResolved(home));
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return (rel === '' ? 'checkpoints' : rel).split(sep).join('/');
}
