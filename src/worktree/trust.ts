// A worktree of a trusted repository is a new folder to trust: asking again for settings files that
// are byte for byte the ones the user trusted would only teach them to say yes. So a new worktree
// whose files all match the repository's pins is trusted with them; any difference asks as usual.
// The worktree's record goes with the worktree.
import { assessTrust, revokeFolder, trustFolder } from '../trust/assess.js';
import { readTrust } from '../trust/store.js';

/** Whether the user trusts the repository (`tack trust`, or a lasting yes): only then do its git filters run in a new worktree. */
export function trustedRepository(top: string, home: string): boolean {
  const a = assessTrust(top, home);
  return a.status === 'trusted' || (a.status === 'none' && readTrust(home).folders[a.root] !== undefined);
}

export function carryTrust(repoTop: string, workDir: string, home: string): boolean {
  const main = assessTrust(repoTop, home);
  if (main.status !== 'trusted' || !main.record) return false;
  const here = assessTrust(workDir, home);
  if (here.status !== 'untrusted') return false;
  const pins = main.record.files;
  const same = here.files.length === Object.keys(pins).length && here.files.every((f) => pins[f.rel]?.sha256 === f.sha256);
  if (same) trustFolder(home, here);
  return same;
}

export function forgetTrust(home: string, worktree: string): void {
  revokeFolder(home, worktree);
}
