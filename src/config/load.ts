// Settings for a run: resolveConfig, and when nothing names a server, a local one found by probing.
import { NoServerConfigured, resolveConfig, type ConfigFlags, type ResolvedConfig, type ResolveOptions } from './resolve.js';
import { probeLocalServers, probeTargets } from './probe.js';
import { visible } from '../text/terminal-text.js';

export { NoServerConfigured } from './resolve.js';

export async function loadConfig(
  flags: ConfigFlags,
  env: NodeJS.ProcessEnv = process.env,
  note: (line: string) => void = (line) => process.stderr.write(`tack: ${line}\n`),
  options: ResolveOptions = {},
): Promise<ResolvedConfig> {
  try {
    return resolveConfig(flags, env, options);
  } catch (err) {
    if (!(err instanceof NoServerConfigured)) throw err;
    const found = await probeLocalServers(probeTargets(env));
    if (!found || (err.wholeModel !== undefined && !found.models.includes(err.wholeModel))) throw err;
    // An unknown server on a probed port is still an OpenAI-compatible one: plain defaults.
    const where = { provider: found.provider ?? 'openai', baseUrl: found.baseUrl };
    const config = resolveConfig({ ...flags, ...where, ...(err.wholeModel ? { model: err.wholeModel } : {}) }, env, options);
    const model = config.model ?? found.models[0];
    // the model's id is the local server's: shown, never obeyed
    note(`no model server configured; using ${found.label} at ${found.baseUrl}${model ? `, model ${visible(model)}` : ''}`);
    return { ...config, providerLabel: found.label, model };
  }
}
