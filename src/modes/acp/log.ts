// The ACP agent's log: $TACK_HOME/logs/acp.log (0600, folder 0700), one timestamped line per note (ServerLog),
// since stdout belongs to the protocol and an editor rarely shows stderr.
import { join } from 'node:path';
import { ServerLog } from '../../extensions/mcp/server-log.js';

export function acpLogPath(home: string): string {
  return join(home, 'logs', 'acp.log');
}

export function acpLog(home: string): (message: string) => void {
  const file = new ServerLog(acpLogPath(home));
  return (message) => file.line(message);
}
