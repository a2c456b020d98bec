// The server-sent events reader for a streamed Chat Completions body: SSE framing (SseEvents) and
// the chunks it carries (readChunks), handed over without holding the event loop.
import { createParser } from 'eventsource-parser';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { streamedError } from './api-error.js';

/** The longest stretch of chunk handling without a turn of the event loop. */
const SLICE_MS = 15;
/** Chunks handled between looks at the clock (a look costs about as much as a small chunk). */
const CLOCK_EVERY = 32;
/** The most the stream may send without ending an event: a server that never ends one would fill memory. */
export const MAX_EVENT_BYTES = 64 * 1024 * 1024;

/**
 * Reads a streamed Chat Completions body (server-sent events) and hands over each chunk. It means
 * what the openai SDK's `Stream` means (events end at a blank line; `data:` lines are joined;
 * `[DONE]` ends the data; `error` in the data is thrown, here as an ApiError), but costs O(bytes):
 * the SDK's reader copies the rest of its buffer for every event it takes out (quadratic in a
 * network read that holds hundreds of events) and goes through three async generators per event.
 */
export async function readChunks(body: Readable | ReadableStream<Uint8Array> | null, onChunk: (chunk: unknown) => void): Promise<void> {
  if (!body) throw new Error('the response has no body to read');
  const reader = body instanceof ReadableStream ? body.getReader() : nodeReader(body);
  // Node's own UTF-8 decoder: TextDecoder costs several times more per read (a stream of small
  // chunks is megabytes of JSON for a long answer)
  const decoder = new StringDecoder('utf8');
  const events = new SseEvents();
  let finished = false;
  let sliceStart = performance.now();
  let handled = 0;
  /** bytes read since the last read that ended an event */
  let unended = 0;
  try {
    for (let done = false; !done; ) {
      const read = await reader.read();
      done = read.done;
      const batch = events.push(read.done ? decoder.end() : decoder.write(read.value));
      unended = batch.length > 0 ? 0 : unended + (read.value?.byteLength ?? 0);
      if (unended > MAX_EVENT_BYTES) throw new SyntaxError(`the stream sent over ${MAX_EVENT_BYTES / 1024 / 1024} MB without ending an event`);
      for (let i = 0; i < batch.length; i++) {
        // A read can hold thousands of chunks (a fast server, a client that fell behind), and all
        // of them are handed over in microtasks: every SLICE_MS the event loop gets a turn, so
        // timers, keys and the UI's frames are not held off until the burst is over.
        if (++handled % CLOCK_EVERY === 0 && performance.now() - sliceStart > SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
        const { data, event } = batch[i]!;
        if (event === null || !event.startsWith('thread.')) {
          const json = JSON.parse(data) as unknown;
          if (json && typeof json === 'object' && 'error' in json && json.error) throw streamedError(json.error);
          onChunk(json);
          // One turn of the microtask queue between chunks: a consumer waiting on the event
          // stream sees each event while its `partial` still shows the message at that moment.
          await undefined;
        } else {
          // Assistants events (`thread.…`) carry no chunk; the SDK still parses them.
          JSON.parse(data);
        }
      }
    }
    finished = true;
  } finally {
    // Left early (an error event, bad JSON): stop the download.
    if (!finished) reader.cancel().catch(() => {});
  }
}

/** A reader over a Node stream: each read takes everything buffered so far. */
function nodeReader(res: Readable): { read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>; cancel(): Promise<void> } {
  const it = res[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return {
    read: async () => {
      const next = await it.next();
      return next.done ? { done: true, value: undefined } : { done: false, value: next.value };
    },
    cancel: async () => {
      res.destroy();
    },
  };
}

export interface SseEvent {
  data: string;
  event: string | null;
}

/**
 * Server-sent events from text pieces, framed by eventsource-parser (lines end at LF, CRLF or CR; a
 * blank line ends an event; an unfinished last line is dropped, as the SDK drops it). Nothing is
 * handed over after `[DONE]`.
 */
export class SseEvents {
  private done = false;
  /** nothing came yet: a byte order mark before the first field is dropped, as the SSE spec says */
  private first = true;
  private out: SseEvent[] = [];
  private readonly parser = createParser({
    onEvent: ({ data, event }) => {
      if (this.done) return;
      if (data.startsWith('[DONE]')) this.done = true;
      else this.out.push({ data, event: event ?? null });
    },
  });

  /** The events that `text` completes. */
  push(text: string): SseEvent[] {
    if (this.first && text) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.parser.feed(text);
    const out = this.out;
    this.out = [];
    return out;
  }
}
