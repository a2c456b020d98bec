// Print mode's result is a runner's contract: whether commands ran sandboxed, which files changed
// (bash's changes included), which calls were refused, and its schema version; `--json-schema` gives a
// validated object or exit 4 after one correction; `--max-budget-usd` stops the run with exit 5.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { makeProject, projectWithSettings, runTack } from '../support/cli.js';
import { spawnJsonChild } from '../support/json-child.js';
import type { RecordedRequest } from '../support/mock-openai-server.js';
import { scriptedServers } from '../support/scripted.js';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';

const server = scriptedServers();

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

/** The text of a request's last user message (all its parts). */
const lastUserText = (r: RecordedRequest): string => {
  const m = r.body.messages.filter((x: any) => x.role === 'user').at(-1);
  return typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text ?? '').join('\n');
};

/** Writes a file, edits one, makes and deletes others with bash, and tries to write outside the workspace. */
const CHANGING_TURNS = [
  {
    toolCalls: [
      { id: 'w1', name: 'write', arguments: { path: 'new.txt', content: 'new\n' } },
      { id: 'e1', name: 'edit', arguments: { path: 'keep.txt', old_text: 'old', new_text: 'changed' } },
      { id: 'b1', name: 'bash', arguments: { command: 'echo made > by-bash.txt && rm gone.txt' } },
      { id: 'x1', name: 'write', arguments: { path: '../outside.txt', content: 'no\n' } },
    ],
  },
  { text: 'done' },
];

