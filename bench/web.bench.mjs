// What the web tools cost: the first request's size without them, with fetch (the default) and with
// search configured; whether a run that never fetches loads turndown; and one 1 MB page fetched
// from 127.0.0.1 and turned into Markdown, cold (turndown's first import) and warm.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const bin = fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const trace = fileURLToPath(new URL('../test/support/import-trace.mjs', import.meta.url));
const WITHOUT_WEB = 'read,write,edit,bash,grep,find,ls,todo,task';

function tackHome(settings) {
  const home = mkdtempSync(join(tmpdir(), 'tack-bench-web-'));
  writeFileSync(join(home, 'config.json'), JSON.stringify(settings));
  return home;
}

function run(args, home, preload = []) {
  const cwd = mkdtempSync(join(tmpdir(), 'tack-bench-web-cwd-'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...preload, bin, ...args], {
      cwd,
      env: { PATH: process.env.PATH, HOME: home, TACK_HOME: home },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

const server = await startMockServer({ models: ['mock-model'] });
const firstRequest = async (label, extra, settings) => {
  server.push({ text: 'ok' });
  const before = server.chatRequests().length;
  const r = await run(['-p', '--base-url', server.url, '-m', 'mock-model', ...extra, 'hi'], tackHome(settings));
  if (r.status !== 0) throw new Error(`${label}: ${r.stderr}`);
  const body = server.chatRequests()[before].body;
  const all = JSON.stringify(body).length;
  const tools = JSON.stringify(body.tools ?? []).length;
  console.log(
    `${label.padEnd(52)} request ${String(all).padStart(6)} B   tools ${String(tools).padStart(6)} B (~${Math.round(tools / 4)} tokens)   ${(body.tools ?? []).length} tools`,
  );
  return { all, tools };
};

console.log('the first request (tack -p hi, scripted server)');
const without = await firstRequest(`--tools ${WITHOUT_WEB}`, ['--tools', WITHOUT_WEB], {});
const withFetch = await firstRequest('default (fetch)', [], {});
const withSearch = await firstRequest('default + search (searxng)', [], { search: { provider: 'searxng', url: 'http://127.0.0.1:9' } });
console.log(`fetch adds ${withFetch.all - without.all} B; search adds ${withSearch.all - withFetch.all} B more`);

server.push({ text: 'ok' });
const traced = await run(['-p', '--base-url', server.url, '-m', 'mock-model', 'hi'], tackHome({}), ['--import', trace]);
const loaded = traced.stderr.split('\n').filter((l) => l.startsWith('import: ') && /turndown|domino/.test(l));
console.log(`modules of turndown loaded by a run that never fetches: ${loaded.length}`);
await server.close();

// a 1 MB page, in this process through the built tool
const parts = ['<!doctype html><html><head><title>Big</title><script>var x = 1;</script></head><body><nav><a href="/">home</a></nav><main>'];
for (let i = 0, size = 0; size < 1024 * 1024; i++) {
  const s = `<h2>Section ${i}</h2><p>Some <b>text</b> with <a href="/x/${i}">a link</a> and <code>code</code>.</p><ul><li>one</li><li>two</li></ul><pre><code class="language-js">const a = ${i};</code></pre>`;
  parts.push(s);
  size += s.length;
}
const page = `${parts.join('')}</main></body></html>`;
const web = createServer((_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
await new Promise((r) => web.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${web.address().port}/big`;
const { createWebTools } = await import('../dist/tools/web/index.js');
for (const label of ['cold (imports turndown)', 'warm']) {
  const tool = createWebTools({ judge: () => 'allow', privateAllowed: () => true }).fetch;
  const t = performance.now();
  const r = await tool.execute('1', { url }, new AbortController().signal);
  console.log(
    `fetch of a ${(page.length / 1048576).toFixed(1)} MB page, ${label.padEnd(24)} ${(performance.now() - t).toFixed(0).padStart(5)} ms → ${r.details.chars} chars of Markdown`,
  );
}
web.close();
