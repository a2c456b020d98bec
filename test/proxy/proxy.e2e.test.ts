// tack behind an HTTP proxy, end to end: the built CLI, the scripted model server, web and MCP
// servers on 127.0.0.1, and a proxy written for the test (test-proxy.ts) that records what it carried.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, makeProject, projectWithSettings, runTack } from '../support/cli.js';
import { callTool, mcpProject, startHttpTestServer } from '../support/mcp.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';
import { html, startWeb, type LocalWeb } from '../web/local-web.js';
import { NO_PROXY_ENV, startProxy, type TestProxy } from './test-proxy.js';
import { startSocks, type TestSocks } from './test-socks.js';

const scripted = scriptedServers();
const closing: (() => unknown)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function proxy(o: { password?: string } = {}): Promise<TestProxy> {
  const p = await startProxy(o);
  closing.push(() => p.close());
  return p;
}

async function web(routes: Parameters<typeof startWeb>[0]): Promise<LocalWeb> {
  const w = await startWeb(routes);
  closing.push(() => w.close());
  return w;
}

const portOf = (url: string) => new URL(url).port;

/** Every file under these folders, as text: where a password must not be. */
function allText(...dirs: string[]): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      const s = statSync(path);
      return s.isDirectory() ? walk(path) : s.isFile() && s.size < 5_000_000 ? [readFileSync(path, 'latin1')] : [];
    });
  return dirs.flatMap(walk).join('\n');
}

const PASSWORD = 'pr0xy-s3cret-word';

/** A self-signed certificate for the name localhost only (not 127.0.0.1), made now; the child trusts it through NODE_EXTRA_CA_CERTS. */
function selfSigned(): { cert: string; key: string; certFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tack-proxy-cert-'));
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
}

/** An https server on 127.0.0.1 with that certificate; `handle` answers. Its port. */
async function httpsServer(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ port: number; certFile: string }> {
  const { cert, key, certFile } = selfSigned();
  const server: Server = createHttpsServer({ cert, key }, handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('secureConnection', (socket) => closing.push(() => socket.destroy()));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as AddressInfo).port, certFile };
}

