// What `"search"` and `"fetch"` in the settings resolve to: the web tools' backend and limits. A search key goes only
// where the user's own settings send it: a project's file may choose a backend, but never the
// variable a key is read from, nor the address a key is sent to.
import type { SearchBackend } from '../../tools/web/index.js';
import { UsageError } from './errors.js';
import type { LoadedFile } from './files.js';
import type { SearchSettings } from './web-schema.js';

export interface WebSettings {
  /** undefined: no search tool */
  search: SearchBackend | undefined;
  fetchTimeoutMs: number | undefined;
  fetchMaxBytes: number | undefined;
}

export function webSettings(loaded: readonly LoadedFile[], env: Record<string, string | undefined>): WebSettings {
  const own = loaded.filter((l) => l.own).findLast((l) => l.config.search)?.config.search as SearchSettings | undefined;
  const project = loaded.filter((l) => !l.own).findLast((l) => l.config.search)?.config.search as SearchSettings | undefined;
  const fetch = loaded.findLast((l) => l.config.fetch)?.config.fetch;
  return {
    search: searchBackend(own, project, env),
    fetchTimeoutMs: fetch?.timeoutSeconds !== undefined ? fetch.timeoutSeconds * 1000 : undefined,
    fetchMaxBytes: fetch?.maxMB !== undefined ? Math.round(fetch.maxMB * 1048576) : undefined,
  };
}

function searchBackend(
  own: SearchSettings | undefined,
  project: SearchSettings | undefined,
  env: Record<string, string | undefined>,
): SearchBackend | undefined {
  const chosen = project ?? own;
  if (!chosen) return undefined;
  const { provider } = chosen;
  if (provider === 'searxng') {
    if (!chosen.url) throw new UsageError('"search": {"provider": "searxng"} needs "url", the address of your SearXNG (e.g. "http://localhost:8888")');
    return { provider, url: chosen.url };
  }
  // the key's variable, and where it may go, only as the user's own settings say
  const mine = own?.provider === provider ? own : undefined;
  const keyEnv = mine?.apiKeyEnv;
  if (!keyEnv) {
    throw new UsageError(
      `"search": {"provider": "${provider}"} needs "apiKeyEnv", the variable holding your ${provider} key, in your own settings ($TACK_HOME/config.json)`,
    );
  }
  const apiKey = env[keyEnv];
  if (!apiKey) throw new UsageError(`search.apiKeyEnv names ${keyEnv}, which is not set; set it, or remove "search" from the settings`);
  return { provider, apiKey, url: mine.url };
}
