// With nothing configured, look for a model server running on this machine: Ollama, LM Studio,
// llama.cpp and vLLM on their usual ports. All are asked at once with a short timeout, so a
// machine with none costs a fraction of a second; the first in order of preference that lists
// its models wins.
import { UsageError } from './errors.js';
import { PRESETS, PROBED } from '../ai/presets.js';
import { httpRequest } from '../ai/openai/http-request.js';

export interface ProbeTarget {
  /** the preset whose compat flags apply ('ollama', ...), or undefined for an unknown server */
  provider: string | undefined;
  port: number;
}

export interface FoundServer {
  provider: string | undefined;
  label: string;
  baseUrl: string;
  models: string[];
}

export const PROBE_TIMEOUT_MS = 400;

/**
 * The ports to try: TACK_PROBE_PORTS ("11434,1234" or "ollama:11434,8081") when set, else the
 * usual ones. A bare port takes the preset whose usual port it is, if any.
 */
export function probeTargets(env: NodeJS.ProcessEnv = process.env): ProbeTarget[] {
  const list = env.TACK_PROBE_PORTS;
  if (list === undefined) return PROBED.map((provider) => ({ provider, port: PRESETS[provider]!.probePort! }));
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [name, portText] = item.includes(':') ? item.split(':', 2) : [undefined, item];
      const port = Number(portText);
      if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`TACK_PROBE_PORTS: "${item}" is not a port`);
      const provider = name && PRESETS[name] ? name : PROBED.find((p) => PRESETS[p]!.probePort === port);
      return { provider, port };
    });
}

export async function probeLocalServers(targets: ProbeTarget[], timeoutMs = PROBE_TIMEOUT_MS): Promise<FoundServer | undefined> {
  const answers = targets.map((t) => listModels(`http://127.0.0.1:${t.port}/v1`, timeoutMs));
  for (const [i, target] of targets.entries()) {
    const models = await answers[i];
    if (!models) continue;
    const label = target.provider ? PRESETS[target.provider]!.label : `the server on port ${target.port}`;
    return { provider: target.provider, label, baseUrl: `http://127.0.0.1:${target.port}/v1`, models };
  }
  return undefined;
}

/** The ids GET /models lists, or undefined when nothing OpenAI-compatible answers in time. */
async function listModels(baseUrl: string, timeoutMs: number): Promise<string[] | undefined> {
  try {
    // the model request's own transport: through the user's proxy exactly when the model request would be
    const res = await httpRequest(`${baseUrl}/models`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) {
      res.cancel();
      return undefined;
    }
    const body = JSON.parse(await res.text()) as { data?: { id?: unknown }[] };
    if (!Array.isArray(body.data)) return undefined;
    return body.data.flatMap((m) => (typeof m.id === 'string' ? [m.id] : []));
  } catch {
    return undefined;
  }
}
