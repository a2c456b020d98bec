// The bubblewrap sandbox bash commands run in: the whole file system read-only except the workspace
// (with its .git), a private /tmp and the package-manager caches; credential stores in $HOME hidden;
// fresh /proc (own pid namespace, so no other process's environment is readable) and /dev.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isInside } from '../fs/paths.js';
import { emptyDir, holdPlaces, sweepLeftovers } from './placeholders.js';
import { ownTempDir } from '../process/own-temp.js';
import { DISABLED_SUFFIX, disarmRepository } from './planted-repos.js';
import { PROTECTED_MENTION, runsLater } from './runs-later.js';
import { emptyFile, explainMasked, unexposed } from './secrets.js';
import type { SecretTest } from '../fs/secret-files.js';
import { findExecutable } from '../process/which.js';
import { WorkspaceScanner } from './workspace-scan.js';
import { hiddenAround } from './hide-around.js';
import { CREATED_CACHES, HOME_CACHES, heldInWritable } from './caches.js';
import { tackWorktreeBinds } from './worktree-git.js';
import { forget, type ProbeAnswer, probeKey, recalled, remember } from './probe-memo.js';

/** Directories under $HOME that hold credentials: hidden in the sandbox, and asked about before reading. */
export const HOME_SECRET_DIRS = ['.ssh', '.aws', '.gnupg', '.azure', '.kube', '.docker', '.config/gcloud', '.config/gh', '.password-store'];
export const HOME_SECRET_FILES = ['.netrc', '.git-credentials', '.pgpass', '.npmrc'];

export interface SandboxSettings {
  /** the workspace root: writable */
  cwd: string;
  home: string;
  network: boolean;
  /** more directories to hide (tack's own home with its sessions) */
  hide?: readonly string[];
  /** tack's own home, whose worktree records say whether the workspace is a tack worktree (worktree-git.ts) */
  tackHome?: string;
  /** more writable directories: caches configured elsewhere (`npm_config_cache`) */
  writable?: readonly string[];
  /** the workspace's secret files, shown to commands as empty files */
  secretFile?: SecretTest;
  /** workspace files (globs) let through although they look secret */
  exposeSecretFiles?: readonly string[];
  /** workspace files a hook or MCP server runs: read-only, like git's hooks (known once the session's extensions are) */
  runFiles?: () => readonly string[];
  /** the workspace's scanner, shared with the approval gate; one is made when not given */
  scanner?: WorkspaceScanner;
  /** asked before each command: true mounts the whole workspace read-only (plan mode) */
  readOnlyWorkspace?: () => boolean;
}

/** Everything the bwrap command line is built from, gathered from the disk first. */
export interface SandboxPlan {
  cwd: string;
  /** the host directory mounted as /tmp inside */
  tmp: string;
  /** directories under the host's /tmp that must stay visible (read-only) over the private one */
  readOnly: string[];
  writable: string[];
  hideDirs: string[];
  hideFiles: string[];
  /** git directories inside the workspace, bound onto themselves so they cannot be swapped */
  pinned: string[];
  /** kept read-only inside the writable workspace: what would run later outside the sandbox */
  protected: string[];
  /** on the same list but not there yet: an empty read-only folder holds each place */
  missing: string[];
  /** secret files of the workspace, mounted over with an empty file */
  maskFiles: string[];
  /** repositories nested in the workspace when the command starts (protected like the root's) */
  nestedGitDirs: string[];
  network: boolean;
  /** the workspace, its git directories and the home folder mounted read-only: plan mode, or a command nobody was asked about */
  readOnlyWorkspace: boolean;
}

/** Why a command runs with everything read-only: plan mode, or the judge let it through as only looking. */
export type ReadOnlyReason = 'plan' | 'unasked';

