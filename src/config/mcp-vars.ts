// Which `${VAR}` a project's MCP entry may use. A project's `.mcp.json` (or `mcpServers` in its
// `.tack/config.json`) is someone else's file: it expands from what commands get (tools/sandbox/env.ts),
// never from a model provider's key or a credential-shaped value, so a trusted repository cannot
// send the user's key to its own server. Pure.
import { PRESETS } from '../ai/presets.js';
import { filterToolEnv, secretReason } from '../../tools/sandbox/env.js';

/** What the run knows of its own key, so that one is refused whatever it is called. */
export interface KeyFacts {
  /** the variable holding the model server's key (`apiKeyEnv`) */
  apiKeyEnv?: string;
  /** the key itself (from that variable or --api-key): refused under any other name too */
  apiKey?: string;
  /** the user's own `env.allow`: variables they let commands have */
  allow?: readonly string[];
}

export interface VarGuard {
  /** the environment a project's `${VAR}` expands from */
  env: NodeJS.ProcessEnv;
  /** why a project may not use `${name}`, as the end of a sentence starting with the variable; undefined when it may */
  refused(name: string): string | undefined;
}

/** Every built-in provider's key variable, with the provider's name. */
const PROVIDER_KEYS = new Map(Object.values(PRESETS).flatMap((p) => (p.apiKeyEnv ? [[p.apiKeyEnv, p.label.replace(/ \(.*\)$/, '')] as const] : [])));

/** Refused by name alone (the trust question knows no more): the run's key variable or any provider's. */
export function keyVariable(name: string, apiKeyEnv?: string): string | undefined {
  if (name === apiKeyEnv) return 'is the API key for your model server';
  const provider = PROVIDER_KEYS.get(name);
  return provider ? `is the API key for ${provider}` : undefined;
}

export function projectVarGuard(env: NodeJS.ProcessEnv, keys: KeyFacts = {}): VarGuard {
  const hide = [...PROVIDER_KEYS.keys(), ...(keys.apiKeyEnv ? [keys.apiKeyEnv] : [])];
  const scrubbed = filterToolEnv(env, { allow: keys.allow, hide, hideValues: keys.apiKey ? [keys.apiKey] : [] }).env;
  return {
    env: scrubbed,
    refused(name) {
      const byName = keyVariable(name, keys.apiKeyEnv);
      if (byName) return byName;
      const value = env[name];
      if (value === undefined || value === '' || scrubbed[name] !== undefined) return undefined;
      if (value === keys.apiKey) return 'holds the API key for your model server';
      const why = secretReason(name, value);
      return why === 'its name' ? 'is named like a credential' : `holds ${why ?? 'a credential'}`;
    },
  };
}