describe('the result object', { timeout: 90_000 }, () => {
  it('--output-format json: sandbox, the files changed (bash included), the refused call, schema_version', async () => {
    const s = await server(structuredClone(CHANGING_TURNS));
    const { dir, home } = makeProject({ 'keep.txt': 'old\n', 'gone.txt': 'bye\n', 'same.txt': 'same\n' });
    const r = await runTack(['-p', '--output-format', 'json', '--sandbox', 'off', '--base-url', s.url, '-m', 'm', 'change things'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const [result] = lines(r.stdout);
    expect(result).toMatchObject({ type: 'result', schema_version: 1, is_error: false, result: 'done', sandbox: 'none', files_changed_source: 'checkpoints' });
    expect(result.files_changed).toEqual([
      { path: 'by-bash.txt', status: 'added' },
      { path: 'gone.txt', status: 'deleted' },
      { path: 'keep.txt', status: 'modified' },
      { path: 'new.txt', status: 'added' },
    ]);
    expect(result.permission_denials).toHaveLength(1);
    expect(result.permission_denials[0]).toMatchObject({ tool: 'write', tool_use_id: 'x1', input: 'write ../outside.txt' });
    expect(result.permission_denials[0].reason).toMatch(/outside|workspace/);
    expect(existsSync(join(dir, '..', 'outside.txt'))).toBe(false);
  });

  it('stream-json: the last line carries the same fields, and a run that changes nothing lists no file', async () => {
    const s = await server([{ toolCalls: [{ id: 'r1', name: 'read', arguments: { path: 'keep.txt' } }] }, { text: 'it says old' }]);
    const { dir, home } = makeProject({ 'keep.txt': 'old\n' });
    const r = await runTack(['-p', '--output-format', 'stream-json', '--sandbox', 'off', '--base-url', s.url, '-m', 'm', 'read it'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const result = lines(r.stdout).at(-1);
    expect(result).toMatchObject({ type: 'result', schema_version: 1, sandbox: 'none', files_changed: [], permission_denials: [] });
  });

  it.runIf(probeSandbox().ok)('with bubblewrap working, sandbox is "bwrap"', async () => {
    const s = await server([{ text: 'hi' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--output-format', 'json', '--sandbox', 'on', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(lines(r.stdout)[0]).toMatchObject({ sandbox: 'bwrap' });
  });

  it('without checkpoints, the files come from edit and write calls, and the result says so', async () => {
    const s = await server([{ toolCalls: [{ id: 'w1', name: 'write', arguments: { path: 'sub/new.txt', content: 'x' } }] }, { text: 'ok' }]);
    const { dir, home } = projectWithSettings({ checkpoints: { enabled: false } });
    const r = await runTack(['-p', '--output-format', 'json', '--sandbox', 'off', '--base-url', s.url, '-m', 'm', 'write'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(lines(r.stdout)[0]).toMatchObject({ files_changed_source: 'tools', files_changed: [{ path: 'sub/new.txt', status: 'written' }] });
  });
});

const SCHEMA = JSON.stringify({
  type: 'object',
  properties: { name: { type: 'string' }, count: { type: 'integer', minimum: 0 } },
  required: ['name', 'count'],
  additionalProperties: false,
});

describe('--json-schema', { timeout: 90_000 }, () => {
  it('tells the model the schema, and returns the validated object as structured_output', async () => {
    const s = await server([{ text: '{"name": "tack", "count": 2}' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--output-format', 'json', '--json-schema', SCHEMA, '--base-url', s.url, '-m', 'm', 'count things'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(lines(r.stdout)[0]).toMatchObject({ is_error: false, structured_output: { name: 'tack', count: 2 } });
    const told = lastUserText(s.chatRequests()[0]!);
    expect(told).toContain('count things');
    expect(told).toContain(SCHEMA);
  });

  it('asks once to correct an answer that does not match, with what is wrong; text output prints the object', async () => {
    const s = await server([{ text: 'Here it is: name tack, count two' }, { text: '```json\n{"name": "tack", "count": 2}\n```' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--json-schema', SCHEMA, '--base-url', s.url, '-m', 'm', 'count things'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ name: 'tack', count: 2 });
    expect(s.chatRequests()).toHaveLength(2);
    expect(lastUserText(s.chatRequests()[1]!)).toMatch(/does not match the required JSON Schema:\n- the answer is not JSON/);
  });

  it('a model that answers non-JSON twice: exit 4, no structured_output, one line on stderr', async () => {
    const s = await server([{ text: 'I would rather not.' }, { text: 'Still no JSON, sorry.' }], { forever: { text: 'more prose' } });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--output-format', 'json', '--json-schema', SCHEMA, '--base-url', s.url, '-m', 'm', 'count'], { cwd: dir, home });
    expect(r.code).toBe(4);
    const [result] = lines(r.stdout);
    expect(result).toMatchObject({ is_error: true, stop_reason: 'invalid_structured_output', result: 'Still no JSON, sorry.' });
    expect(result).not.toHaveProperty('structured_output');
    expect(s.chatRequests()).toHaveLength(2);
    expect(r.stderr).toMatch(/^tack: the answer did not match --json-schema, even after one correction: the answer is not JSON/m);
  });

  it('JSON that breaks the schema is named by its path in the correction', async () => {
    const s = await server([{ text: '{"name": 3, "count": -1}' }, { text: '{"name": "x", "count": 1, "extra": true}' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--output-format', 'json', '--json-schema', SCHEMA, '--base-url', s.url, '-m', 'm', 'count'], { cwd: dir, home });
    expect(r.code).toBe(4);
    const correction = lastUserText(s.chatRequests()[1]!);
    expect(correction).toContain('/name must be string');
    expect(correction).toContain('/count must be >= 0');
    expect(r.stderr).toContain('must NOT have additional properties');
  });

  it('takes a schema from a file (@file)', async () => {
    const s = await server([{ text: '{"name": "a", "count": 0}' }]);
    const { dir, home } = makeProject();
    writeFileSync(join(dir, 'schema.json'), SCHEMA);
    const ok = await runTack(['-p', '--json-schema', '@schema.json', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ name: 'a', count: 0 });
  });

  it.each([
    ['{not json', /^tack: --json-schema: the schema is not JSON \(.*\); give it as a JSON string, or @file\n$/],
    ['{"type": 12}', /^tack: --json-schema: not a valid JSON Schema: .*\n$/],
    ['[1]', /^tack: --json-schema: the schema must be a JSON object/],
    ['@missing.json', /^tack: --json-schema @missing.json: the file cannot be read \(ENOENT\)\n$/],
  ])('a bad schema (%s) is a usage error in one sentence, before any request', async (schema, said) => {
    const s = await server([{ text: 'never asked' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--json-schema', schema, '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(said);
    expect(s.chatRequests()).toHaveLength(0);
  });

  it('goes with -p only', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['--json-schema', SCHEMA], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--json-schema goes with -p');
  });
});

describe('--max-budget-usd', { timeout: 90_000 }, () => {
  const priced = () => projectWithSettings({ models: { m: { prices: { input: 1, output: 1 } } } });

  it('stops the run once it has cost the budget: exit 5, stop_reason max_budget, one line on stderr', async () => {
    // $0.60 for the first answer, over a budget of $0.50: its tool call does not run, and no second request goes out
    const s = await server(
      [{ toolCalls: [{ id: 'w1', name: 'write', arguments: { path: 'a.txt', content: 'x' } }], usage: { prompt_tokens: 590_000, completion_tokens: 10_000 } }],
      { forever: { text: 'never asked' } },
    );
    const { dir, home } = priced();
    const r = await runTack(['-p', '--output-format', 'json', '--max-budget-usd', '0.5', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(5);
    expect(lines(r.stdout)[0]).toMatchObject({ is_error: true, stop_reason: 'max_budget', total_cost_usd: 0.6 });
    expect(r.stderr).toBe('tack: stopped at $0.6000, over --max-budget-usd 0.5; the task may be unfinished\n');
    expect(s.chatRequests()).toHaveLength(1);
    expect(existsSync(join(dir, 'a.txt'))).toBe(false);
  });

  it('holds with --input-format stream-json too: the run stops, stdin is no longer read, exit 5', async () => {
    const s = await server([{ text: 'expensive', usage: { prompt_tokens: 900_000, completion_tokens: 0 } }], { forever: { text: 'never asked' } });
    const { dir, home } = priced();
    const tack = spawnJsonChild(
      ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--max-budget-usd', '0.5', '--base-url', s.url, '-m', 'm'],
      {
        cwd: dir,
        home,
      },
    );
    // stdin stays open: the budget, not the end of input, ends the run
    tack.send({ type: 'user', message: { role: 'user', content: 'go' } });
    onTestFinished(() => void (tack.child.exitCode === null && tack.child.kill('SIGKILL')));
    expect(await tack.exited).toBe(5);
    expect(tack.lines.at(-1)).toMatchObject({ type: 'result', is_error: true, stop_reason: 'max_budget' });
    expect(tack.stderr()).toContain('over --max-budget-usd 0.5');
    expect(s.chatRequests()).toHaveLength(1);
  });

  it('a run under its budget ends as usual', async () => {
    const s = await server([{ text: 'cheap', usage: { prompt_tokens: 100, completion_tokens: 10 } }]);
    const { dir, home } = priced();
    const r = await runTack(['-p', '--output-format', 'json', '--max-budget-usd', '0.5', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(lines(r.stdout)[0]).toMatchObject({ is_error: false, stop_reason: 'stop' });
  });

  it('a model whose prices are unknown cannot be held to a budget; a bad amount is refused', async () => {
    const s = await server([{ text: 'never asked' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--max-budget-usd', '1', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max-budget-usd needs the model\'s prices, and those of m are unknown; set "prices" for it under "models" in the settings');
    expect(s.chatRequests()).toHaveLength(0);
    const bad = await runTack(['-p', '--max-budget-usd', '-3', 'go'], { cwd: dir, home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected an amount in US dollars above 0');
  });
});
