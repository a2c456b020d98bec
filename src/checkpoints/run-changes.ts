// What changed in the workspace since a run began, as the checkpoints saw it: the run's first
// checkpoint (taken just before its first change) against the workspace now. The truth for every
// file a checkpoint keeps, whatever changed it (edit, write, a bash command, a hook); ignored,
// secret and oversized files are not kept, so not seen.
import type { Checkpoints } from './checkpoints.js';
import type { TreeChange } from './tree-diff.js';

/**
 * The changes since the first checkpoint numbered above `before` (how many there were when the run
 * began). `[]`: no checkpoint was due, so nothing could have changed; undefined: none was recorded
 * (the checkpoints failed, or were given up for this workspace), so the checkpoints cannot say.
 */
export async function changesSince(cp: Checkpoints, before: number): Promise<TreeChange[] | undefined> {
  await cp.settled();
  const first = cp.list()[before];
  if (!first) return undefined;
  // '' after resolving: tack changed nothing since that message
  if (!first.tree) return [];
  const now = (await cp.store.snapshot()).tree;
  return cp.store.changes(first.tree, now);
}
