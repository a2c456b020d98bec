// The unified diff of a change, with its counts and first changed line: what edit and write show the
// user and the approval question, bounded in time so a huge rewrite never blocks the event loop.
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';

export interface DiffSummary {
  /** unified diff (`--- a/path`, `+++ b/path`, `@@ -12,3 +12,4 @@` hunks), for the UI */
  diff: string;
  added: number;
  removed: number;
  /** first changed line in the new content (1-based), when anything changed */
  firstChangedLine?: number;
}

/** Past this a diff is skipped rather than blocking the event loop on a huge rewrite. */
const DIFF_TIMEOUT_MS = 1000;

export function unifiedDiff(shown: string, before: string, after: string): DiffSummary {
  const patch = structuredPatch(`a/${shown}`, `b/${shown}`, before, after, undefined, undefined, {
    context: 3,
    stripTrailingCr: true,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (!patch) return { diff: '(diff too large to show)', added: 0, removed: 0 };
  let added = 0;
  let removed = 0;
  let firstChangedLine: number | undefined;
  for (const hunk of patch.hunks) {
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      const kind = line[0];
      if ((kind === '+' || kind === '-') && firstChangedLine === undefined) firstChangedLine = Math.max(newLine, 1);
      if (kind === '+') added++;
      if (kind === '-') removed++;
      if (kind === '+' || kind === ' ') newLine++;
    }
  }
  const diff = patch.hunks.length > 0 ? formatPatch(patch, FILE_HEADERS_ONLY) : '';
  return { diff, added, removed, firstChangedLine };
}
