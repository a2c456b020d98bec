// Where a language server is and how it starts: inside the sandbox with everything but /tmp
// read-only and no network (it only reads, nobody was asked about it, and it runs the project's
// code: its TypeScript, a planted node_modules/.bin), in a process group of its own that the
// reaper ends with tack, its output read by the client and its errors drained.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { killCommand, MARKER_VAR, trackCommand } from '../../tools/process/process-group.js';
import { commandMarker } from '../../tools/process/reaper.js';
import { findExecutable } from '../../tools/process/which.js';
import type { Sandbox } from '../../tools/sandbox/sandbox.js';

export interface LaunchOptions {
  /** the workspace: the server's root and working folder */
  cwd: string;
  /** the session's sandbox; without one the server runs as tack does */
  sandbox?: Sandbox;
  /** the tools' environment (credentials left out) */
  env: Record<string, string>;
}

export interface Launched {
  child: ChildProcessByStdio<Writable, Readable, Readable>;
  /** ends the server and everything it started; resolves once they are gone */
  kill(): Promise<void>;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The workspace's own copy first (`node_modules/.bin`), then PATH's. */
export function findServer(cwd: string, command: string): string | undefined {
  const local = join(cwd, 'node_modules', '.bin', command);
  return executable(local) ? local : findExecutable(command);
}

export function launch(path: string, args: readonly string[], o: LaunchOptions): Launched {
  const marker = commandMarker();
  const wrapped = o.sandbox ? o.sandbox.wrap(path, args, true, true) : { file: path, args: [...args], release: () => {} };
  // caches (Go's build cache, tsserver's typings) go to the sandbox's private /tmp
  const sandboxed = o.sandbox ? { ...o.sandbox.env, XDG_CACHE_HOME: '/tmp/.cache' } : {};
  const child = spawn(wrapped.file, wrapped.args, {
    cwd: o.cwd,
    env: { ...o.env, ...sandboxed, [MARKER_VAR]: marker },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  // what a server says on stderr is its own log: read and dropped, so it never blocks on a full pipe
  child.stderr.resume();
  child.stdin.on('error', () => {});
  const processes = child.pid === undefined ? undefined : { pid: child.pid, marker };
  const untrack = processes ? trackCommand(processes) : () => false;
  let ended: Promise<void> | undefined;
  return {
    child,
    kill: () => {
      ended ??= (processes ? killCommand(processes, 500) : Promise.resolve()).then(() => {
        untrack();
        wrapped.release();
      });
      return ended;
    },
  };
}
