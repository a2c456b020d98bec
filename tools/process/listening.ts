// The TCP ports a command's processes listen on, read from /proc: a foreground command still
// listening when its time is up is a server, and the model is told to start it as a job instead.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { commandPids, type CommandProcesses } from './process-group.js';

const LISTEN = '0A';

/** The inodes of the sockets the processes hold open. */
function socketInodes(pids: number[]): Set<string> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode) inodes.add(inode);
      }
    } catch {
      // ended, or not ours to read
    }
  }
  return inodes;
}

/** Ports in LISTEN state whose socket is one of `inodes`, from a /proc/net/tcp table. */
export function listeningIn(table: string, inodes: ReadonlySet<string>): number[] {
  const ports: number[] = [];
  for (const line of table.split('\n').slice(1)) {
    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
    const fields = line.trim().split(/\s+/);
    if (fields[3] !== LISTEN || !inodes.has(fields[9] ?? '')) continue;
    ports.push(Number.parseInt(fields[1]!.split(':')[1]!, 16));
  }
  return ports;
}

/** The ports the command's processes listen on (empty where there is no /proc, or the network is its own). */
export function listeningPorts(c: CommandProcesses): number[] {
  const inodes = socketInodes(commandPids(c));
  if (inodes.size === 0) return [];
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      for (const port of listeningIn(readFileSync(table, 'utf8'), inodes)) ports.add(port);
    } catch {
      // no IPv6, or no /proc
    }
  }
  return [...ports].sort((a, b) => a - b);
}
