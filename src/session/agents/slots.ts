// How many children run at once: as many as the server serves side by side. llama.cpp says so at
// `/slots` (one entry per slot) or `/props` (`total_slots`); other servers do not, and the setting
// (`agents.parallel`) decides. Asked once per session, without the API key, briefly.

import { httpRequest } from '../../ai/openai/http-request.js';

const PROBE_MS = 2000;

async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  try {
    // node:http, as the model calls use: fetch would load undici for two small GETs
    const res = await httpRequest(url, { signal });
    if (res.ok) return JSON.parse(await res.text());
    res.cancel();
    return undefined;
  } catch {
    return undefined;
  }
}

/** The slots the server serves at once, or undefined when it does not say. */
export async function probeSlots(baseUrl: string): Promise<number | undefined> {
  const root = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const signal = AbortSignal.timeout(PROBE_MS);
  const slots = await getJson(`${root}/slots`, signal);
  if (Array.isArray(slots) && slots.length > 0) return slots.length;
  const props = (await getJson(`${root}/props`, signal)) as { total_slots?: unknown } | undefined;
  const total = props?.total_slots;
  return typeof total === 'number' && Number.isInteger(total) && total > 0 ? total : undefined;
}

/** At most `limit()` jobs at once, the others in the order they came. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private limit: Promise<number> | undefined;

  constructor(private readonly learn: () => Promise<number>) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    this.limit ??= this.learn();
    const limit = await this.limit;
    // a finished job hands its place to the next waiting one, so no newcomer slips in between
    if (this.running >= limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
