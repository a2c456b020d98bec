// Where children run on a local server that keeps a prompt cache per slot (llama-server): every
// token that is not a prefix already in a slot's cache is processed again. So the parent keeps one
// slot from its first request on, and a child never takes it from the parent:
// - one slot: a child starts as a fork, the parent's exact prompt and then its job as a new message,
//   on the parent's slot, one child at a time, so the parent's prefix stays in the cache;
// - N slots: the parent is pinned to the last one (llama-server purges idle slots from slot 0 up
//   when a shared KV buffer is full), children to the others, as many at once as the KV budget holds
//   beside the parent;
// - a server that reports no slots (Ollama, LM Studio, hosted APIs): children are fresh
//   conversations, `agents.parallel` at once, and nothing names a slot.
// Pure but for the probe; the probe asks only a server on this machine or the local network, directly.
import { isIP } from 'node:net';
import { proxyFor } from '../../net/proxy/env.js';
import { isPrivateAddress } from '../../../tools/web/addresses.js';
import { type ServerSlots, probeServer } from './slots.js';

/** What one child is planned to hold in the KV cache beside the parent: its prompt, a few reads and its report. */
export const CHILD_TOKENS = 8192;

export type ChildPlan =
  | { kind: 'free'; parallel: number }
  | { kind: 'fork'; parentSlot: number }
  | { kind: 'pinned'; parentSlot: number; childSlots: number[]; budget: number | undefined; parallel: number };

/** The plan for a server's slots and the setting `agents.parallel`. */
export function childPlan(server: ServerSlots | undefined, parallel: number): ChildPlan {
  if (!server) return { kind: 'free', parallel };
  if (server.slots === 1) return { kind: 'fork', parentSlot: 0 };
  const childSlots = Array.from({ length: server.slots - 1 }, (_, i) => i);
  return { kind: 'pinned', parentSlot: server.slots - 1, childSlots, budget: server.nCtx, parallel: Math.min(parallel, childSlots.length) };
}

/**
 * Children that may run at once beside a parent holding `parentTokens`: `n_ctx` is read as the KV
 * budget the slots share (llama-server's unified KV; with separate buffers each slot has that much
 * and this only errs on the safe side). At least one: a child waits for no budget, only for its turn.
 */
export function childrenAtOnce(plan: ChildPlan, parentTokens: number): number {
  if (plan.kind === 'free') return plan.parallel;
  if (plan.kind === 'fork') return 1;
  if (plan.budget === undefined) return plan.parallel;
  const fit = Math.floor((plan.budget - parentTokens) / CHILD_TOKENS);
  return Math.max(1, Math.min(plan.parallel, fit));
}

/**
 * Whether a base URL names a server on this machine or the local network, reached directly: only
 * such a server is asked about its slots (behind a proxy, a slot's number may name another backend's).
 */
export function isLocalServer(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host));
  return local && !proxyFor(url);
}

/** The plan of one session, asked of the server once, before the parent's first request. */
export class ServerPlan {
  private plan: Promise<ChildPlan> | undefined;
  /** a slot's context size as the server reported it: the most any request there can hold */
  window: number | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly parallel: number,
  ) {}

  get(): Promise<ChildPlan> {
    this.plan ??= isLocalServer(this.baseUrl)
      ? probeServer(this.baseUrl).then((server) => {
          this.window = server?.nCtx;
          return childPlan(server, this.parallel);
        })
      : Promise.resolve(childPlan(undefined, this.parallel));
    return this.plan;
  }
}
