// The two calls tack makes to an OpenAI-compatible server, on its own HTTP client: a streamed POST
// (chat completions, responses) and GET /models. A refusal becomes an ApiError with the server's words.
// A redirect is not followed: it becomes an ApiError too (errors.ts says where it points), as the
// key would go along to an address the user never gave.
import { type ApiError, statusError } from './api-error.js';
import { type HttpAnswer, httpRequest } from './http-request.js';

export interface Endpoint {
  providerName: string;
  baseUrl: string;
  apiKey: string;
  /** where the key comes from, named when the server rejects it */
  apiKeyEnv?: string;
  headers?: Record<string, string>;
}

/** The request's headers: the key as a bearer token, then the user's own headers, which win (by name, in any case). */
function headersOf(endpoint: Pick<Endpoint, 'apiKey' | 'headers'>, json: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'tack', authorization: `Bearer ${endpoint.apiKey}` };
  if (json) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(endpoint.headers ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}

/** POSTs `body` (JSON) to `path` and resolves with the streamed answer; a status other than 2xx rejects with an ApiError. */
export async function postStreamed(endpoint: Endpoint, path: string, body: string | Uint8Array, signal: AbortSignal): Promise<HttpAnswer> {
  const answer = await httpRequest(`${endpoint.baseUrl}${path}`, { method: 'POST', headers: headersOf(endpoint, true), body, signal, redirect: 'manual' });
  if (!answer.ok) throw await refusal(answer);
  return answer;
}

/** The ids at GET /models, or undefined when the answer is not a model list; a status other than 2xx rejects with an ApiError. */
export async function getModelIds(endpoint: Pick<Endpoint, 'baseUrl' | 'apiKey' | 'headers'>, signal: AbortSignal): Promise<string[] | undefined> {
  const answer = await httpRequest(`${endpoint.baseUrl}/models`, { headers: headersOf(endpoint, false), signal, redirect: 'manual' });
  if (!answer.ok) throw await refusal(answer);
  const text = await answer.text();
  let list: unknown;
  try {
    list = (JSON.parse(text) as { data?: unknown }).data;
  } catch {
    list = undefined;
  }
  if (!Array.isArray(list)) return undefined;
  return list.flatMap((m: { id?: unknown } | null) => (typeof m?.id === 'string' ? [m.id] : []));
}

/** Enough of a refusal's body for the server's words (a sentence of them is shown). */
const REFUSAL_BYTES = 64 * 1024;

async function refusal(answer: HttpAnswer): Promise<ApiError> {
  const body = await answer.text(REFUSAL_BYTES).catch(() => '');
  return statusError(answer.status, body, answer.headers);
}
