// A scripted OpenAI-compatible server on loopback for tests: it streams Chat Completions chunks the
// way api.openai.com does, plays scripted turns one per chat request, records every request, and
// injects faults (HTTP errors, dropped connections, silence) so retry and error paths can be tested
// over real HTTP with the real `openai` SDK.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { dropResponsesTurn, type ResponsesTurnExtras, streamResponsesTurn } from './mock-responses.js';

export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

/** Server quirks a streamed turn can emulate. */
export interface StreamQuirks {
  /** send each call's whole argument string in its first fragment (with id and name) */
  argumentsInOneChunk?: boolean;
  /** leave `index` out of tool-call fragments (some servers do) */
  omitIndex?: boolean;
  /** announce all calls first, then send their argument fragments alternating by index */
  interleave?: boolean;
  /** field for reasoning deltas (default `reasoning_content`) */
  reasoningField?: 'reasoning_content' | 'reasoning';
  /** omit the finish_reason chunk entirely */
  omitFinishReason?: boolean;
  /** send the reasoning inline in the content as `<think>…</think>` (cut by chunkSize like the rest) */
  thinkTags?: boolean;
  /** repeat the call's id on every argument fragment (default: id only on the first) */
  idOnEveryChunk?: boolean;
  /**
   * where usage goes: its own final chunk when asked for with stream_options (default), on the
   * finish chunk beside `choices`, inside the last choice, or nowhere
   */
  usageIn?: 'own-chunk' | 'finish-chunk' | 'in-choice' | 'none';
}

/**
 * Refusals of a picky server: a request containing the feature gets a 400 naming it, in the words
 * a real server uses, and plays no scripted turn.
 */
export type Refusal =
  | 'stream_options'
  | 'max_completion_tokens'
  | 'max_tokens'
  | 'developer'
  | 'parallel_tool_calls'
  | 'tool_choice'
  | 'strict'
  | 'reasoning_effort'
  | 'images'
  | 'reasoning_content'
  /** empty or repeated tool-call ids across the conversation */
  | 'duplicate_tool_call_ids'
  /** an assistant tool call without a tool message answering it */
  | 'unanswered_tool_calls';

export interface StreamTurn extends StreamQuirks, ResponsesTurnExtras {
  text?: string;
  reasoning?: string;
  toolCalls?: ScriptedToolCall[];
  /** default 'tool_calls' when there are tool calls, else 'stop' */
  finishReason?: string;
  usage?: { prompt_tokens: number; completion_tokens: number; cached_tokens?: number };
  /** characters per content/argument chunk (default 8) */
  chunkSize?: number;
  /** delay between chunks (default 0: all chunks written at once) */
  delayMs?: number;
}

export interface StatusTurn {
  status: number;
  /** default: an OpenAI-style `{ error: { message, type, code } }` */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Streams the role chunk and `afterText`, then destroys the socket mid-stream. */
export interface DropTurn {
  drop: true;
  afterText?: string;
}

/** Never answers. With `afterText`, sends headers, the role chunk and that text first, then goes silent. */
export interface HangTurn {
  hang: true;
  afterText?: string;
}

/** A broken server: these `data:` payloads as they are (no role chunk), then `[DONE]`. */
export interface RawTurn {
  rawChunks: unknown[];
}

/** Headers, then only SSE comments (`: ping`) every `pingEveryMs`, never a chunk. */
export interface PingTurn {
  pingEveryMs: number;
}

/** Played only once `until` settles: a request held open while others arrive (overlap shown without timing). */
export interface HeldTurn {
  until: Promise<unknown>;
  turn: Turn;
}

export type Turn = StreamTurn | StatusTurn | DropTurn | HangTurn | RawTurn | PingTurn | HeldTurn | ((request: RecordedRequest) => Turn);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** performance.now() when its last byte came, before the body was parsed (benches time the client by it) */
  receivedAt: number;
}

export interface MockServer {
  /** 'http://127.0.0.1:PORT/v1' */
  url: string;
  /** every request, in order (chat completions and others) */
  requests: RecordedRequest[];
  /** only POST /v1/chat/completions */
  chatRequests(): RecordedRequest[];
  /** only POST /v1/responses (played from the same scripted turns) */
  responsesRequests(): RecordedRequest[];
  /** append scripted turns, played one per chat request in order */
  push(...turns: Turn[]): void;
  /** GET /v1/models answers these */
  models: string[];
  /** also destroys hanging sockets */
  close(): Promise<void>;
  /** the most chat requests that were open at one time */
  peakConcurrent(): number;
}

