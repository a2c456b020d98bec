// Which files someone else changed since tack last wrote them: a rewind keeps those unless told otherwise.
import type { TimelineRecord } from './records.js';
import type { CheckpointStore } from './store.js';
import type { TreeChange } from './tree-diff.js';

/**
 * `timeline` starts at the target checkpoint; `changes` go from the workspace now to that checkpoint.
 * A file's expected content is what tack's latest turn that changed it left (a window from the
 * record before a `written` one to it), else its content at the checkpoint. A file whose content
 * now is not the expected one was changed by someone else: the user, in their editor.
 */
export async function userEdited(store: CheckpointStore, timeline: TimelineRecord[], changes: TreeChange[]): Promise<string[]> {
  const expected = new Map(changes.map((c) => [c.path, c.newId]));
  for (let i = 1; i < timeline.length; i++) {
    const record = timeline[i]!;
    if (record.type !== 'written') continue;
    for (const c of await store.changes(timeline[i - 1]!.tree, record.tree)) {
      if (expected.has(c.path)) expected.set(c.path, c.newId);
    }
  }
  return changes.filter((c) => expected.get(c.path) !== c.oldId).map((c) => c.path);
}