export interface Sandbox {
  /**
   * The program and arguments that run `file args` inside the sandbox; `release` when it has ended.
   * `readOnly`: the command was let through without a question, so it may write nothing but /tmp.
   * `offline`: no network, whatever the settings say (a language server: it runs the project's code).
   */
  wrap(
    file: string,
    args: readonly string[],
    readOnly?: boolean,
    offline?: boolean,
    /** a background job, which the user may keep running after tack: tack's reaper ends it instead of bwrap's --die-with-parent */
    mayOutlive?: boolean,
  ): { file: string; args: string[]; release: () => void; readOnly?: ReadOnlyReason };
  /** variables the sandboxed command gets on top of the tool environment */
  env: Record<string, string>;
  /** a note for the model when a failed command (its output, its text, how it was mounted) shows the sandbox stopped it */
  explain(output: string, command: string, readOnly?: ReadOnlyReason): string | undefined;
  /** after each command: repositories it made are disarmed (planted-repos.ts); a note for the model when one was */
  afterCommand(): string | undefined;
}

export type SandboxProbe = { ok: true; bwrap: string } | { ok: false; reason: string };

let probed: SandboxProbe | undefined;
/** where the probe's answer is remembered ($TACK_HOME), once a probe was asked for with one */
let memoHome: string | undefined;

/**
 * Whether bwrap can make a sandbox here: containers often forbid the namespaces it needs. Once per
 * process, and with `home` ($TACK_HOME) once per bwrap and kernel (probe-memo.ts).
 */
export function probeSandbox(home?: string): SandboxProbe {
  if (probed) return probed;
  if (process.platform !== 'linux') return (probed = { ok: false, reason: 'the sandbox needs Linux (bubblewrap)' });
  const bwrap = findExecutable('bwrap');
  if (!bwrap) return (probed = { ok: false, reason: 'bwrap (bubblewrap) is not installed' });
  memoHome = home;
  const key = home === undefined ? undefined : probeKey(bwrap);
  const known = key === undefined ? undefined : recalled(home!, key);
  if (known) return (probed = known.ok ? { ok: true, bwrap } : known);
  // its own process group: what bwrap's pid namespace leaves for init to reap is not tack's (node
  // honours `detached` here; its types leave it out)
  const options = { encoding: 'utf8' as const, timeout: 10_000, detached: true };
  const run = spawnSync(bwrap, ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-pid', '--die-with-parent', 'true'], options);
  const why = (run.stderr || run.error?.message || `exit code ${run.status}`).trim().split('\n')[0];
  const answer: ProbeAnswer = run.status === 0 ? { ok: true } : { ok: false, reason: `bwrap cannot create a sandbox here (${why})` };
  // a timeout or a failure to start says nothing lasting
  if (key !== undefined && !run.error) remember(home!, key, answer);
  return (probed = answer.ok ? { ok: true, bwrap } : answer);
}

/** bwrap itself failed to set up a command's sandbox: what was remembered no longer holds. */
function forgetProbeOn(output: string): void {
  if (memoHome === undefined || !/^bwrap: /m.test(output)) return;
  forget(memoHome);
  probed = undefined;
}

/** The repository's git directory when it lies outside the workspace (the workspace is a subdirectory). */
function gitDirsOutside(cwd: string): string[] {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (existsSync(dotGit)) {
      if (statSync(dotGit).isDirectory()) return isInside(cwd, dotGit) ? [] : [dotGit];
      // a worktree: `.git` is a file naming the real git directory, which shares a common one
      const gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
      if (!gitdir) return [];
      const real = resolve(dir, gitdir);
      const commonFile = join(real, 'commondir');
      const common = existsSync(commonFile) ? resolve(real, readFileSync(commonFile, 'utf8').trim()) : undefined;
      return [real, ...(common ? [common] : [])].filter((d) => existsSync(d) && !isInside(cwd, d));
    }
    if (dirname(dir) === dir) return [];
  }
}

