// `tack worktree list | rm NAME [--force] | prune`: tack's worktrees of the repository here, and
// only those (its records in tack's home, src/worktree/inventory.ts): a worktree the user made is never touched.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { UsageError } from '../config/errors.js';
import { sessionsDir, tackHome } from '../config/paths.js';
import { expandHome } from '../../tools/fs/paths.js';
import { parseWords, tackStyle } from '../config/subcommand.js';
import { visible } from '../text/terminal-text.js';
import {
  describeState,
  findRepository,
  findTackWorktree,
  forgetRecord,
  forgottenByGit,
  othersWorking,
  removeWorktree,
  type TackWorktree,
  tackWorktrees,
  WorktreeError,
  worktreeState,
} from '../worktree/index.js';

/** When a session last ran in the worktree, as `2026-12-05 14:02`, or `none`. */
function lastSession(home: string, path: string): string {
  let latest = 0;
  try {
    for (const f of readdirSync(sessionsDir(home, path))) {
      if (f.endsWith('.jsonl')) latest = Math.max(latest, statSync(join(sessionsDir(home, path), f)).mtimeMs);
    }
  } catch {
    return 'none';
  }
  return latest === 0 ? 'none' : new Date(latest).toISOString().slice(0, 16).replace('T', ' ');
}

function listLines(worktrees: TackWorktree[], home: string): string {
  if (worktrees.length === 0) return 'no tack worktrees in this repository (tack -w [name] makes one)\n';
  const rows = worktrees.map((w) => {
    const state = w.missing ? 'folder gone (tack worktree prune)' : describeState(worktreeState(w));
    const base = `${w.marker.from === 'HEAD' ? '' : `${w.marker.from} `}${w.marker.base.slice(0, 9)}`;
    return [w.marker.name, w.marker.branch, base, state, lastSession(home, w.path), w.path].map(visible);
  });
  const header = ['NAME', 'BRANCH', 'BASE', 'CHANGES', 'LAST SESSION', 'PATH'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows]
    .map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '))
    .join('\n')
    .concat('\n');
}

function removeOne(commonDir: string, root: string, home: string, name: string, force: boolean): string {
  const w = findTackWorktree(home, commonDir, name);
  if (!w) throw new UsageError(`no tack worktree named ${name} in this repository (tack worktree list shows them)`);
  const state = worktreeState(w);
  if (state.changes > 0 && !force) {
    throw new UsageError(`worktree ${name} has ${describeState(state)} not committed; commit them there, or add --force to lose them`);
  }
  const { branchKept } = removeWorktree(w, root, home);
  return branchKept
    ? `removed worktree ${name}; branch ${w.marker.branch} keeps its commits (git merge ${w.marker.branch}, or git branch -D ${w.marker.branch})\n`
    : `removed worktree ${name} and branch ${w.marker.branch}\n`;
}

/**
 * Removes tack's worktrees whose folder is gone, and those with no changes and no commits of their
 * own; forgets the records of those git no longer knows.
 */
function prune(commonDir: string, root: string, home: string): string {
  for (const stale of forgottenByGit(home, commonDir)) forgetRecord(stale);
  const all = tackWorktrees(home, commonDir);
  if (all.length === 0) return 'nothing to prune: no tack worktrees in this repository\n';
  const gone: string[] = [];
  let inUse = 0;
  for (const w of all) {
    const state = worktreeState(w);
    if (!w.missing && (state.changes > 0 || state.commits > 0)) continue;
    if (!w.missing && othersWorking(w)) {
      inUse++;
      continue;
    }
    removeWorktree(w, root, home);
    gone.push(w.marker.name);
  }
  if (gone.length > 0) return `removed ${gone.map(visible).join(', ')}\n`;
  const each = all.length === 1 ? 'the one tack worktree here has' : `each of the ${all.length} tack worktrees here has`;
  const why = inUse === 0 ? 'changes or commits' : inUse === all.length ? 'a tack running in it' : 'changes, commits or a tack running in it';
  return `nothing to prune: ${each} ${why} (tack worktree list)\n`;
}

export function runWorktreeCommand(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const program = tackStyle(new Command('tack worktree'))
    .description("tack's git worktrees of this repository (made by tack -w); the user's own worktrees are never listed or touched.")
    .option('-C, --cwd <dir>', 'the repository (default: the current directory)');
  let ran: (() => string) | undefined;
  program
    .command('list')
    .description('name, branch, base, changes and last session of each')
    .action(() => {
      ran = () => listLines(tackWorktrees(tackHome(env), repo().commonDir), tackHome(env));
    });
  program
    .command('rm')
    .argument('<name>')
    .description('remove a worktree and its branch (a branch with commits is kept); refuses uncommitted changes')
    .option('--force', 'remove it although it has uncommitted changes')
    .action((name: string, o: { force?: boolean }) => {
      ran = () => {
        const r = repo();
        return removeOne(r.commonDir, r.root, tackHome(env), name, o.force === true);
      };
    });
  program
    .command('prune')
    .description('remove the worktrees with no changes and no commits, and those whose folder is gone')
    .action(() => {
      ran = () => {
        const r = repo();
        return prune(r.commonDir, r.root, tackHome(env));
      };
    });
  for (const sub of program.commands) tackStyle(sub);
  const repo = () => {
    try {
      return findRepository(resolve(expandHome(program.opts<{ cwd?: string }>().cwd ?? process.cwd())));
    } catch (err) {
      throw err instanceof WorktreeError ? new UsageError(err.message.replace('run tack -w inside it', 'run this inside it')) : err;
    }
  };
  const ended = parseWords(program, args.length === 0 ? ['list'] : args);
  if (ended !== undefined) return ended;
  if (!ran) return 2;
  process.stdout.write(ran());
  return 0;
}
