// The web tools of a session, tied to its rules: a fetch's redirects are judged by the same gate
// (without asking), private addresses are reached only for a host an allow rule names, and
// `--no-network` turns both tools into a refusal.
import { homedir } from 'node:os';
import type { AnyAgentTool } from '../../agent/types.js';
import type { ResolvedConfig } from '../../config/resolve.js';
import { createWebTools } from '../../../tools/web/index.js';
import type { WebToolName } from '../../../tools/names.js';
import type { ApprovalGate } from '../permissions/gate.js';
import { parseRules } from '../permissions/rules.js';
import { ruleNamesHost } from '../permissions/web-policy.js';

export const NETWORK_OFF = 'the network is off (--no-network or "sandboxNetwork": false); the user can turn it back on';

export function sessionWebTools(config: ResolvedConfig, gate: ApprovalGate): Partial<Record<WebToolName, AnyAgentTool>> {
  const rules = parseRules(
    config.permissions,
    homedir(),
    config.mcpServers.map((s) => s.name),
  );
  return createWebTools({
    networkOff: config.sandboxNetwork ? undefined : NETWORK_OFF,
    judge: (url) => {
      const decision = gate.decide('fetch', { url: url.href });
      return decision.kind === 'deny' ? { deny: decision.message } : decision.kind;
    },
    privateAllowed: (host) => ruleNamesHost(rules, host),
    timeoutMs: config.web.fetchTimeoutMs,
    maxBytes: config.web.fetchMaxBytes,
    search: config.web.search,
  });
}