/** `readOnly`: this command was let through without a question (nothing but /tmp may be written). */
export function planSandbox(settings: SandboxSettings, scanner: WorkspaceScanner, readOnly = false): SandboxPlan {
  const { cwd, home } = settings;
  for (const cache of CREATED_CACHES) {
    try {
      if (existsSync(home)) mkdirSync(join(home, cache), { recursive: true });
    } catch {
      // a read-only home: installs will say so themselves
    }
  }
  const visible = (path: string) => existsSync(path) && !isInside(path, cwd);
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  const scan = scanner.scan();
  const frozen = readOnly || settings.readOnlyWorkspace?.() === true;
  // read-only as a whole, the workspace needs no places kept read-only inside it
  const protection = frozen
    ? { pinned: [], readOnly: [], missing: [] }
    : runsLater(cwd, { nestedGitDirs: scan.nestedGitDirs, runFiles: settings.runFiles?.() });
  // a tack worktree: of the repository's .git only what `git commit` needs is writable
  const worktree = frozen ? undefined : tackWorktreeBinds(cwd, settings.tackHome);
  const around = hiddenAround(settings.hide ?? [], cwd);
  // a command nobody was asked about writes nothing but /tmp: no cache, no git directory
  const caches = frozen ? [] : [...HOME_CACHES.map((c) => join(home, c)), ...(settings.writable ?? [])].filter((p) => existsSync(p));
  const writable = [...(frozen ? [] : (worktree?.writable ?? gitDirsOutside(cwd))), ...caches];
  const held = frozen ? { readOnly: [], missing: [] } : heldInWritable([cwd, ...writable], caches, cwd);
  return {
    cwd,
    // one private /tmp per tack process, so files a command leaves there are there for the next one
    tmp: ownTempDir('sandbox'),
    // in plan mode a worktree's git directory outside the workspace is seen, not written
    readOnly: [...[home].filter((dir) => isInside('/tmp', dir) && existsSync(dir)), ...(frozen ? gitDirsOutside(cwd) : [])],
    writable,
    hideDirs: [...HOME_SECRET_DIRS.map((d) => join(home, d)), ...(settings.hide ?? []), ...(runtimeDir ? [runtimeDir] : [])]
      .filter(visible)
      .concat(around.dirs),
    hideFiles: [...HOME_SECRET_FILES.map((f) => join(home, f)), '/var/run/docker.sock', '/run/docker.sock'].filter(visible).concat(around.files),
    pinned: protection.pinned,
    protected: [...protection.readOnly, ...(worktree?.readOnly ?? []), ...held.readOnly],
    missing: [...protection.missing, ...held.missing],
    maskFiles: unexposed(scan.secrets, cwd, settings.exposeSecretFiles),
    nestedGitDirs: scan.nestedGitDirs,
    network: settings.network,
    readOnlyWorkspace: frozen,
  };
}

/** The bwrap options for a plan; later mounts cover earlier ones, so the order matters. */
export function bwrapArgs(plan: SandboxPlan, mayOutlive = false): string[] {
  return [
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--bind',
    plan.tmp,
    '/tmp',
    ...plan.readOnly.flatMap((dir) => ['--ro-bind', dir, dir]),
    plan.readOnlyWorkspace ? '--ro-bind' : '--bind',
    plan.cwd,
    plan.cwd,
    ...plan.writable.flatMap((dir) => ['--bind', dir, dir]),
    ...plan.pinned.flatMap((dir) => ['--bind', dir, dir]),
    ...plan.protected.flatMap((path) => ['--ro-bind', path, path]),
    // bwrap makes the mount point in the workspace; placeholders.ts takes it away again after
    ...plan.missing.flatMap((path) => ['--ro-bind', emptyDir(), path]),
    ...plan.hideDirs.flatMap((dir) => ['--tmpfs', dir]),
    ...plan.hideFiles.flatMap((file) => ['--ro-bind', '/dev/null', file]),
    ...plan.maskFiles.flatMap((file) => ['--ro-bind', emptyFile(), file]),
    // its own pid namespace: the command cannot read /proc/<tack>/environ, and nothing it starts outlives it
    // (a job the user may keep after tack is ended with tack by the reaper, process/reaper.ts, instead)
    '--unshare-pid',
    ...(mayOutlive ? [] : ['--die-with-parent']),
    ...(plan.network ? [] : ['--unshare-net']),
    // root inside must not be able to remount the file system writable
    '--cap-drop',
    'ALL',
    '--chdir',
    plan.cwd,
    '--',
  ];
}

const READ_ONLY_FS = /read-only file system|EROFS/i;

/** Whether a command's output shows it tried to write where the sandbox does not let it. */
export const hitReadOnly = (output: string): boolean => READ_ONLY_FS.test(output);
/** Without a network namespace's interfaces even a local server refuses: the sandbox has its own loopback. */
const NO_NETWORK = /could not resolve|network is unreachable|connection refused|EAI_AGAIN|ENETUNREACH|ENOTFOUND|ECONNREFUSED|name resolution/i;

const BUSY = /Device or resource busy|EBUSY/i;