export interface MockServerOptions {
  turns?: Turn[];
  models?: string[];
  /** if set, requests with another key get 401 */
  apiKey?: string;
  /** features this server refuses with a 400 (see Refusal) */
  refuses?: Refusal[];
  /** played for every chat request once the scripted turns are used up (a model that never stops) */
  forever?: Turn;
  /** GET /slots answers this many slots, as llama.cpp does */
  slots?: number;
  /** each slot's `n_ctx` in GET /slots */
  slotContext?: number;
  /** POST /tokenize answers, as llama.cpp does, with one token per word (a count unlike any estimate by characters) */
  tokenize?: boolean;
}

const CHAT_PATH = '/v1/chat/completions';
const RESPONSES_PATH = '/v1/responses';

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const turns: Turn[] = [...(options.turns ?? [])];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let open = 0;
  let peak = 0;

  const server = createServer((req, res) => {
    void readBody(req).then(({ raw, receivedAt }) => {
      const request: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: parseJson(raw), receivedAt };
      requests.push(request);
      try {
        handle(request, res);
      } catch (err) {
        // A throwing scripted function must fail the test visibly, not crash the process.
        sendJson(res, 500, errorBody(`mock server: scripted turn threw: ${(err as Error).message}`, 'server_error', null));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const mock: MockServer = {
    url: '',
    requests,
    chatRequests: () => requests.filter((r) => r.method === 'POST' && r.path === CHAT_PATH),
    responsesRequests: () => requests.filter((r) => r.method === 'POST' && r.path === RESPONSES_PATH),
    push: (...more) => void turns.push(...more),
    peakConcurrent: () => peak,
    models: options.models ?? ['mock-model'],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  function handle(request: RecordedRequest, res: ServerResponse): void {
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendJson(res, 401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      return;
    }
    if (request.method === 'GET' && request.path === '/v1/models') {
      const data = mock.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'mock' }));
      sendJson(res, 200, { object: 'list', data });
      return;
    }
    if (request.method === 'GET' && request.path === '/slots' && options.slots !== undefined) {
      sendJson(
        res,
        200,
        Array.from({ length: options.slots }, (_, id) => ({ id, is_processing: false, ...(options.slotContext ? { n_ctx: options.slotContext } : {}) })),
      );
      return;
    }
    if (request.method === 'POST' && request.path === '/tokenize' && options.tokenize) {
      const words = String((request.body as { content?: unknown })?.content ?? '').match(/\S+/g) ?? [];
      sendJson(res, 200, { tokens: words.map((_, i) => i) });
      return;
    }
    if (request.method !== 'POST' || (request.path !== CHAT_PATH && request.path !== RESPONSES_PATH)) {
      sendJson(res, 404, errorBody(`mock server: no route for ${request.method} ${request.path}`, 'invalid_request_error', null));
      return;
    }
    const refusal = (options.refuses ?? []).map((r) => refusalMessage(r, request.body)).find((m) => m !== undefined);
    if (refusal) {
      sendJson(res, 400, errorBody(refusal, 'invalid_request_error', null));
      return;
    }
    open++;
    peak = Math.max(peak, open);
    res.on('close', () => open--);
    play(turns.shift() ?? options.forever, request, res);
  }

  function play(next: Turn | undefined, request: RecordedRequest, res: ServerResponse): void {
    let turn = next;
    while (typeof turn === 'function') turn = turn(request);
    if (!turn) {
      sendJson(res, 500, errorBody('mock server: no scripted turn left', 'server_error', null));
      return;
    }
    if ('until' in turn) {
      const held = turn;
      void held.until.then(() => play(held.turn, request, res));
      return;
    }
    playTurn(turn, request, res);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('mock server: no TCP address');
  mock.url = `http://127.0.0.1:${address.port}/v1`;
  return mock;
}

function playTurn(turn: Exclude<Turn, HeldTurn | ((request: RecordedRequest) => Turn)>, request: RecordedRequest, res: ServerResponse): void {
  if ('status' in turn) {
    const body = turn.body ?? errorBody(`mock server: scripted status ${turn.status}`, 'mock_error', null);
    sendJson(res, turn.status, body, turn.headers);
    return;
  }
  const model = String(request.body?.model ?? 'mock-model');
  const responses = request.path === RESPONSES_PATH;
  if (responses && 'drop' in turn) {
    dropResponsesTurn(turn.afterText ?? '', request, res);
    return;
  }
  if (responses && !('rawChunks' in turn || 'pingEveryMs' in turn || 'hang' in turn)) {
    streamResponsesTurn(turn as StreamTurn, request, res);
    return;
  }
  if ('rawChunks' in turn) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const chunk of turn.rawChunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    res.end('data: [DONE]\n\n');
    return;
  }
  if ('pingEveryMs' in turn) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const timer = setInterval(() => res.write(': ping\n\n'), turn.pingEveryMs);
    res.on('close', () => clearInterval(timer));
    return;
  }
  if ('hang' in turn) {
    if (turn.afterText === undefined) return; // never answer: the client sees no headers at all
    const sse = openSse(res);
    sse.chunk(model, { role: 'assistant', content: '' });
    sse.chunk(model, { content: turn.afterText });
    return;
  }
  if ('drop' in turn) {
    const sse = openSse(res);
    sse.chunk(model, { role: 'assistant', content: '' });
    for (const piece of pieces(turn.afterText ?? '', 8)) sse.chunk(model, { content: piece });
    // Destroy only after the bytes were flushed, so the client really sees a partial answer.
    sse.chunk(model, { content: '' }, null, () => setTimeout(() => res.socket?.destroy(), 20));
    return;
  }
  if (request.body?.stream) void streamTurn(turn, request, model, res);
  else sendJson(res, 200, completionBody(turn, request, model));
}

