// Commands run in process groups of their own (so a timeout can end all they started), which is
// also why they outlive tack: after `kill -9` no exit handler runs. One watcher per tack process,
// started with the first command, holds a pipe from tack; the kernel closes it when tack dies, however
// it dies, and the watcher then kills the groups of the commands still registered, and the processes
// that left them but carry a command's marker (setsid, double forks). In the sandbox bubblewrap's
// --die-with-parent ends the command too; what no one can reach is a process that cleared its
// environment and left its group.
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { findExecutable } from './which.js';

const WATCHER = `
trap '' INT HUP TERM QUIT PIPE
declare -A groups
while read -r op pid marker; do
  case $op in
    +) groups[$pid]=$marker ;;
    -) unset "groups[$pid]" ;;
  esac
done
for pid in "\${!groups[@]}"; do kill -KILL -- "-$pid" 2>/dev/null; done
patterns=()
for marker in "\${groups[@]}"; do [ -n "$marker" ] && patterns+=(-e "$marker"); done
# one grep over every process's environment, not a process per process: it runs while the machine may be busy
if [ \${#patterns[@]} -gt 0 ]; then
  for env in $(grep -lzxF "\${patterns[@]}" /proc/[0-9]*/environ 2>/dev/null); do
    pid=\${env#/proc/}; kill -KILL "\${pid%/environ}" 2>/dev/null
  done
fi
`;

let pipe: Socket | null | undefined;

function watcher(): Socket | null {
  if (pipe !== undefined) return pipe;
  const bash = findExecutable('bash');
  if (!bash) return (pipe = null);
  const child = spawn(bash, ['-c', WATCHER], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
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
 * Registers a running command's group (pid) with the watcher, and `markerEntry`, the NAME=value its
 * processes carry in their environment; returns the unregister.
 */
export function reapOnDeath(pid: number, markerEntry = ''): () => void {
  const safe = /^[\w=-]*$/.test(markerEntry) ? markerEntry : '';
  watcher()?.write(`+ ${pid} ${safe}\n`);
  return () => {
    pipe?.write(`- ${pid}\n`);
  };
}
