// `"search"` and `"fetch"` in the settings: the web tools' backend and limits. A search key goes only
// where the user's own settings send it: a project's file may choose a backend, but never the
// variable a key is read from, nor the address a key is sent to.
import { Type, type Static } from 'typebox';
import { SEARCH_PROVIDERS, type SearchBackend } from '../../tools/web/index.js';
import { UsageError } from './errors.js';
import type { LoadedFile } from './files.js';

const strict = { additionalProperties: false } as const;

export const SearchSettingsSchema = Type.Object(
  {
    provider: Type.Union(SEARCH_PROVIDERS.map((p) => Type.Literal(p))),
    /** SearXNG's address; for a hosted API, a proxy in front of it */
    url: Type.Optional(Type.String()),
    /** the variable holding a hosted API's key (read only from the user's own settings) */
    apiKeyEnv: Type.Optional(Type.String()),
  },
  strict,
);

export const FetchSettingsSchema = Type.Object(
  {
    timeoutSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 600 })),
    maxMB: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 200 })),
  },
  strict,
);

type SearchSettings = Static<typeof SearchSettingsSchema>;

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
