// Waiting for a background job to be ready: a line of its output matching a pattern, or a TCP port
// on this machine taking connections. The wait ends at the first of: ready, the job ended, the bound
// passed, the call aborted; each is said in plain words.
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from './job.js';
import { LineWatch } from './line-watch.js';

export type ReadySpec = { kind: 'pattern'; pattern: RegExp; source: string } | { kind: 'port'; port: number };

const PORT_SPEC = /^\s*(?:port\s*:?\s*)?(\d{1,5})\s*$/i;
const PORT_POLL_MS = 100;
const MAX_SHOWN = 200;

/** `port:5173` (or a bare number) is a port; anything else a regular expression; or why it is neither. */
export function parseReadySpec(text: string): ReadySpec | string {
  const port = PORT_SPEC.exec(text)?.[1];
  if (port !== undefined) {
    const n = Number(port);
    return n >= 1 && n <= 65535 ? { kind: 'port', port: n } : `wait_for names port ${n}, which is not a TCP port (1-65535)`;
  }
  try {
    return { kind: 'pattern', pattern: new RegExp(text), source: text };
  } catch (error) {
    return `wait_for is not a valid regular expression: ${(error as Error).message}`;
  }
}

export type WaitOutcome = { kind: 'ready'; text: string } | { kind: 'ended' } | { kind: 'bound' } | { kind: 'aborted' };

function describe(spec: ReadySpec): string {
  return spec.kind === 'port' ? `port ${spec.port}` : `/${spec.source}/`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The sentence for an outcome: "ready: matched '…' after 1.8 s". */
export function describeOutcome(outcome: WaitOutcome, spec: ReadySpec, elapsedMs: number, boundS: number): string {
  switch (outcome.kind) {
    case 'ready':
      return spec.kind === 'port'
        ? `ready: port ${spec.port} accepted a connection after ${seconds(elapsedMs)}`
        : `ready: matched '${outcome.text}' after ${seconds(elapsedMs)}`;
    case 'ended':
      return `not ready: the job ended after ${seconds(elapsedMs)}, before ${describe(spec)} was ready`;
    case 'bound':
      return `not ready after ${boundS} s: ${spec.kind === 'port' ? `nothing accepted connections on port ${spec.port}` : `no line matched ${describe(spec)}`}; the job is still running`;
    case 'aborted':
      return 'stopped waiting (interrupted); the job is still running';
  }
}

function portOpen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const settle = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
  });
}

async function untilPortOpens(port: number, stopped: AbortSignal): Promise<void> {
  while (!stopped.aborted) {
    // a server on "localhost" may have bound either family
    const open = await Promise.all([portOpen(port, '127.0.0.1'), portOpen(port, '::1')]);
    if (open.some(Boolean)) return;
    await sleep(PORT_POLL_MS, undefined, { signal: stopped }).catch(() => {});
  }
  return new Promise(() => {});
}

/** The first line (the unfinished last one included) of the job's output from now on that matches. */
function untilLineMatches(job: Job, pattern: RegExp, stopped: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    const watch = new LineWatch(pattern);
    const stop = job.onOutput((chunk) => {
      const line = watch.push(chunk);
      if (line === undefined) return;
      stop();
      const shown = line.trim();
      resolve(shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN)}…` : shown);
    });
    stopped.addEventListener('abort', stop, { once: true });
  });
}

export async function waitUntilReady(job: Job, spec: ReadySpec, boundS: number, signal?: AbortSignal): Promise<WaitOutcome> {
  const done = new AbortController();
  const ready: Promise<WaitOutcome> =
    spec.kind === 'port'
      ? untilPortOpens(spec.port, done.signal).then(() => ({ kind: 'ready', text: '' }))
      : untilLineMatches(job, spec.pattern, done.signal).then((text) => ({ kind: 'ready', text }));
  const aborted = new Promise<WaitOutcome>((resolve) => {
    if (signal?.aborted) resolve({ kind: 'aborted' });
    signal?.addEventListener('abort', () => resolve({ kind: 'aborted' }), { once: true });
  });
  try {
    return await Promise.race([
      ready,
      job.ended.then((): WaitOutcome => ({ kind: 'ended' })),
      sleep(boundS * 1000, { kind: 'bound' } as WaitOutcome, { signal: done.signal }).catch(() => ({ kind: 'bound' }) as WaitOutcome),
      aborted,
    ]);
  } finally {
    done.abort();
  }
}
