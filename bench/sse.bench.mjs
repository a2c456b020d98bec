// SSE framing alone: tack's hand-written reader (SseEvents) beside eventsource-parser, on the body
// the scripted server streams for a 300,000-character answer in 8-character deltas (the
// interactive bench's stream). The recorded body is cut into network-sized pieces, decoded as the
// reader decodes it and framed; the figure is the median time per whole body, beside the time
// framing and JSON.parse of the same events take together, as the scale to read it against.
import { request } from 'node:http';
import { createParser } from 'eventsource-parser';
import { SseEvents } from '../dist/src/ai/openai/sse.js';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const CHARS = Number(process.env.BENCH_CHARS) || 300_000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The raw body of one streamed answer, as the server sent it. */
async function recordBody() {
  const text = 'the agent reads files, runs commands and edits code while you keep typing. '.repeat(CHARS / 75 + 1).slice(0, CHARS);
  const server = await startMockServer({ turns: [{ text, chunkSize: 8, usage: { prompt_tokens: 1200, completion_tokens: 75_000 } }] });
  const body = JSON.stringify({ model: 'mock-model', stream: true, messages: [{ role: 'user', content: 'hi' }] });
  const url = new URL(`${server.url}/chat/completions`);
  const raw = await new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => resolve(Buffer.concat(parts)));
    });
    req.on('error', reject);
    req.end(body);
  });
  await server.close();
  return raw;
}

function pieces(raw, size) {
  const out = [];
  for (let i = 0; i < raw.length; i += size) out.push(raw.subarray(i, i + size));
  return out;
}

function handWritten(chunks) {
  const decoder = new TextDecoder();
  const events = new SseEvents();
  const out = [];
  for (const c of chunks) for (const e of events.push(decoder.decode(c, { stream: true }))) out.push(e.data);
  for (const e of events.push(decoder.decode(), true)) out.push(e.data);
  return out;
}

function library(chunks) {
  const decoder = new TextDecoder();
  const out = [];
  let done = false;
  const parser = createParser({
    onEvent: (e) => {
      if (done) return;
      if (e.data.startsWith('[DONE]')) done = true;
      else out.push(e.data);
    },
  });
  for (const c of chunks) parser.feed(decoder.decode(c, { stream: true }));
  parser.feed(decoder.decode());
  return out;
}

/** Median ms of each reader over the same pieces, run in turns so that load on the machine hits all alike. */
function race(fns, chunks) {
  const ms = fns.map(() => []);
  const outs = [];
  for (let i = 0; i < RUNS + 3; i++) {
    // Each run starts with another reader, so none always pays the garbage the one before left.
    for (let n = 0; n < fns.length; n++) {
      const k = (i + n) % fns.length;
      const t = performance.now();
      outs[k] = fns[k](chunks);
      if (i >= 3) ms[k].push(performance.now() - t); // the first runs warm the JIT up
    }
  }
  return { ms: ms.map(median), outs };
}

const raw = await recordBody();
console.log(`body ${(raw.length / 1e6).toFixed(2)} MB for ${CHARS} characters; medians of ${RUNS} runs`);
for (const size of [1460, 16_384, 65_536]) {
  const chunks = pieces(raw, size);
  const parsed = (cs) => handWritten(cs).map((d) => JSON.parse(d));
  const {
    ms: [a, b, withParse],
    outs: [x, y],
  } = race([handWritten, library, parsed], chunks);
  if (x.length !== y.length || x.some((d, i) => d !== y[i])) throw new Error('the two readers disagree');
  console.log(
    `${String(size).padStart(6)}-byte reads: hand-written ${a.toFixed(1).padStart(5)} ms   eventsource-parser ${b.toFixed(1).padStart(5)} ms   (${x.length} events; with JSON.parse of them ${withParse.toFixed(1)} ms)`,
  );
}
