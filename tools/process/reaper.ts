// Commands run in process groups of their own (so a timeout can end all they started), which is
// also why they outlive tack: after `kill -9` no exit handler runs. One watcher per tack process,
// started before its first command, holds a pipe from tack; the kernel closes it when tack dies,
// however it dies, and the watcher then kills the groups of the commands still registered, and every
// process whose environment carries one of this tack's command markers (they all start with the
// watcher's prefix, so a command killed before its registration was written is still found; setsid
// and double forks too). In the sandbox bubblewrap's --die-with-parent ends the command too; what no
// one can reach is a process that cleared its environment and left its group.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { findExecutable } from './which.js';

/** The environment variable every process of a command carries: this tack's prefix, then the command's id. */
export const MARKER_VAR = 'TACK_COMMAND_ID';

/** Letters and digits only: it goes into the watcher's pattern as it is. */
const PREFIX = `tack${process.pid}x${randomBytes(6).toString('hex')}`;

const WATCHER = `
trap '' INT HUP TERM QUIT PIPE
declare -A groups
spared=()
while read -r op pid; do
  case $op in
    +) groups[$pid]=1 ;;
    -) unset "groups[$pid]" ;;
    k) spared+=(-e "${MARKER_VAR}=$pid") ;;
  esac
done
for pid in "\${!groups[@]}"; do kill -KILL -- "-$pid" 2>/dev/null; done
# one grep over every process's environment, not a process per process: it runs while the machine may be busy
for env in $(grep -lzE "^${MARKER_VAR}=$1-" /proc/[0-9]*/environ 2>/dev/null); do
  # a job the user chose to keep running after tack
  if [ \${#spared[@]} -gt 0 ] && grep -qzxF "\${spared[@]}" "$env" 2>/dev/null; then continue; fi
  pid=\${env#/proc/}; kill -KILL "\${pid%/environ}" 2>/dev/null
done
`;

let pipe: Socket | null | undefined;

function watcher(): Socket | null {
  if (pipe !== undefined) return pipe;
  const bash = findExecutable('bash');
  if (!bash) return (pipe = null);
  const child = spawn(bash, ['-c', WATCHER, 'tack-reaper', PREFIX], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  child.on('error', () => {
    pipe = null;
  });
  child.unref();
  pipe = child.stdin as Socket;
  // neither the watcher nor its pipe keeps tack running; a watcher that is gone is simply not told
  pipe.unref();
  pipe.on('error', () => {
    pipe = null;
  });
  return pipe;
}

/**
 * A new command's marker (the MARKER_VAR value for its environment). The watcher is started first,
 * so from the moment the command runs, tack's death ends it.
 */
export function commandMarker(): string {
  watcher();
  return `${PREFIX}-${randomUUID()}`;
}

/** Registers a running command's group (pid) with the watcher; returns the unregister. */
export function reapOnDeath(pid: number): () => void {
  watcher()?.write(`+ ${pid}\n`);
  return () => {
    pipe?.write(`- ${pid}\n`);
  };
}

/** A command the user keeps running after tack: the watcher spares the processes carrying its marker. */
export function spareMarker(marker: string): void {
  pipe?.write(`k ${marker}\n`);
}
