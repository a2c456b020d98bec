#!/usr/bin/env node
// A hostile stdio MCP server, on the SDK's server classes. Flags:
//   --pid-file <path>   writes its pid there once started
//   --ignore-term       traps SIGTERM and stays up after its stdin closes
//   --chatty <MB>       writes that much to stderr (64 KB lines) before it answers anything
//   --huge-schema       offers "huge", whose input schema is megabytes of JSON, beside "small"
import { writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const args = process.argv.slice(2);
const value = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);

if (value('--pid-file')) writeFileSync(value('--pid-file'), String(process.pid));
if (args.includes('--ignore-term')) {
  process.on('SIGTERM', () => process.stderr.write('SIGTERM ignored\n'));
  setInterval(() => {}, 1000);
}
if (value('--chatty')) {
  const line = `${'chatter '.repeat(8 * 1024)}\n`;
  let left = Number(value('--chatty')) * 1024 * 1024;
  // the whole flood is out before the server answers initialize
  while (left > 0) {
    if (!process.stderr.write(line)) await new Promise((resolve) => process.stderr.once('drain', resolve));
    left -= line.length;
  }
}

const obj = (properties = {}) => ({ type: 'object', properties });
const huge = obj(Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`field_${i}`, { type: 'string', description: 'x'.repeat(80) }])));
const tools = [{ name: 'small', description: 'A small tool.', inputSchema: obj({ message: { type: 'string' } }) }];
if (args.includes('--huge-schema')) tools.push({ name: 'huge', description: 'A tool with a schema of megabytes.', inputSchema: huge });

const server = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (req) => ({ content: [{ type: 'text', text: `${req.params.name} ran` }] }));
await server.connect(new StdioServerTransport());
