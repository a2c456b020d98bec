// The search backends a user can configure, each as a request to build and an answer to read:
// SearXNG (self-hosted, its JSON API), Brave, Tavily and Exa (hosted, with the user's key). Pure.

export type SearchProvider = 'searxng' | 'brave' | 'tavily' | 'exa';
export const SEARCH_PROVIDERS: readonly SearchProvider[] = ['searxng', 'brave', 'tavily', 'exa'];

export interface SearchBackend {
  provider: SearchProvider;
  /** SearXNG's address; for a hosted API, another endpoint than its own (a proxy) */
  url?: string;
  /** the hosted API's key */
  apiKey?: string;
}

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export interface SearchRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const ENDPOINTS: Record<Exclude<SearchProvider, 'searxng'>, string> = {
  brave: 'https://api.search.brave.com/res/v1/web/search',
  tavily: 'https://api.tavily.com/search',
  exa: 'https://api.exa.ai/search',
};

export function searchRequest(backend: SearchBackend, query: string, limit: number): SearchRequest {
  const json = { accept: 'application/json' };
  switch (backend.provider) {
    case 'searxng': {
      const url = new URL('search', `${(backend.url ?? '').replace(/\/+$/, '')}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      return { url: url.href, method: 'GET', headers: json };
    }
    case 'brave': {
      const url = new URL(backend.url ?? ENDPOINTS.brave);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(limit));
      return { url: url.href, method: 'GET', headers: { ...json, 'x-subscription-token': backend.apiKey ?? '' } };
    }
    case 'tavily':
      return {
        url: backend.url ?? ENDPOINTS.tavily,
        method: 'POST',
        headers: { ...json, 'content-type': 'application/json', authorization: `Bearer ${backend.apiKey ?? ''}` },
        body: JSON.stringify({ query, max_results: limit }),
      };
    case 'exa':
      return {
        url: backend.url ?? ENDPOINTS.exa,
        method: 'POST',
        headers: { ...json, 'content-type': 'application/json', 'x-api-key': backend.apiKey ?? '' },
        body: JSON.stringify({ query, numResults: limit, contents: { highlights: true } }),
      };
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The hits of an answer, whatever shape its provider gives them; throws on an answer that is not one. */
export function searchHits(provider: SearchProvider, answer: unknown): SearchHit[] {
  const a = (answer && typeof answer === 'object' ? answer : {}) as Record<string, any>;
  const list: unknown = provider === 'brave' ? a.web?.results : a.results;
  if (!Array.isArray(list)) {
    if (provider === 'brave' && a.web === undefined && a.type === 'search') return [];
    throw new Error(`the ${provider} answer holds no list of results`);
  }
  return list.map((r: Record<string, any>) => ({
    title: str(r.title),
    url: str(r.url),
    snippet: str(provider === 'brave' ? r.description : provider === 'exa' ? (Array.isArray(r.highlights) ? r.highlights.join(' … ') : r.text) : r.content),
  }));
}
