// The one place where tack reads and writes files for its own features, outside the tools (a worktree
// child's changes, `.worktreeinclude`, checkpoints and rewind, `@file` attachments, /export): no link is
// followed, out of the root or in it; a file with other names (hard links) is not read; a write makes
// a new file, never over one; and a refusal is one sentence (OwnFileError).
export { OwnFileError } from './refusal.js';
export { hasOtherNames, openOwn, type OwnFile, readHead, readOwn } from './read.js';
export { copyOwn, linkOwn, removeOwn, type WriteOptions, writeOwn } from './write.js';