/** TLS in front of a scripted server, as a hosted API is: `https://localhost:<port>`. */
function tlsFront(url: string): Promise<{ port: number; certFile: string }> {
  return httpsServer((req, res) => {
    const upstream = httpRequest(`${new URL(url).origin}${req.url}`, { method: req.method, headers: req.headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
}

describe('the model request behind a proxy', () => {
  it('tack -p and tack --list-models with HTTP_PROXY reach the model server through the proxy (absolute-URI requests)', async () => {
    const s = await scripted([{ text: 'through the proxy' }]);
    const p = await proxy();
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home, env: { ...NO_PROXY_ENV, HTTP_PROXY: p.url } });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('through the proxy\n');
    expect(p.carried).toEqual([expect.objectContaining({ method: 'POST', target: `${s.url}/chat/completions`, host: `127.0.0.1:${portOf(s.url)}` })]);
    expect(s.chatRequests()).toHaveLength(1);

    const list = await runTack(['--list-models', '--base-url', s.url], { cwd: dir, home, env: { ...NO_PROXY_ENV, HTTP_PROXY: p.url } });
    expect(list.code).toBe(0);
    expect(p.carried.at(-1)).toMatchObject({ method: 'GET', target: `${s.url}/models` });
  });

  it('NO_PROXY naming the host (or host:port) sends it direct; localhost is not exempt unless listed', async () => {
    const s = await scripted([{ text: 'direct' }, { text: 'direct again' }, { text: 'proxied' }]);
    const p = await proxy();
    const { dir, home } = makeProject();
    const run = (noProxy: string) =>
      runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home, env: { ...NO_PROXY_ENV, HTTP_PROXY: p.url, NO_PROXY: noProxy } });
    expect((await run('example.com,127.0.0.1')).stdout).toBe('direct\n');
    expect((await run(`127.0.0.1:${portOf(s.url)}`)).stdout).toBe('direct again\n');
    expect(p.carried).toHaveLength(0);
    expect((await run('localhost,example.com')).stdout).toBe('proxied\n');
    expect(p.carried).toHaveLength(1);
  });

  it('user:password@ in the proxy URL is sent as Basic auth, and the password appears nowhere: output, --verbose, session file', async () => {
    const s = await scripted([{ text: 'signed in' }]);
    const p = await proxy({ password: `alice:${PASSWORD}` });
    const { dir, home } = makeProject();
    const env = { ...NO_PROXY_ENV, HTTP_PROXY: `http://alice:${PASSWORD}@127.0.0.1:${p.port}` };
    const r = await runTack(['-p', '--verbose', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home, env });
    expect(r.stdout).toBe('signed in\n');
    expect(p.carried[0]!.auth).toBe(`Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`);
    // the model server never sees the proxy's credentials
    expect(JSON.stringify(s.requests.map((q) => q.headers))).not.toContain(Buffer.from(`alice:${PASSWORD}`).toString('base64'));

    const wrong = await runTack(['-p', '--verbose', '--base-url', s.url, '-m', 'm', 'hi'], {
      cwd: dir,
      home,
      env: { ...NO_PROXY_ENV, HTTP_PROXY: `http://alice:wrong-${PASSWORD}@127.0.0.1:${p.port}` },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `cannot reach the model at ${s.url} through the proxy http://127.0.0.1:${p.port} (HTTP_PROXY): it refused the user name and password in the proxy URL (407)`,
    );
    const seen = [r.stdout, r.stderr, wrong.stdout, wrong.stderr, allText(home, dir)].join('\n');
    expect(seen).not.toContain(PASSWORD);
  });

  it('a proxy that is not there: one sentence naming it (without its password), and nothing goes direct', async () => {
    const s = await scripted([{ text: 'never' }]);
    const dead = await closedPort();
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], {
      cwd: dir,
      home,
      env: { ...NO_PROXY_ENV, HTTP_PROXY: `http://bob:${PASSWORD}@127.0.0.1:${dead}` },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^tack: cannot reach the model at ${s.url} through the proxy http://127\\.0\\.0\\.1:${dead} \\(HTTP_PROXY\\): connection refused`, 'm'),
    );
    expect(r.stderr + r.stdout + allText(home)).not.toContain(PASSWORD);
    expect(s.requests).toHaveLength(0);
  });

  it('a socks4 proxy is named as unusable at start, and the request fails rather than go around it', async () => {
    const s = await scripted([{ text: 'never' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], {
      cwd: dir,
      home,
      env: { ...NO_PROXY_ENV, HTTP_PROXY: `socks4://bob:${PASSWORD}@127.0.0.1:1080` },
    });
    expect(r.code).toBe(1);
    const why = 'tack speaks to http://, socks5:// and socks5h:// proxies';
    expect(r.stderr).toContain(
      `tack: the proxy socks4://127.0.0.1:1080 in HTTP_PROXY cannot be used (${why}): http requests will fail rather than go around it\n`,
    );
    expect(r.stderr).toContain(`cannot reach the model at ${s.url} through the proxy socks4://127.0.0.1:1080 (HTTP_PROXY): ${why}`);
    expect(r.stderr).not.toContain(PASSWORD);
    expect(s.requests).toHaveLength(0);
  });

  it('an https model server is reached through a CONNECT tunnel (HTTPS_PROXY), its certificate checked against its name', async () => {
    const s = await scripted([{ text: 'tunnelled' }]);
    const front = await tlsFront(s.url);
    const p = await proxy({ password: `erin:${PASSWORD}` });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', `https://localhost:${front.port}/v1`, '-m', 'm', 'hi'], {
      cwd: dir,
      home,
      env: { ...NO_PROXY_ENV, HTTPS_PROXY: `http://erin:${PASSWORD}@127.0.0.1:${p.port}`, NODE_EXTRA_CA_CERTS: front.certFile },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('tunnelled\n');
    expect(p.carried).toEqual([expect.objectContaining({ method: 'CONNECT', target: `localhost:${front.port}`, auth: expect.stringMatching(/^Basic /) })]);
  });
});

describe('behind a SOCKS5 proxy (ALL_PROXY, as curl reads it)', () => {
  async function socks(o: { login?: string } = {}): Promise<TestSocks> {
    const p = await startSocks(o);
    closing.push(() => p.close());
    return p;
  }

  it('socks5h:// hands the proxy the name; socks5:// resolves it and hands the address; the password appears nowhere', async () => {
    const s = await scripted([{ text: 'by name' }, { text: 'by address' }]);
    const p = await socks({ login: `dana:${PASSWORD}` });
    const { dir, home } = makeProject();
    const base = `http://localhost:${portOf(s.url)}/v1`;
    const run = (scheme: string) =>
      runTack(['-p', '--verbose', '--base-url', base, '-m', 'm', 'hi'], {
        cwd: dir,
        home,
        env: { ...NO_PROXY_ENV, ALL_PROXY: `${scheme}://dana:${PASSWORD}@127.0.0.1:${p.port}` },
      });
    const named = await run('socks5h');
    expect(named.stdout).toBe('by name\n');
    const resolved = await run('socks5');
    expect(resolved.stdout).toBe('by address\n');
    expect(p.carried).toEqual([
      { kind: 'name', host: 'localhost', port: Number(portOf(s.url)), user: 'dana' },
      { kind: 'ipv4', host: '127.0.0.1', port: Number(portOf(s.url)), user: 'dana' },
    ]);
    expect([named.stdout, named.stderr, resolved.stdout, resolved.stderr, allText(home, dir)].join('\n')).not.toContain(PASSWORD);
  });

  it('a wrong password is one sentence naming the proxy; HTTP_PROXY wins over ALL_PROXY', async () => {
    const s = await scripted([{ text: 'through the http proxy' }]);
    const p = await socks({ login: `dana:${PASSWORD}` });
    const { dir, home } = makeProject();
    const wrong = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], {
      cwd: dir,
      home,
      env: { ...NO_PROXY_ENV, ALL_PROXY: `socks5://dana:wrong@127.0.0.1:${p.port}` },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `cannot reach the model at ${s.url} through the proxy socks5://127.0.0.1:${p.port} (ALL_PROXY): it refused the user name and password in the proxy URL`,
    );
    expect(s.requests).toHaveLength(0);
    const http = await proxy();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], {
      cwd: dir,
      home,
      env: { ...NO_PROXY_ENV, ALL_PROXY: `socks5://dana:${PASSWORD}@127.0.0.1:${p.port}`, HTTP_PROXY: http.url },
    });
    expect(r.stdout).toBe('through the http proxy\n');
    expect(http.carried).toHaveLength(1);
    expect(p.carried).toHaveLength(0);
  });

  it('an https model server is reached through the tunnel, its certificate checked against its name', async () => {
    const s = await scripted([{ text: 'tunnelled by socks' }]);
    const front = await tlsFront(s.url);
    const p = await socks();
    const { dir, home } = makeProject();
    const env = { ...NO_PROXY_ENV, all_proxy: `socks5h://127.0.0.1:${p.port}`, NODE_EXTRA_CA_CERTS: front.certFile };
    const r = await runTack(['-p', '--base-url', `https://localhost:${front.port}/v1`, '-m', 'm', 'hi'], { cwd: dir, home, env });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('tunnelled by socks\n');
    expect(p.carried).toEqual([{ kind: 'name', host: 'localhost', port: front.port }]);
  });
});

