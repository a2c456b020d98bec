// A 200 that is not a model's stream: a login page, a stray web server, a proxy's notice. Read as a
// stream it holds no chunk, so the run would "finish" with an empty answer and exit 0, and a script
// could not tell. Pure.
import type { Failure } from './errors.js';

/** The media type of a Content-Type header, lower case, without its parameters. */
function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A page for people: never a model response, so not worth reading. */
export function isHtml(contentType: string | null): boolean {
  const type = mediaType(contentType);
  return type === 'text/html' || type === 'application/xhtml+xml';
}

/** Whether the body was announced as server-sent events (an empty stream of them is the server's own business). */
export function isEventStream(contentType: string | null): boolean {
  return mediaType(contentType) === 'text/event-stream';
}

function whatCameBack(contentType: string | null): string {
  const type = mediaType(contentType);
  if (isHtml(contentType)) return 'an HTML page';
  if (type === 'application/json' || type.endsWith('+json')) return 'JSON';
  if (type === '') return 'a body without a content type';
  return `a ${type.replace(/[^\w.+/-]/g, '').slice(0, 60)} body`;
}

/** The failure for a 200 whose body holds no model data. Not retried: the next answer would be the same page. */
export function notAModelResponse(baseUrl: string, contentType: string | null): Failure {
  return {
    kind: 'not_found',
    message: `the server at ${baseUrl} answered ${whatCameBack(contentType)}, not a model response: is the base URL right? it usually ends in /v1`,
    reason: 'not a model response',
    retryable: false,
  };
}