const PLAN_MODE_NOTE =
  '[plan mode: the workspace is read-only for commands until the user approves a plan; /tmp is writable ' +
  '(build or test output can go there); present the plan with exit_plan_mode first, and the user decides]';

const UNASKED_NOTE =
  '[this command ran without a question because tack judged that it only looks, so it ran with everything but /tmp ' +
  'read-only; a command that needs to write must be one the user is asked about: change files with edit or write, ' +
  'or run the writing step as a command of its own]';

export function explainSandboxFailure(output: string, network: boolean, readOnly?: ReadOnlyReason): string | undefined {
  const note = readOnly === 'plan' ? PLAN_MODE_NOTE : UNASKED_NOTE;
  if (readOnly && (READ_ONLY_FS.test(output) || BUSY.test(output))) return note;
  // some commands fail without a word when they cannot write (git stash)
  if (readOnly === 'plan' && output.trim() === '') return PLAN_MODE_NOTE.replace('[plan mode: ', '[plan mode (perhaps why this failed): ');
  if ((READ_ONLY_FS.test(output) || BUSY.test(output)) && PROTECTED_MENTION.test(output)) {
    return (
      "[git's hooks, config and info, .tack/, .mcp.json, .claude/, .agents/ and .vscode/ are read-only in the sandbox, " +
      'so nothing written there can run later outside it; `git add`, `git commit` and branch switches still work. ' +
      'If this change is needed, make it with the edit or write tool (the user is asked) or tell the user]'
    );
  }
  if (READ_ONLY_FS.test(output)) {
    return (
      '[writing outside the workspace is blocked by the sandbox; only the workspace, /tmp and package caches ' +
      '(~/.npm, ~/.cache, ~/.cargo, …) are writable. Write inside the workspace instead; if the user needs this, ' +
      'they can run tack with --sandbox off (or "sandbox": "off" in .tack/config.json)]'
    );
  }
  if (!network && NO_NETWORK.test(output)) {
    return '[the network is off in the sandbox (--no-network or "sandboxNetwork": false); the user can turn it back on]';
  }
  return undefined;
}

export function createSandbox(bwrap: string, settings: SandboxSettings): Sandbox {
  const scanner = settings.scanner ?? new WorkspaceScanner(settings.cwd, settings.secretFile ?? (() => undefined));
  let masked: string[] = [];
  /** the nested repositories seen so far: those protected while commands ran, or disarmed after */
  const knownRepos = new Set<string>();
  let swept = false;
  return {
    wrap: (file, args, unasked = false, offline = false, mayOutlive = false) => {
      if (!swept) sweepLeftovers([join(settings.cwd, '.mcp.json'), ...(settings.runFiles?.() ?? [])]);
      swept = true;
      const plan = { ...planSandbox(settings, scanner, unasked), ...(offline ? { network: false } : {}) };
      masked = plan.maskFiles;
      for (const gitDir of plan.nestedGitDirs) knownRepos.add(gitDir);
      const release = holdPlaces(plan.missing, plan.protected);
      const readOnly: ReadOnlyReason | undefined = settings.readOnlyWorkspace?.() ? 'plan' : unasked ? 'unasked' : undefined;
      return { file: bwrap, args: [...bwrapArgs(plan, mayOutlive), file, ...args], release, readOnly };
    },
    env: { TMPDIR: '/tmp' },
    explain: (output, command, readOnly) => {
      forgetProbeOn(output);
      return explainMasked(masked, settings.cwd, `${command}\n${output}`) ?? explainSandboxFailure(output, settings.network, readOnly);
    },
    afterCommand: () => {
      const notes: string[] = [];
      for (const gitDir of scanner.scan().nestedGitDirs) {
        if (knownRepos.has(gitDir)) continue;
        knownRepos.add(gitDir);
        const found = disarmRepository(gitDir);
        if (found.length > 0) notes.push(`${relative(settings.cwd, gitDir)} (${found.join(', ')})`);
      }
      if (notes.length === 0) return undefined;
      return (
        `[tack set aside what would run a program at the next git command in a repository this command made: ${notes.join('; ')}. ` +
        `The originals are kept with the suffix ${DISABLED_SUFFIX}; only the user can bring them back]`
      );
    },
  };
}
