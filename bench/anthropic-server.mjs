// A scripted server speaking Anthropic's Messages API on 127.0.0.1, so Claude Code can be measured on
// the same footing as tack against the OpenAI-compatible one. POST /v1/messages answers every request
// with the text `answer(body)` returns: streamed as Anthropic sends it (message_start,
// content_block_start, text_delta deltas, content_block_stop, message_delta with stop_reason and usage,
// message_stop) in `chunkSize`-character deltas written all at once, or as one JSON message when
// `stream` is false. count_tokens gets a count; anything else a 404 in Anthropic's error shape. Every
// request is logged (`requests`) so a bench can show what a client asked at start-up.
import { createServer } from 'node:http';

const sse = (type, data) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const tokens = (text) => Math.max(1, Math.ceil(text.length / 4));

function streamed(model, text, chunkSize, id) {
  const parts = [
    sse('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    }),
    sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    sse('ping', {}),
  ];
  for (let i = 0; i < text.length; i += chunkSize)
    parts.push(sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text: text.slice(i, i + chunkSize) } }));
  parts.push(
    sse('content_block_stop', { index: 0 }),
    sse('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: tokens(text) } }),
    sse('message_stop', {}),
  );
  return parts.join('');
}

function message(model, text, id) {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: tokens(text) },
  };
}

/** `answer(body)` gives the text for each POST /v1/messages; `chunkSize` characters per delta (default 8). */
export async function startAnthropicServer({ answer, chunkSize = 8 }) {
  const requests = [];
  let count = 0;
  const server = createServer((req, res) => {
    const parts = [];
    req.on('data', (d) => parts.push(d));
    req.on('end', () => {
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
      } catch {}
      const path = (req.url ?? '/').split('?')[0];
      requests.push({ method: req.method, path, model: body.model, stream: body.stream === true, tools: body.tools?.length ?? 0 });
      const send = (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_bench_${count}` });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && path === '/v1/messages/count_tokens') return send(200, { input_tokens: tokens(JSON.stringify(body.messages ?? [])) });
      if (req.method !== 'POST' || path !== '/v1/messages')
        return send(404, { type: 'error', error: { type: 'not_found_error', message: `bench server: no route for ${req.method} ${path}` } });
      const id = `msg_bench_${++count}`;
      const model = String(body.model ?? 'claude-bench');
      const text = answer(body);
      if (!body.stream) return send(200, message(model, text, id));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_bench_${count}` });
      res.end(streamed(model, text, chunkSize, id));
    });
  });
  const sockets = new Set();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
