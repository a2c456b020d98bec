// The web tools: `fetch` always (refused when the network is off), `search` only with a backend.
import type { AnyAgentTool } from '../../src/agent/types.js';
import { createFetchTool, type FetchOptions } from './fetch-tool.js';
import { createSearchTool } from './search-tool.js';
import type { SearchBackend } from './search-providers.js';

export interface WebOptions extends FetchOptions {
  search?: SearchBackend;
}

export function createWebTools(o: WebOptions): { fetch: AnyAgentTool; search?: AnyAgentTool } {
  const fetch = createFetchTool(o);
  if (!o.search) return { fetch };
  return { fetch, search: createSearchTool({ backend: o.search, networkOff: o.networkOff, timeoutMs: o.timeoutMs }) };
}

export { isPrivateAddress } from './addresses.js';
export { SEARCH_PROVIDERS, type SearchBackend, type SearchProvider } from './search-providers.js';
export type { FetchDetails } from './fetch-tool.js';
export type { SearchDetails } from './search-tool.js';
