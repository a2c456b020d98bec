// OpenAI's reasoning models over the Responses API, through the built `tack -p` against the
// scripted server: chosen by default for the `openai` provider's reasoning models, a tool loop
// whose second request carries the first answer's encrypted reasoning, a 429 and a dropped stream
// survived, and the per-provider `api` setting.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const serve = scriptedServers();

/** A project whose settings point `provider` at the scripted server, with fast retries. */
function project(settings: object, files: Record<string, string> = {}) {
  const p = makeProject(files);
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ retry: { baseDelayMs: 10, maxDelayMs: 20 }, ...settings }));
  return p;
}

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('the openai provider: reasoning models answer over the Responses API', () => {
  it('runs a tool loop through a 429 and a dropped stream, showing summaries as thinking and sending the encrypted reasoning back', async () => {
    const s = await serve([
      { status: 429, headers: { 'retry-after-ms': '10' } },
      { drop: true, afterText: 'I will rea' },
      {
        reasoning: 'The code is in notes.txt.',
        encryptedReasoning: 'gAAAAB-first',
        toolCalls: [{ id: 'call_r', name: 'read', arguments: { path: 'notes.txt' } }],
      },
      {
        reasoning: 'It says 7.',
        encryptedReasoning: 'gAAAAB-second',
        text: 'The code is 7.',
        usage: { prompt_tokens: 300, completion_tokens: 40, cached_tokens: 200 },
      },
    ]);
    const { dir, home } = project({ providers: { openai: { baseUrl: s.url } } }, { 'notes.txt': 'code: 7\n' });
    const r = await runTack(['-p', '--output-format', 'stream-json', '-m', 'gpt-5', 'what is the code?'], {
      cwd: dir,
      home,
      env: { OPENAI_API_KEY: 'sk-test' },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(s.chatRequests()).toHaveLength(0);
    const objects = lines(r.stdout);
    expect(objects.filter((o) => o.type === 'retry').map((o) => o.reason)).toEqual(['rate limited (429)', 'connection dropped']);
    const thinking = objects.filter((o) => o.type === 'message_update' && o.delta.type === 'thinking_delta').map((o) => o.delta.delta);
    expect(thinking.join('')).toBe('The code is in notes.txt.It says 7.');
    expect(objects.at(-1)).toMatchObject({ type: 'result', is_error: false, result: 'The code is 7.', num_turns: 2 });

    const requests = s.responsesRequests();
    expect(requests).toHaveLength(4);
    expect(requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(requests[0]!.body).toMatchObject({ model: 'gpt-5', store: false, include: ['reasoning.encrypted_content'], reasoning: { summary: 'auto' } });
    const items = requests[3]!.body.input.filter((i: { role?: string }) => i.role !== 'user');
    expect(items).toEqual([
      { type: 'reasoning', summary: [{ type: 'summary_text', text: 'The code is in notes.txt.' }], encrypted_content: 'gAAAAB-first' },
      { type: 'function_call', call_id: 'call_r', name: 'read', arguments: '{"path":"notes.txt"}' },
      { type: 'function_call_output', call_id: 'call_r', output: expect.stringContaining('code: 7') },
    ]);
  });

  it('keeps Chat Completions for models not known to reason, and when the settings say "api": "chat"', async () => {
    const s = await serve([{ text: 'from chat' }, { text: 'chat again' }]);
    const { dir, home } = project({ providers: { openai: { baseUrl: s.url } } });
    const env = { OPENAI_API_KEY: 'sk-test' };
    let r = await runTack(['-p', '-m', 'gpt-4.1', 'hi'], { cwd: dir, home, env });
    expect(r.stdout).toBe('from chat\n');
    writeFileSync(join(home, 'config.json'), JSON.stringify({ providers: { openai: { baseUrl: s.url, api: 'chat' } } }));
    r = await runTack(['-p', '-m', 'gpt-5', 'hi'], { cwd: dir, home, env });
    expect(r.stdout).toBe('chat again\n');
    expect(s.responsesRequests()).toHaveLength(0);
    expect(s.chatRequests()).toHaveLength(2);
  });

  it('uses the Responses API for any provider whose settings say "api": "responses"', async () => {
    const s = await serve([{ reasoning: 'Short.', text: 'Hi from Responses.' }]);
    const { dir, home } = project({
      providers: { azure: { baseUrl: s.url, api: 'responses', models: [{ id: 'o4-mini', reasoning: true }] } },
      provider: 'azure',
    });
    const r = await runTack(['-p', '-m', 'o4-mini', 'hi'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('Hi from Responses.\n');
    expect(s.responsesRequests()[0]!.body).toMatchObject({ model: 'o4-mini', reasoning: { summary: 'auto' } });
  });
});
