// Whether edit and write ask language servers about the errors they introduced, and with what.
import type { ResolvedConfig } from '../../config/resolve.js';
import { LanguageServers } from '../../lsp/diagnostics.js';
import type { Safety } from '../permissions/setup.js';

/**
 * The session's language servers, or undefined: turned off (`"diagnostics": false`), or nowhere safe
 * to run them. A server runs the workspace's own code (its TypeScript, its plugins, its build
 * scripts), so it runs read-only in the sandbox, or without one only in a folder the user trusts.
 */
export function sessionDiagnostics(config: ResolvedConfig, safety: Safety): LanguageServers | undefined {
  if (!config.diagnostics) return undefined;
  if (!safety.sandbox && config.trust !== 'trusted' && config.trust !== 'session') return undefined;
  return new LanguageServers({ cwd: config.cwd, sandbox: safety.sandbox, env: safety.toolEnv, waitMs: config.diagnostics.waitMs });
}
