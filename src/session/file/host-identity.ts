// Which machine and process space a session lock's pid belongs to. A pid means something only where
// it was taken: two containers sharing a volume (a CI cache, a Kubernetes volume) each have their own
// pid 1, 2, 3…, so "no process with that pid here" says nothing about a lock written by the other.
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

export interface HostIdentity {
  /** the host name, as the user knows the machine (a container's or pod's name) */
  host: string;
  /** /etc/machine-id: the installed system ('' where there is none) */
  machine: string;
  /** the kernel's boot id: this boot of this kernel ('' outside Linux) */
  boot: string;
  /** the pid namespace: containers on one kernel each have their own ('' outside Linux) */
  pidns: string;
}

const readOr = (read: () => string): string => {
  try {
    return read().trim();
  } catch {
    return '';
  }
};

let cached: HostIdentity | undefined;

export function hostIdentity(): HostIdentity {
  cached ??= {
    host: hostname(),
    machine: readOr(() => readFileSync('/etc/machine-id', 'utf8')),
    boot: readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidns: readOr(() => readlinkSync('/proc/self/ns/pid')),
  };
  return cached;
}

/** Whether a pid taken by `holder` can be looked up here: the same host, boot and pid namespace. */
export function samePidSpace(holder: HostIdentity, here: HostIdentity): boolean {
  return holder.host === here.host && holder.machine === here.machine && holder.boot === here.boot && holder.pidns === here.pidns;
}

/** The same installed system since rebooted: every process of the boot that wrote the lock is gone. */
export function rebootedSince(holder: HostIdentity, here: HostIdentity): boolean {
  return holder.host === here.host && here.machine !== '' && holder.machine === here.machine && holder.boot !== '' && holder.boot !== here.boot;
}
