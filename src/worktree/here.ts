// Which tack worktree a folder is in, for the app's footer.
import { linkedWorktree } from '../../tools/sandbox/worktree-git.js';
import { readMarker } from './marker.js';

export function tackWorktreeName(cwd: string): string | undefined {
  const layout = linkedWorktree(cwd);
  return layout ? readMarker(layout.adminDir)?.name : undefined;
}