async function streamTurn(turn: StreamTurn, request: RecordedRequest, model: string, res: ServerResponse): Promise<void> {
  const sse = openSse(res);
  const size = turn.chunkSize ?? 8;
  const deltas: Record<string, unknown>[] = [{ role: 'assistant', content: '' }];
  const reasoningField = turn.reasoningField ?? 'reasoning_content';
  const content = turn.thinkTags && turn.reasoning ? `<think>${turn.reasoning}</think>\n\n${turn.text ?? ''}` : (turn.text ?? '');
  if (!turn.thinkTags) for (const piece of pieces(turn.reasoning ?? '', size)) deltas.push({ [reasoningField]: piece });
  for (const piece of pieces(content, size)) deltas.push({ content: piece });
  for (const toolCalls of toolCallFragments(turn, size)) deltas.push({ tool_calls: toolCalls });

  // Without delays, batch the writes into few TCP packets: long answers stream much faster.
  if (!turn.delayMs) res.socket?.cork();
  for (const delta of deltas) {
    if (res.destroyed) return; // the client went away (abort)
    sse.chunk(model, delta);
    if (turn.delayMs) await sleep(turn.delayMs);
  }
  res.socket?.uncork();
  if (res.destroyed) return;
  const usageIn = turn.usageIn ?? 'own-chunk';
  const usage = usageBody(turn, request);
  const finish = turn.omitFinishReason ? null : (turn.finishReason ?? defaultFinishReason(turn));
  if (usageIn === 'finish-chunk' || usageIn === 'in-choice') {
    const choice = { index: 0, delta: {}, logprobs: null, finish_reason: finish, ...(usageIn === 'in-choice' ? { usage } : {}) };
    sse.raw({ ...chunkBase(model), choices: [choice], ...(usageIn === 'finish-chunk' ? { usage } : {}) });
  } else if (finish) sse.chunk(model, {}, finish);
  if (usageIn === 'own-chunk' && request.body?.stream_options?.include_usage) sse.raw({ ...chunkBase(model), choices: [], usage });
  res.end('data: [DONE]\n\n');
}

function defaultFinishReason(turn: StreamTurn): string {
  return turn.toolCalls?.length ? 'tool_calls' : 'stop';
}

