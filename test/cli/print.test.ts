import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, collect, makeProject, repoRoot, runTack, spawnTack, tackBin } from '../support/cli.js';
import { startMockServer, type MockServer, type Turn } from '../support/mock-openai-server.js';
import { CALC_ANSWER, CALC_BUGGY, CALC_FIXED, calcTurns } from '../support/calc.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(turns: Turn[], options: { apiKey?: string; models?: string[] } = {}) {
  const s = await startMockServer({ turns, ...options });
  servers.push(s);
  return s;
}

/** The user's message (after the run's note), as one text. */
const userText = (body: any) => {
  const user = body.messages.findLast((m: any) => m.role === 'user');
  return typeof user.content === 'string' ? user.content : user.content.map((p: any) => p.text ?? '').join('');
};

describe('tack -p against a scripted server', () => {
  it('fixes the bug in calc.js: read -> edit -> final text, exit 0', async () => {
    const s = await server(calcTurns());
    const { dir, home } = makeProject({ 'calc.js': CALC_BUGGY });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'mock-model', 'fix the bug in calc.js'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${CALC_ANSWER}\n`);
    expect(readFileSync(join(dir, 'calc.js'), 'utf8')).toBe(CALC_FIXED);
    const requests = s.chatRequests();
    expect(requests).toHaveLength(3);
    expect(requests[0].body.model).toBe('mock-model');
    const toolMsg = requests[1].body.messages.find((m: any) => m.role === 'tool');
    expect(JSON.stringify(toolMsg.content)).toContain('return a - b;');
  });

  it('traces tool calls on stderr with --verbose, keeping stdout for the answer', async () => {
    const s = await server(calcTurns());
    const { dir, home } = makeProject({ 'calc.js': CALC_BUGGY });
    const r = await runTack(['-p', '--verbose', '--base-url', s.url, 'fix it'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('→ read calc.js\n→ edit calc.js\n');
    expect(r.stdout).toBe(`${CALC_ANSWER}\n`);
  });

  it('takes piped stdin as the prompt when no prompt is given', async () => {
    const s = await server([{ text: 'ok' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm'], { cwd: dir, home, input: 'fix the bug\n' });
    expect(r.code).toBe(0);
    expect(userText(s.chatRequests()[0].body)).toBe('fix the bug');
  });

  it('puts the prompt first and piped text after it as material', async () => {
    const s = await server([{ text: 'ok' }]);
    const { dir, home } = makeProject();
    const log = 'Error: boom\n    at main (app.js:3:9)\n';
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'fix this'], { cwd: dir, home, input: log });
    expect(r.code).toBe(0);
    const text = userText(s.chatRequests()[0].body);
    expect(text.startsWith('fix this')).toBe(true);
    expect(text).toContain('Error: boom\n    at main (app.js:3:9)');
    expect(text.indexOf('fix this')).toBeLessThan(text.indexOf('Error: boom'));
  });

  it('caps huge piped input with a note', async () => {
    const s = await server([{ text: 'ok' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'summarize'], { cwd: dir, home, input: 'x'.repeat(3 * 1024 * 1024) });
    expect(r.code).toBe(0);
    const text = userText(s.chatRequests()[0].body);
    expect(text.length).toBeLessThan(1024 * 1024 + 200);
    expect(text).toContain('[input cut at 1 MB of 3.0 MB]');
  });

  it('--output-format json prints one result object', async () => {
    const s = await server(calcTurns());
    const { dir, home } = makeProject({ 'calc.js': CALC_BUGGY });
    const r = await runTack(['-p', '--output-format', 'json', '--base-url', s.url, '-m', 'm', 'fix'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0]);
    expect(result).toMatchObject({
      type: 'result',
      is_error: false,
      result: CALC_ANSWER,
      num_turns: 3,
      stop_reason: 'stop',
      usage: { input_tokens: 450, output_tokens: 42, cached_input_tokens: 100 },
      total_cost_usd: null,
    });
    expect(typeof result.session_id).toBe('string');
    expect(result.duration_ms).toBeGreaterThan(0);
  });

  it('--output-format stream-json writes one JSON object per line, deltas only', async () => {
    const s = await server(calcTurns());
    const { dir, home } = makeProject({ 'calc.js': CALC_BUGGY });
    const r = await runTack(['-p', '--output-format', 'stream-json', '--base-url', s.url, '-m', 'mock-model', 'fix'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const objects = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(objects[0]).toMatchObject({
      type: 'session',
      cwd: dir,
      model: 'mock-model',
      tools: ['read', 'write', 'edit', 'bash', 'job_output', 'job_stop', 'grep', 'find', 'ls', 'todo', 'fetch', 'exit_plan_mode', 'task'],
    });
    expect(objects.at(-1)).toMatchObject({ type: 'result', is_error: false, num_turns: 3 });
    const types = objects.map((o) => o.type);
    for (const t of [
      'agent_start',
      'turn_start',
      'message_start',
      'message_update',
      'message_end',
      'tool_execution_start',
      'tool_execution_end',
      'turn_end',
      'agent_end',
    ]) {
      expect(types).toContain(t);
    }
    const updates = objects.filter((o) => o.type === 'message_update');
    expect(updates.every((u) => !('message' in u) && u.delta)).toBe(true);
    const streamed = updates
      .filter((u) => u.delta.type === 'text_delta')
      .map((u) => u.delta.delta)
      .join('');
    expect(streamed).toBe(CALC_ANSWER);
  });

  it('limits the tools with --tools and sends the AGENTS.md text and tool list in the system prompt', async () => {
    const s = await server([{ text: 'ok' }]);
    const { dir, home } = makeProject({ 'AGENTS.md': 'Always answer in haiku.\n', 'sub/AGENTS.md': 'Sub rules here.\n' });
    writeFileSync(join(home, 'AGENTS.md'), 'Global rule: be brief.\n');
    execFileSync('git', ['init', '-q'], { cwd: dir });
    const r = await runTack(['-p', '--tools', 'read,grep', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: join(dir, 'sub'), home });
    expect(r.code).toBe(0);
    const body = s.chatRequests()[0].body;
    // exit_plan_mode is offered in every mode: the list never changes with the mode
    expect(body.tools.map((t: any) => t.function.name)).toEqual(['read', 'grep', 'exit_plan_mode']);
    const system = body.messages[0];
    expect(['system', 'developer']).toContain(system.role);
    const text = typeof system.content === 'string' ? system.content : JSON.stringify(system.content);
    expect(text).toContain('Always answer in haiku.');
    expect(text).toContain('Sub rules here.');
    expect(text).toContain('Global rule: be brief.');
    expect(text.indexOf('Global rule')).toBeLessThan(text.indexOf('Always answer'));
    expect(text).toMatch(/- read: /);
    expect(text).toMatch(/- grep: /);
    expect(text).not.toMatch(/- bash: /);
    expect(text).toContain(join(dir, 'sub'));
  });

  it('--system-prompt and --append-system-prompt take text or @file', async () => {
    const s = await server([{ text: 'ok' }]);
    const { dir, home } = makeProject({ 'extra.md': 'Extra from a file.' });
    const r = await runTack(['-p', '--system-prompt', 'You are terse.', '--append-system-prompt', '@extra.md', '--base-url', s.url, '-m', 'm', 'hi'], {
      cwd: dir,
      home,
    });
    expect(r.code).toBe(0);
    const system = s.chatRequests()[0].body.messages[0];
    expect(system.content).toBe('You are terse.\n\nExtra from a file.');
  });

  it('reads model and server from a trusted project .tack/config.json (--trust)', async () => {
    const s = await server([{ text: 'configured' }]);
    const { dir, home } = makeProject();
    mkdirSync(join(dir, '.tack'));
    writeFileSync(join(dir, '.tack', 'config.json'), JSON.stringify({ baseUrl: s.url, model: 'from-config' }));
    const r = await runTack(['-p', '--trust', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('configured\n');
    expect(s.chatRequests()[0].body.model).toBe('from-config');
  });

  it("takes the server's first model when none is set", async () => {
    const s = await server([{ text: 'ok' }], { models: ['first-model', 'second'] });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(s.chatRequests()[0].body.model).toBe('first-model');
  });

  it('--thinking sets reasoning_effort for a reasoning model, and notes once when a model takes none', async () => {
    const s = await server([{ text: 'ok' }, { text: 'ok' }]);
    const { dir, home } = makeProject();
    let r = await runTack(['-p', '--thinking', 'high', '--base-url', s.url, '-m', 'gpt-5', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(s.chatRequests()[0].body.reasoning_effort).toBe('high');
    r = await runTack(['-p', '--thinking', 'low', '--base-url', s.url, '-m', 'mock-model', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(s.chatRequests()[1].body.reasoning_effort).toBeUndefined();
    expect(r.stderr).toContain('thinking level low ignored');
  });

  it("--list-models prints the server's models one per line", async () => {
    const s = await server([], { models: ['alpha', 'beta'] });
    const { dir, home } = makeProject();
    const r = await runTack(['--list-models', '--base-url', s.url], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('alpha\nbeta\n');
  });
});

describe('exit codes and errors', () => {
  it('exits 2 on a bad flag', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--frobnicate', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^tack: unknown option '--frobnicate'/);
  });

  it('exits 2 with three short lines of guidance when there is no key and no server', async () => {
    const { dir, home } = makeProject();
    // No local server to find either (a developer machine may run Ollama on the default port).
    const r = await runTack(['-p', 'hi'], { cwd: dir, home, env: { TACK_PROBE_PORTS: String(await closedPort()) } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('OPENAI_API_KEY');
    expect(r.stderr).toContain('--base-url');
    expect(r.stderr).toContain(`or write ${join(home, 'config.json')} with`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 naming the file and key of a broken settings file', async () => {
    const { dir, home } = makeProject();
    writeFileSync(join(home, 'config.json'), JSON.stringify({ model: 'x', maxTurns: 'ten' }));
    let r = await runTack(['-p', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(join(home, 'config.json'));
    expect(r.stderr).toContain('maxTurns');
    expect(r.stderr).toContain('"ten"');

    writeFileSync(join(home, 'config.json'), '{ "model": "x", ');
    r = await runTack(['-p', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/config\.json is not valid JSON/);

    writeFileSync(join(home, 'config.json'), JSON.stringify({ modle: 'x' }));
    r = await runTack(['-p', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown key "modle"');
  });

  it('exits 2 when there is no prompt at all', async () => {
    const s = await server([]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no prompt');
  });

  it('exits 1 with the clear message when the server rejects the key', async () => {
    const s = await server([{ text: 'never' }], { apiKey: 'right-key' });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '--api-key', 'wrong-key', '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('rejected the API key');
    expect(r.stderr).not.toContain('wrong-key');
    expect(s.chatRequests()).toHaveLength(1);
  });

  it('says it cannot reach an unreachable server, without a stack trace', async () => {
    const { dir, home } = makeProject();
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const r = await runTack(['-p', '--base-url', url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot reach ${url}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 3 when --max-turns is reached and says so', async () => {
    const loop: Turn = { toolCalls: [{ name: 'ls', arguments: {} }] };
    const s = await server([loop, loop, loop, loop]);
    const { dir, home } = makeProject({ 'a.txt': 'a' });
    const r = await runTack(['-p', '--max-turns', '2', '--base-url', s.url, '-m', 'm', 'loop'], { cwd: dir, home });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--max-turns 2');
    expect(s.chatRequests()).toHaveLength(2);
  });

  it('exits 130 on SIGINT while a tool runs, leaving no child process behind', async () => {
    const marker = `30.${process.pid}${Date.now() % 1000}`;
    const s = await server([{ toolCalls: [{ name: 'bash', arguments: { command: `sleep ${marker}` } }] }, { text: 'never' }]);
    const { dir, home } = makeProject();
    const child = spawnTack(['-p', '--base-url', s.url, '-m', 'm', 'wait'], { cwd: dir, home });
    const done = collect(child);
    const running = () => {
      try {
        return execFileSync('pgrep', ['-f', `sleep ${marker}`], { encoding: 'utf8' }).trim() !== '';
      } catch {
        return false;
      }
    };
    const deadline = Date.now() + 10_000;
    while (!running() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(running()).toBe(true);
    const sent = Date.now();
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(Date.now() - sent).toBeLessThan(3000);
    expect(running()).toBe(false);
  });
});

describe('start-up', () => {
  it('--version loads nothing but its launcher; --help neither the model layer nor a UI library', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['--version'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    for (const flag of ['--version', '--help']) {
      const traced = spawnSync(process.execPath, ['--import', join(repoRoot, 'test/support/import-trace.mjs'), tackBin, flag], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(traced.status).toBe(0);
      // Judge by content, so this holds for the bundled build (chunks) and the plain tsc output alike.
      const urls = traced.stderr.split('\n').filter((l) => l.startsWith('import: file://'));
      const files = urls.map((l) => readFileSync(new URL(l.slice('import: '.length)), 'utf8'));
      // the version is read from package.json by the launcher, before the command line loads
      if (flag === '--version') expect(urls.map((l) => l.slice(l.lastIndexOf('/') + 1))).toEqual(['tack.js']);
      else expect(files.length).toBeGreaterThan(1);
      const heavy = { 'the openai SDK': /Stainless/, React: /react\.transitional\.element/, Ink: /ink-text/, TypeBox: /~kind/ };
      for (const [name, marker] of Object.entries(heavy))
        expect(
          files.some((f) => marker.test(f)),
          `${flag} loads ${name}`,
        ).toBe(false);
    }
  });

  it('--help shows grouped flags and examples', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['--help'], { cwd: dir, home });
    expect(r.code).toBe(0);
    for (const text of ['Mode:', 'Model:', 'Agent:', 'cat error.log | tack -p', 'localhost:11434', 'Exit codes']) expect(r.stdout).toContain(text);
    // every tool --tools takes is named, the web ones and what bash brings included
    const tools = r.stdout.replace(/\s*\n\s*/g, ' ');
    for (const name of ['read,write,edit,bash,grep,find,ls,todo,fetch,search,task', 'job_output', 'job_stop']) expect(tools).toContain(name);
  });

  it('without -p and without a terminal says the interactive mode needs one', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['--base-url', 'http://127.0.0.1:9/v1', 'hello'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the interactive mode needs a terminal; for scripts and pipes use tack -p');
  });
});