describe('the fetch tool behind a proxy', () => {
  /** tack -p once: the model fetches `url`, then answers "ok"; the model server itself is exempt (NO_PROXY host:port). */
  async function fetchOnce(url: string, env: Record<string, string>, settings: object, flags: string[] = []) {
    const s = await scripted([callTool('fetch', { url }), { text: 'ok' }]);
    const p = projectWithSettings(settings);
    const r = await runTack(['-p', ...flags, '--base-url', s.url, '-m', 'm', 'go'], {
      cwd: p.dir,
      home: p.home,
      env: { ...NO_PROXY_ENV, NO_PROXY: `127.0.0.1:${portOf(s.url)}`, ...env },
    });
    expect(r.code).toBe(0);
    return toolResultText(s.chatRequests()[1]!);
  }

  it('goes through the proxy, which is sent the address tack checked (not the name to resolve again); Host stays the name', async () => {
    const w = await web({ '/docs': html('<h1>Proxied docs</h1><p>read through the proxy</p>') });
    const p = await proxy();
    const out = await fetchOnce(`http://localhost:${w.port}/docs`, { HTTP_PROXY: p.url }, { permissions: { allow: ['fetch(domain:localhost)'] } });
    expect(out).toContain('read through the proxy');
    expect(p.carried).toEqual([expect.objectContaining({ method: 'GET', target: `http://127.0.0.1:${w.port}/docs`, host: `localhost:${w.port}` })]);
    expect(w.requests[0]!.headers.host).toBe(`localhost:${w.port}`);
  });

  it('through socks5h too, the proxy is sent the address tack checked, never the name to resolve on its side', async () => {
    const w = await web({ '/docs': html('<h1>Socks docs</h1><p>read through socks</p>') });
    const p = await startSocks();
    closing.push(() => p.close());
    const out = await fetchOnce(
      `http://localhost:${w.port}/docs`,
      { ALL_PROXY: `socks5h://127.0.0.1:${p.port}` },
      { permissions: { allow: ['fetch(domain:localhost)'] } },
    );
    expect(out).toContain('read through socks');
    expect(p.carried).toEqual([{ kind: 'ipv4', host: '127.0.0.1', port: w.port }]);
    expect(w.requests[0]!.headers.host).toBe(`localhost:${w.port}`);
  });

  it('an https page goes through a CONNECT tunnel with the proxy password; TLS is checked against the name', async () => {
    const { cert, key, certFile } = selfSigned();
    const server: Server = createHttpsServer({ cert, key }, (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>secret-free tunnel page</p>'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => server.close(resolve)));
    server.on('secureConnection', (socket) => closing.push(() => socket.destroy()));
    const port = (server.address() as AddressInfo).port;
    const p = await proxy({ password: `carol:${PASSWORD}` });
    const out = await fetchOnce(
      `https://localhost:${port}/page`,
      { HTTPS_PROXY: `http://carol:${PASSWORD}@127.0.0.1:${p.port}`, NODE_EXTRA_CA_CERTS: certFile },
      { permissions: { allow: ['fetch(domain:localhost)'] } },
    );
    expect(out).toContain('secret-free tunnel page');
    expect(p.carried).toEqual([expect.objectContaining({ method: 'CONNECT', target: `127.0.0.1:${port}`, auth: expect.stringMatching(/^Basic /) })]);
    expect(out).not.toContain(PASSWORD);
  });

  it('still refuses a private target the proxy could reach (attacker: a page sends the model into the network behind the proxy)', async () => {
    const w = await web({ '/admin': html('<p>router admin</p>') });
    const p = await proxy();
    const out = await fetchOnce(`http://localhost:${w.port}/admin`, { HTTP_PROXY: p.url }, {}, ['--yolo']);
    expect(out).toMatch(/^refused: localhost is a private, loopback or link-local address/);
    const literal = await fetchOnce(`http://[::ffff:7f00:1]:${w.port}/admin`, { HTTP_PROXY: p.url }, {}, ['--yolo']);
    expect(literal).toMatch(/^refused: .* is a private, loopback or link-local address/);
    expect(p.carried).toHaveLength(0);
    expect(w.requests).toHaveLength(0);
  });

  it('a redirect through the proxy is judged again per hop: to a private host, refused', async () => {
    const inner = await web({ '/secret': html('<p>internal only</p>') });
    const p = await proxy();
    const outer = await web({ '/go': (_req, res) => res.writeHead(302, { location: `http://localhost:${inner.port}/secret` }).end() });
    const out = await fetchOnce(`http://127.0.0.1:${outer.port}/go`, { HTTP_PROXY: p.url }, { permissions: { allow: ['fetch(domain:127.0.0.1)'] } }, [
      '--yolo',
    ]);
    expect(out).toMatch(/refused: localhost is a private, loopback or link-local address/);
    expect(p.carried.map((c) => c.target)).toEqual([`http://127.0.0.1:${outer.port}/go`]);
    expect(inner.requests).toHaveLength(0);
  });
});

describe('MCP over HTTP behind a proxy', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });

  const mcpServer = (mode = '--http') => startHttpTestServer(children, mode);

  it('a streamable HTTP server is reached through the proxy; a proxy that wants a password names itself in mcp list', async () => {
    const base = await mcpServer();
    const s = await scripted([callTool('mcp__remote__echo', { message: 'via proxy' }), { text: 'ok' }]);
    const p = await proxy();
    const project = mcpProject({ mcpServers: { remote: { type: 'http', url: `${base}/mcp` } }, permissions: { allow: ['mcp__remote__*'] } });
    const env = { ...NO_PROXY_ENV, HTTP_PROXY: p.url, NO_PROXY: `127.0.0.1:${portOf(s.url)}` };
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: project.dir, home: project.home, env });
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('echo: via proxy');
    expect(p.carried.length).toBeGreaterThan(0);
    expect(p.carried.every((c) => c.target === `${base}/mcp`)).toBe(true);

    const guarded = await proxy({ password: `dave:${PASSWORD}` });
    const list = await runTack(['mcp', 'list'], { cwd: project.dir, home: project.home, env: { ...env, HTTP_PROXY: guarded.url } });
    expect(list.stdout).toMatch(
      new RegExp(
        `^remote\\s+user\\s+http\\s+failed: cannot reach the MCP server through the proxy http://127\\.0\\.0\\.1:${guarded.port} \\(HTTP_PROXY\\): it asks for a user name and password \\(407\\)`,
      ),
    );
  });

  it('a server that only speaks SSE is reached through the proxy too (its stream and its posts)', async () => {
    const base = await mcpServer('--sse');
    const s = await scripted([callTool('mcp__old__echo', { message: 'sse via proxy' }), { text: 'ok' }]);
    const p = await proxy();
    const project = mcpProject({ mcpServers: { old: { type: 'sse', url: `${base}/sse` } }, permissions: { allow: ['mcp__old__*'] } });
    const env = { ...NO_PROXY_ENV, HTTP_PROXY: p.url, NO_PROXY: `127.0.0.1:${portOf(s.url)}` };
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: project.dir, home: project.home, env });
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('echo: sse via proxy');
    expect(p.carried.map((c) => `${c.method} ${new URL(c.target).pathname}`)).toEqual(expect.arrayContaining(['GET /sse', 'POST /message']));
  });
});