/** The `delta.tool_calls` arrays to send, in order, honouring the turn's quirks. */
function toolCallFragments(turn: StreamTurn, size: number): object[][] {
  const calls = (turn.toolCalls ?? []).map((call, index) => ({
    index,
    id: call.id ?? `call_${index}_${Math.random().toString(36).slice(2, 10)}`,
    name: call.name,
    args: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
  const withIndex = (index: number, fragment: object) => (turn.omitIndex ? fragment : { index, ...fragment });
  const head = (c: (typeof calls)[number]) =>
    withIndex(c.index, { id: c.id, type: 'function', function: { name: c.name, arguments: turn.argumentsInOneChunk ? c.args : '' } });
  const argPieces = (c: (typeof calls)[number]) =>
    turn.argumentsInOneChunk
      ? []
      : pieces(c.args, size).map((p) => withIndex(c.index, { ...(turn.idOnEveryChunk ? { id: c.id } : {}), function: { arguments: p } }));

  if (!turn.interleave) return calls.flatMap((c) => [[head(c)], ...argPieces(c).map((p) => [p])]);
  const out: object[][] = calls.map((c) => [head(c)]);
  const queues = calls.map(argPieces);
  for (let round = 0; queues.some((q) => round < q.length); round++) {
    for (const q of queues) if (round < q.length) out.push([q[round]!]);
  }
  return out;
}

/** What a server that refuses `refusal` would say about this request, or undefined if it has no such part. */
function refusalMessage(refusal: Refusal, body: any): string | undefined {
  const messages: any[] = body?.messages ?? [];
  const assistantCalls = messages.filter((m) => m.role === 'assistant').flatMap((m) => m.tool_calls ?? []);
  switch (refusal) {
    case 'stream_options':
    case 'max_completion_tokens':
    case 'max_tokens':
    case 'parallel_tool_calls':
      return body?.[refusal] !== undefined ? `Unrecognized request argument supplied: ${refusal}` : undefined;
    case 'tool_choice':
      return body?.tool_choice !== undefined ? '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set' : undefined;
    case 'developer':
      return messages.some((m) => m.role === 'developer') ? 'Unexpected message role: developer' : undefined;
    case 'strict':
      return (body?.tools ?? []).some((t: any) => t.function?.strict !== undefined)
        ? `Invalid JSON payload received. Unknown name "strict" at 'tools[0].function': Cannot find field.`
        : undefined;
    case 'reasoning_effort':
      return body?.reasoning_effort !== undefined ? `Model ${body.model} does not support parameter reasoningEffort.` : undefined;
    case 'images':
      return messages.some((m) => Array.isArray(m.content) && m.content.some((p: any) => p.type === 'image_url'))
        ? 'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj'
        : undefined;
    case 'reasoning_content':
      return messages.some((m) => m.reasoning_content !== undefined)
        ? 'The reasoning_content is an intermediate result for display purposes only. Please remove the reasoning_content from your input messages.'
        : undefined;
    case 'duplicate_tool_call_ids': {
      const ids = assistantCalls.map((c) => c.id);
      const bad = ids.find((id, i) => !id || ids.indexOf(id) !== i);
      return bad !== undefined ? `Duplicate or empty value for 'tool_call_id': "${bad}"` : undefined;
    }
    case 'unanswered_tool_calls': {
      const answered = new Set(messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
      const missing = assistantCalls.find((c) => !answered.has(c.id));
      return missing
        ? `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. Missing: ${missing.id}`
        : undefined;
    }
  }
}

function completionBody(turn: StreamTurn, request: RecordedRequest, model: string): object {
  const toolCalls = (turn.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_${index}`,
    type: 'function',
    function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
  }));
  const message: Record<string, unknown> = { role: 'assistant', content: turn.text ?? null };
  if (turn.reasoning) message[turn.reasoningField ?? 'reasoning_content'] = turn.reasoning;
  if (toolCalls.length) message.tool_calls = toolCalls;
  return {
    id: 'chatcmpl-mock',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: turn.finishReason ?? defaultFinishReason(turn) }],
    usage: usageBody(turn, request),
  };
}

/** The scripted usage, or a rough deterministic count (4 characters a token). */
function usageBody(turn: StreamTurn, request: RecordedRequest): object {
  const argsLength = (turn.toolCalls ?? []).reduce((n, c) => n + JSON.stringify(c.arguments).length, 0);
  const prompt = turn.usage?.prompt_tokens ?? Math.ceil(JSON.stringify(request.body?.messages ?? []).length / 4);
  const completion = turn.usage?.completion_tokens ?? Math.ceil(((turn.text ?? '').length + (turn.reasoning ?? '').length + argsLength) / 4);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: turn.usage?.cached_tokens ?? 0 },
  };
}

function openSse(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  const raw = (data: object, onFlushed?: () => void) => void res.write(`data: ${JSON.stringify(data)}\n\n`, onFlushed);
  return {
    raw,
    chunk: (model: string, delta: object, finishReason: string | null = null, onFlushed?: () => void) =>
      raw({ ...chunkBase(model), choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] }, onFlushed),
  };
}

function chunkBase(model: string) {
  return { id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
}

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The body, and when its last byte came. */
function readBody(req: IncomingMessage): Promise<{ raw: string; receivedAt: number }> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const receivedAt = performance.now();
      resolve({ raw: Buffer.concat(parts).toString('utf8'), receivedAt });
    });
    req.on('error', () => resolve({ raw: '', receivedAt: performance.now() }));
  });
}

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
