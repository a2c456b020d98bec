// Presets, the local-server probe and server quirks through the built `tack` command.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeLocalServers, probeTargets } from '../../src/config/probe.js';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer, type MockServerOptions } from '../support/mock-openai-server.js';
import { CALC_ANSWER, CALC_BUGGY, CALC_FIXED, calcTurns } from '../support/calc.js';

const servers: MockServer[] = [];
const sockets: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const s of sockets.splice(0)) s.close();
});

async function mock(options: MockServerOptions): Promise<MockServer> {
  const s = await startMockServer(options);
  servers.push(s);
  return s;
}

const portOf = (s: MockServer) => Number(new URL(s.url).port);

/** A port nobody listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A port that accepts connections and never answers. */
function silentPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer(() => {}).listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    sockets.push(server);
  });
}

describe('no configuration: the local-server probe', () => {
  it('finds a scripted server on a given port, says which and which model on one line, and uses it', async () => {
    const s = await mock({ turns: [{ text: 'hello from ollama' }], models: ['first-model', 'second'] });
    const { dir, home } = makeProject();
    const ports = `${await closedPort()},ollama:${portOf(s)}`;
    const r = await runTack(['-p', 'hi'], { cwd: dir, home, env: { TACK_PROBE_PORTS: ports } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('hello from ollama\n');
    expect(r.stderr).toBe(`tack: no model server configured; using Ollama at ${s.url}, model first-model\n`);
    const chat = s.chatRequests()[0]!;
    expect(chat.body.model).toBe('first-model');
    expect(chat.headers.authorization).toBe('Bearer no-key');
    // Ollama's preset applies: no strict tools on a server that does not enforce them.
    expect(chat.body.tools.some((t: any) => 'strict' in t.function)).toBe(false);
  });

  it('takes the model --model names on the server it found', async () => {
    const s = await mock({ turns: [{ text: 'ok' }], models: ['first-model', 'second'] });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '-m', 'second', 'hi'], { cwd: dir, home, env: { TACK_PROBE_PORTS: String(portOf(s)) } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`using the server on port ${portOf(s)} at ${s.url}, model second`);
    expect(s.chatRequests()[0]!.body.model).toBe('second');
  });

  it('a provider/model id without that key is used whole on a local server that serves it, else the key is asked for', async () => {
    const s = await mock({ turns: [{ text: 'from lm studio' }], models: ['qwen3', 'openai/gpt-oss-20b'] });
    const { dir, home } = makeProject();
    const env = { TACK_PROBE_PORTS: `lmstudio:${portOf(s)}` };
    let r = await runTack(['-p', '-m', 'openai/gpt-oss-20b', 'hi'], { cwd: dir, home, env });
    expect(r.stdout).toBe('from lm studio\n');
    expect(s.chatRequests()[0]!.body.model).toBe('openai/gpt-oss-20b');
    r = await runTack(['-p', '-m', 'openai/gpt-5', 'hi'], { cwd: dir, home, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('tack: OpenAI needs an API key: set OPENAI_API_KEY (or pass --api-key)\n');
  });

  it('prefers the first server in order when several answer', async () => {
    const a = await mock({ turns: [{ text: 'from a' }], models: ['a-model'] });
    const b = await mock({ turns: [{ text: 'from b' }], models: ['b-model'] });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', 'hi'], { cwd: dir, home, env: { TACK_PROBE_PORTS: `lmstudio:${portOf(a)},vllm:${portOf(b)}` } });
    expect(r.stdout).toBe('from a\n');
    expect(r.stderr).toContain('using LM Studio');
  });

  it('falls back to the guidance (exit 2) when nothing answers, quickly, even if a port hangs', async () => {
    const { dir, home } = makeProject();
    const started = Date.now();
    const r = await runTack(['-p', 'hi'], { cwd: dir, home, env: { TACK_PROBE_PORTS: `${await closedPort()},${await silentPort()}` } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('tack needs a model server');
    expect(r.stderr).toContain('OPENAI_API_KEY');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('probes all ports at once with a short timeout', async () => {
    const hanging = await Promise.all([silentPort(), silentPort(), silentPort()]);
    const s = await mock({ models: ['m'] });
    const started = Date.now();
    const found = await probeLocalServers([...hanging.map((port) => ({ provider: undefined, port })), { provider: 'vllm', port: portOf(s) }], 300);
    expect(found).toEqual({ provider: 'vllm', label: 'vLLM', baseUrl: s.url, models: ['m'] });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('reads TACK_PROBE_PORTS, defaulting to the usual ports', () => {
    expect(probeTargets({})).toEqual([
      { provider: 'ollama', port: 11434 },
      { provider: 'lmstudio', port: 1234 },
      { provider: 'llamacpp', port: 8080 },
      { provider: 'vllm', port: 8000 },
    ]);
    expect(probeTargets({ TACK_PROBE_PORTS: '8080, llamacpp:9999,4321' })).toEqual([
      { provider: 'llamacpp', port: 8080 },
      { provider: 'llamacpp', port: 9999 },
      { provider: undefined, port: 4321 },
    ]);
    expect(() => probeTargets({ TACK_PROBE_PORTS: 'ollama:x' })).toThrow('is not a port');
  });
});

describe('presets through the command', () => {
  it('--list-providers shows every provider and whether its key is set, never the key', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['--list-providers'], { cwd: dir, home, env: { DEEPSEEK_API_KEY: 'sk-secret-value' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('sk-secret-value');
    expect(r.stdout).toMatch(/^deepseek .*DEEPSEEK_API_KEY \(set\)/m);
    expect(r.stdout).toMatch(/^openrouter .*OPENROUTER_API_KEY \(not set\)/m);
    expect(r.stdout).toMatch(/^vllm +http:\/\/127\.0\.0\.1:8000\/v1 +no key needed/m);
  });

  it('--model provider/model picks the provider, its key variable and compat flags', async () => {
    const s = await mock({ turns: [{ text: 'from deepseek' }] });
    const { dir, home } = makeProject();
    writeFileSync(join(home, 'config.json'), JSON.stringify({ providers: { deepseek: { baseUrl: s.url } } }));
    const r = await runTack(['-p', '--model', 'deepseek/deepseek-chat', 'hi'], {
      cwd: dir,
      home,
      env: { DEEPSEEK_API_KEY: 'ds-key', OPENAI_API_KEY: 'oa-key' },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('from deepseek\n');
    const chat = s.chatRequests()[0]!;
    expect(chat.headers.authorization).toBe('Bearer ds-key');
    expect(chat.body.model).toBe('deepseek-chat');
    expect(chat.body.messages[0].role).toBe('system');
    expect(chat.body.tools.some((t: any) => 'strict' in t.function)).toBe(false);
  });

  it('never sends OPENAI_API_KEY to a --base-url server', async () => {
    const s = await mock({ turns: [{ text: 'ok' }] });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home, env: { OPENAI_API_KEY: 'sk-openai-secret' } });
    expect(r.code).toBe(0);
    expect(s.chatRequests()[0]!.headers.authorization).toBe('Bearer no-key');
  });

  it('a preset without its key exits 2 naming the variable', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--provider', 'mistral', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('tack: Mistral needs an API key: set MISTRAL_API_KEY (or pass --api-key)\n');
  });

  it('--thinking takes only off, low, medium or high', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--thinking', 'max', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('off, low, medium, high');
  });
});

describe('a picky, quirky server through the command', () => {
  it('fixes calc.js against a server with think tags, empty repeated ids, no usage and four refusals', async () => {
    const turns = calcTurns().map((t) => ({ ...(t as object), reasoning: 'Thinking about calc.js.', thinkTags: true, chunkSize: 3, usageIn: 'none' as const }));
    for (const t of turns) for (const call of (t as { toolCalls?: { id?: string }[] }).toolCalls ?? []) call.id = '';
    const s = await mock({
      turns,
      refuses: ['stream_options', 'parallel_tool_calls', 'tool_choice', 'strict', 'duplicate_tool_call_ids', 'unanswered_tool_calls'],
    });
    const { dir, home } = makeProject({ 'calc.js': CALC_BUGGY });
    mkdirSync(join(dir, '.tack'));
    writeFileSync(join(dir, '.tack', 'config.json'), JSON.stringify({ baseUrl: s.url, model: 'qwen3' }));
    const r = await runTack(['-p', '--trust', '--output-format', 'json', 'fix the bug in calc.js'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ is_error: false, result: CALC_ANSWER, num_turns: 3 });
    expect(readFileSync(join(dir, 'calc.js'), 'utf8')).toBe(CALC_FIXED);
    // 4 refusals learned one at a time on the first call, then 3 clean requests.
    expect(s.chatRequests()).toHaveLength(7);
  });
});
