// The parent's model calls: pinned to its slot from the first request on (server-plan.ts), with the
// last prompt it sent kept, which is where a forked child starts; and a child's, pinned to its own.
import type { Context, StreamFn } from '../../ai/types.js';
import type { ServerPlan } from './server-plan.js';

export class ParentStream {
  /** the prompt of the parent's latest model call, as sent */
  last: Context | undefined;

  constructor(
    private readonly inner: StreamFn,
    private readonly plan: ServerPlan,
  ) {}

  readonly stream: StreamFn = (model, context, options) =>
    this.plan.get().then((plan) => {
      this.last = context;
      // the server holds no more than its slot's n_ctx, whatever the model table assumed: compaction
      // and the footer count against that (the session's model is this object)
      const window = this.plan.window;
      if (window !== undefined && model.contextWindow > window) model.contextWindow = window;
      return this.inner(model, context, plan.kind === 'free' ? options : { ...options, slot: plan.parentSlot });
    });
}

/** A child's model calls, on its slot when it has one. */
export function onSlot(inner: StreamFn, slot: number | undefined): StreamFn {
  return slot === undefined ? inner : (model, context, options) => inner(model, context, { ...options, slot });
}
