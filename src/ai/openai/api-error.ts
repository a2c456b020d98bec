// What a server said when it refused a request (a status other than 2xx) or reported an error
// inside a stream (`{"error": …}`): its status, its own words and code, the headers that say when
// to try again. errors.ts turns it into a sentence for a person.
import type { HeaderReader } from './http-request.js';

export class ApiError extends Error {
  /**
   * @param status undefined for an error reported inside a stream
   * @param detail the server's own words ('' when it gave none)
   */
  constructor(
    readonly status: number | undefined,
    readonly detail: string,
    readonly code: string | undefined,
    readonly headers?: HeaderReader,
  ) {
    super(status === undefined ? detail : `${status} ${detail || 'status code (no body)'}`);
    this.name = 'ApiError';
  }
}

/** The error for a refused request, from its status and body (OpenAI's `{"error": {"message", "code"}}`, or anything else). */
export function statusError(status: number, body: string, headers: HeaderReader): ApiError {
  const json = parsed(body);
  const error = json && typeof json === 'object' && 'error' in json ? (json as { error: unknown }).error : undefined;
  if (error === undefined || error === null) return new ApiError(status, ownWords(json) ?? body.trim(), undefined, headers);
  return new ApiError(status, wordsOf(error), codeOf(error), headers);
}

/** The error for `{"error": …}` inside a stream. */
export function streamedError(error: unknown): ApiError {
  return new ApiError(undefined, wordsOf(error), codeOf(error));
}

function wordsOf(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  return JSON.stringify(message ?? error);
}

function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : typeof code === 'number' ? String(code) : undefined;
}

/** `{"message": …}` or `{"detail": …}` (FastAPI, vLLM), the words without their JSON. */
function ownWords(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const { message, detail } = json as { message?: unknown; detail?: unknown };
  return typeof message === 'string' ? message : typeof detail === 'string' ? detail : undefined;
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
