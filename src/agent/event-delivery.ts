// Delivering the Agent's events: to its state first, then to each listener in order, one event at a
// time even when emitted without awaiting; apart from agent.ts, which holds the state, runs and queues.
import { callInOrder } from './listeners.js';
import type { AgentEvent, AgentListener } from './types.js';

const DELIVERED = Promise.resolve();

export class EventDelivery {
  /** replaced, never changed in place: a delivery goes through the list it started with */
  private listeners: readonly AgentListener[] = [];
  /** an event is with the listeners: events emitted meanwhile (by a listener too) wait in `waiting` */
  private delivering = false;
  /** events reach listeners one at a time, in order, even those emitted without awaiting */
  private readonly waiting: { event: AgentEvent; settle: (error?: { thrown: unknown }) => void }[] = [];

  constructor(
    /** the state takes each event before the listeners do */
    private readonly apply: (event: AgentEvent) => void,
    /** the run's abort signal, handed to each listener */
    private readonly signal: () => AbortSignal,
  ) {}

  /** Listeners are awaited in the order they subscribed. */
  subscribe(listener: AgentListener): () => void {
    if (!this.listeners.includes(listener)) this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /**
   * Delivers at once when no earlier event is still with the listeners (a stream's deltas, to
   * listeners that take them synchronously, cost no promise); after the earlier ones otherwise.
   */
  emit(event: AgentEvent): Promise<void> {
    if (this.delivering) {
      return new Promise((resolve, reject) => this.waiting.push({ event, settle: (error) => (error ? reject(error.thrown) : resolve()) }));
    }
    this.delivering = true;
    let rest: Promise<void> | undefined;
    try {
      rest = this.deliver(event);
    } catch (err) {
      this.deliverWaiting();
      return Promise.reject(err);
    }
    if (!rest) {
      this.deliverWaiting();
      return DELIVERED;
    }
    return rest.finally(() => this.deliverWaiting());
  }

  /** Delivers the events that waited, in order; `delivering` ends when none is left. */
  private deliverWaiting(): void {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      const { event, settle } = next;
      let rest: Promise<void> | undefined;
      try {
        rest = this.deliver(event);
      } catch (err) {
        settle({ thrown: err });
        continue;
      }
      if (!rest) {
        settle();
        continue;
      }
      rest.then(
        () => {
          settle();
          this.deliverWaiting();
        },
        (err: unknown) => {
          settle({ thrown: err });
          this.deliverWaiting();
        },
      );
      return;
    }
    this.delivering = false;
  }

  private deliver(event: AgentEvent): Promise<void> | undefined {
    this.apply(event);
    return callInOrder(this.listeners, event, this.signal());
  }
}
