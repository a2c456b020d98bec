// tack's git worktrees: made from local HEAD on a `tack/<name>` branch, recorded as tack's in tack's
// own home, removed when nothing was done in them. Git I/O here, the rest pure.
export { findTackWorktree, forgottenByGit, type TackWorktree, tackWorktrees } from './inventory.js';
export { forgetRecord, othersWorking } from './record.js';
export { openWorktree, type OpenedWorktree } from './open.js';
export { leaveWorktree, removeWorktree } from './remove.js';
export { findRepository, WorktreeError } from './repo.js';
export { tackWorktreeName } from './here.js';
export { worktreeLocation } from './settings.js';
export { describeState, worktreeState } from './state.js';
export { carryTrust } from './trust.js';
