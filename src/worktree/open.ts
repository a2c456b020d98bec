// `tack -w [name]`: a worktree of the repository around cwd on a new branch `tack/<name>`, from local
// HEAD (or `--from`), where nothing of the user's tree, index or stash is touched; or the existing
// tack worktree of that name, to continue there.
import { appendFileSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SecretTest } from '../../tools/fs/secret-files.js';
import { recordsDir, type WorktreeRecord } from '../../tools/sandbox/worktree-records.js';
import { checkoutCommitted } from './checkout.js';
import { gitOut, runGit } from './git.js';
import { copyIncluded, INCLUDE_FILE } from './include.js';
import { findTackWorktree, type TackWorktree } from './inventory.js';
import { joinUsers, writeRecord } from './record.js';
import { branchOf, generatedName, INSIDE_FOLDER, type Location, nameProblem, worktreePath } from './names.js';
import { branchExists, findRepository, resolveCommit, WorktreeError } from './repo.js';
import { trustedRepository } from './trust.js';

export interface OpenOptions {
  cwd: string;
  home: string;
  name?: string;
  from?: string;
  location: Location;
  isSecret: SecretTest;
}

export interface OpenedWorktree extends TackWorktree {
  /** where the agent works: the same folder of the repository as cwd */
  workDir: string;
  created: boolean;
  /** one line each, for stderr or the app's notices */
  notes: string[];
}

export function openWorktree(o: OpenOptions): OpenedWorktree {
  if (o.name !== undefined) {
    const problem = nameProblem(o.name);
    if (problem) throw new WorktreeError(problem);
  }
  const repo = findRepository(o.cwd);
  const existing = o.name === undefined ? undefined : findTackWorktree(o.home, repo.commonDir, o.name);
  if (existing && !existing.missing) {
    if (o.from !== undefined) throw new WorktreeError(`worktree ${o.name} exists already (from ${existing.marker.from}); leave out --from to continue in it`);
    joinUsers(existing);
    return { ...existing, workDir: workDirIn(existing.path, repo.subdir), created: false, notes: [] };
  }
  if (existing) throw new WorktreeError(`worktree ${o.name}'s folder is gone (${existing.path}); run tack worktree prune, then try again`);
  const name = o.name ?? freeName(o.home, repo.commonDir);
  const branch = branchOf(name);
  if (branchExists(branch, repo.top)) {
    throw new WorktreeError(`a branch ${branch} exists already and is not a tack worktree's; pick another name, or delete it (git branch -D ${branch})`);
  }
  const from = o.from ?? 'HEAD';
  const base = resolveCommit(from, repo.top);
  const path = worktreePath(o.location, o.home, repo.root, name);
  if (existsSync(path)) throw new WorktreeError(`${path} exists already and is not a tack worktree; pick another name`);
  mkdirSync(dirname(path), { recursive: true });
  if (o.location === 'inside') excludeInside(repo.commonDir);
  // an untrusted repository's config must name nothing that runs: its files come from checkout.ts
  const trusted = trustedRepository(repo.top, o.home);
  const added = runGit(['worktree', 'add', '--quiet', ...(trusted ? [] : ['--no-checkout']), '-b', branch, path, base], repo.top, { repoFilters: trusted });
  if (!added.ok) throw new WorktreeError(`git could not make the worktree: ${added.err.split('\n')[0]}`);
  const real = realpathSync(path);
  const adminDir = realpathSync(gitOut(['rev-parse', '--absolute-git-dir'], real));
  const checkout = trusted ? { filtersSkipped: false } : checkoutCommitted(repo.commonDir, adminDir, real, base);
  if (checkout.error !== undefined) {
    runGit(['worktree', 'remove', '--force', '--force', real], repo.top);
    runGit(['branch', '-D', branch], repo.top);
    throw new WorktreeError(`git could not check out the worktree's files: ${checkout.error}`);
  }
  // a `config.worktree` git would read is made now, so the sandbox can keep it read-only (runs-later.ts)
  if (!existsSync(join(adminDir, 'config.worktree'))) writeFileSync(join(adminDir, 'config.worktree'), '');
  const included = copyIncluded(repo.top, real, o.isSecret);
  const marker: WorktreeRecord = { name, path: real, adminDir, branch, base, from, createdAt: new Date().toISOString(), included: included.copied };
  const made: TackWorktree = { marker, records: recordsDir(o.home, repo.commonDir), path: real, adminDir, missing: false };
  writeRecord(made.records, marker);
  joinUsers(made);
  const notes = [
    ...startNotes(repo.top, from, base),
    ...(checkout.filtersSkipped ? [FILTERS_SKIPPED] : []),
    ...(included.copied.length > 0 ? [includedNote(included.copied.length, included.secrets)] : []),
    ...(included.skipped > 0 ? [`${INCLUDE_FILE} matched ${included.skipped} more files than tack copies; list files, not folders`] : []),
    ...included.refused.map((r) => `${INCLUDE_FILE}: ${r}`),
  ];
  return { ...made, workDir: workDirIn(real, repo.subdir), created: true, notes };
}

const FILTERS_SKIPPED =
  "this repository is not trusted, so its files are checked out as committed, without the filters its .gitattributes names (git-lfs's among them); tack trust there, and the next worktree gets them";

function freeName(home: string, commonDir: string): string {
  for (;;) {
    const name = generatedName();
    if (!findTackWorktree(home, commonDir, name)) return name;
  }
}

function workDirIn(path: string, subdir: string): string {
  return subdir !== '' && existsSync(join(path, subdir)) ? join(path, subdir) : path;
}

/** What the user should know about where the worktree starts from. */
function startNotes(top: string, from: string, base: string): string[] {
  const notes: string[] = [];
  const short = base.slice(0, 9);
  if (from === 'HEAD' && !runGit(['symbolic-ref', '--quiet', 'HEAD'], top).ok) notes.push(`HEAD is detached: the worktree starts from commit ${short}`);
  // a submodule's status runs git there, with the submodule's own config
  const dirty = runGit(['status', '--porcelain', '--untracked-files=no', '--ignore-submodules=all'], top);
  if (dirty.ok && dirty.out.trim() !== '') notes.push(`your uncommitted changes are not copied: the worktree starts from ${from} (${short})`);
  if (runGit(['cat-file', '-e', `${base}:.gitmodules`], top).ok)
    notes.push('submodules are not checked out in the worktree; run git submodule update --init there if it needs them');
  return notes;
}

function includedNote(count: number, secrets: string[]): string {
  const files = count === 1 ? '1 file' : `${count} files`;
  if (secrets.length === 0) return `${INCLUDE_FILE}: copied ${files}`;
  return `${INCLUDE_FILE}: copied ${files}; ${secrets.join(', ')} ${secrets.length === 1 ? 'is a secret file' : 'are secret files'}, hidden from commands there as here`;
}

/** A worktree inside the repository stays out of `git status`: its folder is in .git/info/exclude. */
function excludeInside(commonDir: string): void {
  const file = join(commonDir, 'info', 'exclude');
  const line = `/${INSIDE_FOLDER}/`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (text.split('\n').includes(line)) return;
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${text === '' || text.endsWith('\n') ? '' : '\n'}${line}\n`);
}
