// Which tack worktree a folder is in, for the app's footer.
import { linkedWorktree } from '../../tools/sandbox/worktree-git.js';
import { realOrSelf } from '../../tools/sandbox/worktree-records.js';
import { tackWorktrees } from './inventory.js';

export function tackWorktreeName(cwd: string, home: string): string | undefined {
  const layout = linkedWorktree(cwd);
  const adminDir = layout && realOrSelf(layout.adminDir);
  return layout ? tackWorktrees(home, realOrSelf(layout.commonDir)).find((w) => w.adminDir === adminDir)?.marker.name : undefined;
}
