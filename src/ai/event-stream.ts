import type { AssistantMessage, AssistantMessageEvent, AssistantMessageEventStream, Usage } from './types.js';

/** A push-based async iterable of assistant events; ends after `done` or `error`. */
export class EventStream implements AssistantMessageEventStream {
  private queue: AssistantMessageEvent[] = [];
  private waiting: ((r: IteratorResult<AssistantMessageEvent>) => void) | null = null;
  private ended = false;
  private final: AssistantMessage | null = null;
  private resolveResult!: (m: AssistantMessage) => void;
  private readonly resultPromise = new Promise<AssistantMessage>((r) => (this.resolveResult = r));

  push(event: AssistantMessageEvent): void {
    if (this.ended) return;
    if (event.type === 'done' || event.type === 'error') {
      this.ended = true;
      this.final = event.type === 'done' ? event.message : event.error;
    }
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w({ value: event, done: false });
    } else this.queue.push(event);
    if (this.final) this.resolveResult(this.final);
  }

  result(): Promise<AssistantMessage> {
    return this.resultPromise;
  }

  [Symbol.asyncIterator](): AsyncIterator<AssistantMessageEvent> {
    return {
      next: () => {
        const event = this.queue.shift();
        if (event) return Promise.resolve({ value: event, done: false });
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((r) => (this.waiting = r));
      },
    };
  }
}

export function emptyUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null };
}

export function newAssistantMessage(provider: string, model: string): AssistantMessage {
  return { role: 'assistant', content: [], provider, model, usage: emptyUsage(), stopReason: 'stop', timestamp: Date.now() };
}
