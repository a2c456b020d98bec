// tack's git worktrees: made from local HEAD on a `tack/<name>` branch, marked as tack's, removed
// when nothing was done in them. Git I/O here, the rest pure.
export { findTackWorktree, type TackWorktree, tackWorktrees } from './inventory.js';
export { othersWorking } from './marker.js';
export { openWorktree, type OpenedWorktree } from './open.js';
export { leaveWorktree, removeWorktree } from './remove.js';
export { findRepository, WorktreeError } from './repo.js';
export { tackWorktreeName } from './here.js';
export { worktreeLocation } from './settings.js';
export { describeState, worktreeState } from './state.js';
export { carryTrust } from './trust.js';
