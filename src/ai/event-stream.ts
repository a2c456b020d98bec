// Push-based async iterables: the generic EventStream (pi-ai's contract) and the one a model answer
// is streamed through.
import type { AssistantMessage, AssistantMessageEvent, Usage } from './types.js';

/**
 * Events pushed by a producer, read by `for await`; `result()` resolves with the value the completing
 * event carries (or what `end` is given). Iteration ends after the completing event or `end()`.
 */
export class EventStream<T, R = T> implements AsyncIterable<T> {
  private queue: T[] = [];
  private head = 0;
  private waiting: ((r: IteratorResult<T>) => void)[] = [];
  private done = false;
  private resolveResult!: (value: R) => void;
  private readonly resultPromise = new Promise<R>((r) => (this.resolveResult = r));

  constructor(
    private readonly isComplete: (event: T) => boolean,
    private readonly extractResult: (event: T) => R,
  ) {}

  push(event: T): void {
    if (this.done) return;
    if (this.isComplete(event)) {
      this.done = true;
      this.resolveResult(this.extractResult(event));
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this.queue.push(event);
    if (this.done) for (const w of this.waiting.splice(0)) w({ value: undefined, done: true });
  }

  /** Ends the stream without a completing event; `result` (when given) resolves `result()`. */
  end(result?: R): void {
    this.done = true;
    if (result !== undefined) this.resolveResult(result);
    for (const w of this.waiting.splice(0)) w({ value: undefined, done: true });
  }

  result(): Promise<R> {
    return this.resultPromise;
  }

  // A plain iterator rather than an async generator: a long answer streams tens of thousands of events.
  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.head < this.queue.length) {
          const value = this.queue[this.head++] as T;
          if (this.head > 1024 && this.head * 2 > this.queue.length) {
            this.queue = this.queue.slice(this.head);
            this.head = 0;
          }
          return Promise.resolve({ value, done: false });
        }
        if (this.done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((r) => this.waiting.push(r));
      },
    };
  }
}

/** One model answer: ends after `done` or `error`; `result()` is the final message and never rejects. */
export class AssistantMessageEventStream extends EventStream<AssistantMessageEvent, AssistantMessage> {
  constructor() {
    super(
      (event) => event.type === 'done' || event.type === 'error',
      (event) => {
        if (event.type === 'done') return event.message;
        if (event.type === 'error') return event.error;
        throw new Error(`${event.type} does not end an answer`);
      },
    );
  }
}

export function createAssistantMessageEventStream(): AssistantMessageEventStream {
  return new AssistantMessageEventStream();
}

export function emptyUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null };
}

export function newAssistantMessage(provider: string, model: string): AssistantMessage {
  return { role: 'assistant', content: [], provider, model, usage: emptyUsage(), stopReason: 'stop', timestamp: Date.now() };
}
