// The server-sent events reader for a streamed Chat Completions body: SSE framing (SseEvents) and
// the chunks it carries (readChunks), handed over without holding the event loop.
import OpenAI from 'openai';
import { bodyReader } from './transport.js';

/** The longest stretch of chunk handling without a turn of the event loop. */
const SLICE_MS = 15;

/**
 * Reads a streamed Chat Completions body (server-sent events) and hands over each chunk. It means
 * what the SDK's `Stream` means (events end at a blank line; `data:` lines are joined; `[DONE]`
 * ends the data; `error` in the data is thrown as the SDK's APIError), but costs O(bytes): the
 * SDK's reader copies the rest of its buffer for every event it takes out (quadratic in a network
 * read that holds hundreds of events) and goes through three async generators per event.
 */
export async function readChunks(response: Response, onChunk: (chunk: unknown) => void): Promise<void> {
  if (!response.body) throw new OpenAI.OpenAIError('Attempted to iterate over a response with no body');
  const reader = bodyReader(response);
  const decoder = new TextDecoder();
  const events = new SseEvents();
  let finished = false;
  let sliceStart = performance.now();
  try {
    for (let done = false; !done; ) {
      const read = await reader.read();
      done = read.done;
      const batch = events.push(done ? decoder.decode() : decoder.decode(read.value, { stream: true }), done);
      for (let i = 0; i < batch.length; i++) {
        // A read can hold thousands of chunks (a fast server, a client that fell behind), and all
        // of them are handed over in microtasks: every SLICE_MS the event loop gets a turn, so
        // timers, keys and the UI's frames are not held off until the burst is over.
        if (performance.now() - sliceStart > SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
        const { data, event } = batch[i]!;
        if (event === null || !event.startsWith('thread.')) {
          const json = JSON.parse(data) as unknown;
          if (json && typeof json === 'object' && 'error' in json && json.error)
            throw new OpenAI.APIError(undefined, json.error as object, undefined, response.headers);
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

export interface SseEvent {
  data: string;
  event: string | null;
}

/** Server-sent events from text pieces: lines end at LF, CRLF or CR; a blank line ends an event. */
export class SseEvents {
  private rest = '';
  private event: string | null = null;
  private data: string | null = null;
  private more: string[] | null = null;
  private done = false;
  private out: SseEvent[] = [];

  /** The events that `text` completes (none after `[DONE]`). */
  push(text: string, final = false): SseEvent[] {
    let t = this.rest === '' ? text : this.rest + text;
    let held = '';
    if (t.includes('\r')) {
      // A CR at the very end may be the first half of a CRLF.
      if (!final && t.endsWith('\r')) {
        held = '\r';
        t = t.slice(0, -1);
      }
      t = t.replace(/\r\n?/g, '\n');
    }
    let start = 0;
    for (let nl = t.indexOf('\n'); nl >= 0; nl = t.indexOf('\n', start)) {
      this.line(t.slice(start, nl));
      start = nl + 1;
    }
    // An unfinished last line at the very end is dropped, as the SDK drops it.
    this.rest = final ? '' : t.slice(start) + held;
    const out = this.out;
    this.out = [];
    return out;
  }

  private line(line: string): void {
    if (line === '') {
      if (!this.event && this.data === null) return;
      const data = this.more ? [this.data, ...this.more].join('\n') : (this.data ?? '');
      const event = this.event;
      this.event = this.data = this.more = null;
      if (this.done) return;
      if (data.startsWith('[DONE]')) this.done = true;
      else this.out.push({ data, event });
      return;
    }
    if (line.charCodeAt(0) === 0x3a) return; // ':' starts a comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    if (field === 'data') {
      if (this.data === null) this.data = value;
      else (this.more ??= []).push(value);
    } else if (field === 'event') this.event = value;
  }
}
