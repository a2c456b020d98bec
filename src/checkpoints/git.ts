// git for the shadow repository: its own GIT_DIR and index, the workspace as work tree, and nothing of
// the user's git setup (their config, hooks, attributes, filters, environment) applied.
import { spawn } from 'node:child_process';

export interface ShadowPaths {
  /** the shadow repository ($TACK_HOME/checkpoints/<slug>/git) */
  gitDir: string;
  /** its index (one per workspace, beside the repository) */
  indexFile: string;
  /** the workspace: the work tree */
  workTree: string;
}

/** Settings on every call: bytes kept as they are, nothing the work tree or a config could run. */
const SAFE_CONFIG = [
  'core.hooksPath=/dev/null',
  'core.autocrlf=false',
  'core.safecrlf=false',
  'core.symlinks=true',
  'core.fsmonitor=false',
  'core.attributesFile=/dev/null',
  'core.excludesFile=/dev/null',
  'core.quotePath=false',
  'core.untrackedCache=true',
  'core.bigFileThreshold=16m',
  'gc.auto=0',
  'maintenance.auto=false',
  'index.version=4',
  'user.name=tack',
  'user.email=tack@localhost',
];

/** The environment git runs with: only what it needs, every inherited GIT_* variable dropped. */
export function shadowEnv(p: ShadowPaths, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'TMPDIR', 'SYSTEMROOT']) if (base[key] !== undefined) env[key] = base[key];
  return {
    ...env,
    HOME: p.gitDir,
    LC_ALL: 'C',
    GIT_DIR: p.gitDir,
    GIT_WORK_TREE: p.workTree,
    GIT_INDEX_FILE: p.indexFile,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
  };
}

export class GitError extends Error {}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
}

/** Runs `git <args>` in the shadow repository; rejects with git's own words when it fails. */
export function git(p: ShadowPaths, args: string[], input?: string | Buffer): Promise<GitResult> {
  return gitFed(p, args, async (write) => {
    if (input !== undefined && input.length > 0) await write(input);
  });
}

/** NUL-separated output as strings, without the empty tail. */
export function nulList(out: Buffer): string[] {
  return out.toString('utf8').split('\0').filter(Boolean);
}

/** Runs `git <args>` and writes its input as `feed` produces it (awaiting each write's drain), for streams too large to hold. */
export function gitFed(p: ShadowPaths, args: string[], feed: (write: (chunk: Buffer | string) => Promise<void>) => Promise<void>): Promise<GitResult> {
  const argv = [...SAFE_CONFIG.flatMap((c) => ['-c', c]), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn('git', argv, { cwd: p.workTree, env: shadowEnv(p), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(new GitError(`cannot run git: ${e.message}`)));
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr });
      else reject(new GitError(`git ${args[0]} failed: ${stderr.split('\n').pop() || `exit ${code}`}`));
    });
    child.stdin.on('error', () => {});
    const write = (chunk: Buffer | string) =>
      new Promise<void>((done) => {
        if (child.stdin.write(chunk)) done();
        else child.stdin.once('drain', done);
      });
    feed(write).then(
      () => child.stdin.end(),
      (e: unknown) => {
        child.kill();
        reject(e);
      },
    );
  });
}
