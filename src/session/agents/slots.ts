// What a local server says of its slots: llama.cpp at `/slots` (one entry per slot, each with its
// `n_ctx`) or `/props` (`total_slots`, `default_generation_settings.n_ctx`); other servers do not
// say. Asked once per session, without the API key, briefly. And the Limiter that lets children run
// as many at once as the plan allows, each on a slot of its own.

import { httpRequest } from '../../ai/openai/http-request.js';

const PROBE_MS = 2000;

export interface ServerSlots {
  slots: number;
  /** the context (KV) size of a slot, when the server says */
  nCtx?: number;
}

async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  try {
    // node:http, as the model calls use: fetch would load undici for two small GETs
    // a redirect is not followed: it would load undici for nothing a slot count needs
    const res = await httpRequest(url, { signal, redirect: 'manual' });
    if (res.ok) return JSON.parse(await res.text());
    res.cancel();
    return undefined;
  } catch {
    return undefined;
  }
}

const positive = (n: unknown): number | undefined => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined);

/** The server's slots, or undefined when it does not say. */
export async function probeServer(baseUrl: string): Promise<ServerSlots | undefined> {
  const root = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const signal = AbortSignal.timeout(PROBE_MS);
  const slots = await getJson(`${root}/slots`, signal);
  if (Array.isArray(slots) && slots.length > 0) return { slots: slots.length, nCtx: positive((slots[0] as { n_ctx?: unknown })?.n_ctx) };
  const props = (await getJson(`${root}/props`, signal)) as { total_slots?: unknown; default_generation_settings?: { n_ctx?: unknown } } | undefined;
  const total = positive(props?.total_slots);
  return total === undefined ? undefined : { slots: total, nCtx: positive(props?.default_generation_settings?.n_ctx) };
}

/** How children may run now: how many at once, and the slots they may take (none: no slot is named). */
export interface Lanes {
  limit: () => number;
  slots?: readonly number[];
}

/** At most `limit()` jobs at once, the others in the order they came; each running job holds one of the slots, if there are any. */
export class Limiter {
  private readonly running = new Set<number>();
  private count = 0;
  private readonly waiting: (() => void)[] = [];
  private lanes: Promise<Lanes> | undefined;

  constructor(private readonly learn: () => Promise<Lanes>) {}

  async run<T>(job: (slot: number | undefined) => Promise<T>): Promise<T> {
    this.lanes ??= this.learn();
    const lanes = await this.lanes;
    const cap = () => Math.min(lanes.limit(), lanes.slots?.length ?? Number.POSITIVE_INFINITY);
    // a finished job hands its place to the next waiting one, so no newcomer slips in between
    if (this.count >= cap() || this.waiting.length > 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.count++;
    const slot = lanes.slots?.find((s) => !this.running.has(s));
    if (slot !== undefined) this.running.add(slot);
    try {
      return await job(slot);
    } finally {
      if (slot !== undefined) this.running.delete(slot);
      // `count` still holds this job: the next may run when, without it, one more fits
      const next = this.count <= cap() ? this.waiting.shift() : undefined;
      if (next) next();
      else this.count--;
    }
  }
}
