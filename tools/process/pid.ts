// Whether a process still runs: for session locks, tack's temp folders and MCP servers that may
// outlive the process that noted them.
/** Whether a process with this id runs (EPERM: it does, as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
