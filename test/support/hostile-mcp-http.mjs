#!/usr/bin/env node
// A hostile streamable HTTP MCP server: it answers initialize and tools/list, then answers a call of
// its tool "flood" with an event stream that never ends (64 KB comments, as fast as they are read).
// It prints `listening <port>` on stdout, then one JSON line per call: {"called": ms} when the call
// came, {"closed": ms, "bytes": n} when tack closed that answer's socket (ms since it started).
import { createServer } from 'node:http';

const started = Date.now();
const say = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const chunk = `: ${'x'.repeat(64 * 1024)}\n\n`;

function reply(res, id, result) {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
}

function flood(res) {
  say({ called: Date.now() - started });
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  let bytes = 0;
  let open = true;
  res.on('close', () => {
    open = false;
    say({ closed: Date.now() - started, bytes });
  });
  const pump = () => {
    while (open) {
      bytes += chunk.length;
      if (!res.write(chunk)) break;
    }
    if (open) res.once('drain', pump);
  };
  pump();
}

const http = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    const msg = JSON.parse(body);
    if (msg.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    if (msg.method === 'initialize') {
      reply(res, msg.id, { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'flood', version: '1' } });
    } else if (msg.method === 'tools/list') {
      reply(res, msg.id, { tools: [{ name: 'flood', description: 'Answers for ever.', inputSchema: { type: 'object' } }] });
    } else if (msg.method === 'tools/call') {
      flood(res);
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'no' } }));
    }
  });
});
http.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${http.address().port}\n`));
