// Streams shaped as real servers shape them, through the built `tack -p` against the scripted
// server: Mistral's content parts and OpenRouter's reasoning_details, what the user sees, what the
// session keeps, and what goes back to the server on the next request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionsDir } from '../../src/config/paths.js';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';
import { recordedChunks } from '../support/stream-fixtures.js';

const serve = scriptedServers();

const chunk = (delta: object, finish: string | null = null) => ({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });

/** A project whose settings point a built-in provider at the scripted server. */
function project(provider: string, url: string, files: Record<string, string> = {}) {
  const p = makeProject(files);
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ providers: { [provider]: { baseUrl: url } } }));
  return p;
}

function sessionMessages(home: string, dir: string): any[] {
  const folder = sessionsDir(home, dir);
  const [file] = readdirSync(folder);
  return readFileSync(join(folder, file!), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((e) => e.type === 'message')
    .map((e) => e.message);
}

describe('Mistral: content as a list of parts', () => {
  it('prints the answer of a recorded Magistral stream, never [object Object], and streams its thinking as thinking', async () => {
    const s = await serve([
      { rawChunks: recordedChunks('mistral-magistral-reasoning.chunks.jsonl') },
      { rawChunks: recordedChunks('mistral-magistral-reasoning.chunks.jsonl') },
    ]);
    const { dir, home } = project('mistral', s.url);
    const env = { MISTRAL_API_KEY: 'mi-key' };
    const text = await runTack(['-p', '--model', 'mistral/magistral-medium-2507', 'what is 2+2?'], { cwd: dir, home, env });
    expect(text.stderr).toBe('');
    expect(text.stdout).toBe('2 + 2 = 4\n');

    const json = await runTack(['-p', '--output-format', 'stream-json', '--model', 'mistral/magistral-medium-2507', 'again'], { cwd: dir, home, env });
    expect(json.code).toBe(0);
    const deltas = json.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((o) => o.type === 'message_update');
    const joined = (type: string) =>
      deltas
        .filter((u) => u.delta.type === type)
        .map((u) => u.delta.delta)
        .join('');
    expect(joined('thinking_delta')).toBe('The user is asking for 2+2. This is basic arithmetic. 2+2=4.');
    expect(joined('text_delta')).toBe('2 + 2 = 4');
    expect(json.stdout).not.toContain('[object Object]');
  });
});

// Hand-written from OpenRouter's documentation of reasoning_details (no public recording found):
// Claude behind OpenRouter thinks (signed) and calls a tool; the answer after the tool result.
const OPENROUTER_TOOL_TURN = [
  chunk({
    role: 'assistant',
    content: '',
    reasoning: 'The notes ',
    reasoning_details: [{ type: 'reasoning.text', text: 'The notes ', format: 'anthropic-claude-v1', index: 0 }],
  }),
  chunk({ reasoning: 'hold it.', reasoning_details: [{ type: 'reasoning.text', text: 'hold it.', format: 'anthropic-claude-v1', index: 0 }] }),
  chunk({ reasoning_details: [{ type: 'reasoning.text', signature: 'ErUBCkYIBxgCIkD', format: 'anthropic-claude-v1', index: 0 }] }),
  chunk({ reasoning_details: [{ type: 'reasoning.encrypted', data: 'c2VjcmV0IHJlYXNvbmluZw==', id: 'rd_1', format: 'anthropic-claude-v1', index: 1 }] }),
  chunk({ tool_calls: [{ index: 0, id: 'toolu_01', type: 'function', function: { name: 'read', arguments: '{"path":"notes.txt"}' } }] }),
  chunk({}, 'tool_calls'),
];
const OPENROUTER_ANSWER_TURN = [
  chunk({ role: 'assistant', content: '', reasoning_details: [{ type: 'reasoning.summary', summary: 'Found it.', format: 'openai-responses-v1', index: 0 }] }),
  chunk({ content: 'The code is 7.' }),
  chunk({}, 'stop'),
];

describe('OpenRouter: reasoning_details', () => {
  it('shows the thinking, keeps signed and encrypted items in the session, and sends them back with the tool call', async () => {
    const s = await serve([{ rawChunks: OPENROUTER_TOOL_TURN }, { rawChunks: OPENROUTER_ANSWER_TURN }]);
    const { dir, home } = project('openrouter', s.url, { 'notes.txt': 'code: 7\n' });
    const r = await runTack(['-p', '--output-format', 'stream-json', '--model', 'openrouter/anthropic/claude-sonnet-4.5', 'what is the code?'], {
      cwd: dir,
      home,
      env: { OPENROUTER_API_KEY: 'or-key' },
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const objects = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const thinking = objects.filter((o) => o.type === 'message_update' && o.delta.type === 'thinking_delta').map((o) => o.delta.delta);
    expect(thinking.join('|')).toBe('The notes |hold it.|Found it.');
    expect(objects.at(-1)).toMatchObject({ type: 'result', is_error: false, result: 'The code is 7.' });

    const second = s.chatRequests()[1]!.body;
    const assistant = second.messages.find((m: any) => m.role === 'assistant');
    expect(assistant.reasoning_details).toEqual([
      { type: 'reasoning.text', text: 'The notes hold it.', signature: 'ErUBCkYIBxgCIkD', format: 'anthropic-claude-v1', index: 0 },
      { type: 'reasoning.encrypted', data: 'c2VjcmV0IHJlYXNvbmluZw==', id: 'rd_1', format: 'anthropic-claude-v1', index: 1 },
    ]);
    expect(assistant.reasoning).toBeUndefined();
    expect(assistant.tool_calls).toEqual([{ id: 'toolu_01', type: 'function', function: { name: 'read', arguments: '{"path":"notes.txt"}' } }]);

    const saved = sessionMessages(home, dir).filter((m) => m.role === 'assistant');
    expect(saved[0].content.slice(0, 2)).toEqual([
      {
        type: 'thinking',
        thinking: 'The notes hold it.',
        format: 'reasoning_details',
        sealed: { signature: 'ErUBCkYIBxgCIkD', scheme: 'anthropic-claude-v1' },
      },
      {
        type: 'thinking',
        thinking: '',
        format: 'reasoning_details',
        sealed: { id: 'rd_1', encrypted: 'c2VjcmV0IHJlYXNvbmluZw==', scheme: 'anthropic-claude-v1' },
      },
    ]);
    expect(saved[1].content[0]).toMatchObject({ type: 'thinking', thinking: 'Found it.', summary: true });
  });

  it('prints only the answer in text mode when the thinking comes only as details (Snowflake Cortex)', async () => {
    const s = await serve([
      {
        rawChunks: [
          chunk({ role: 'assistant', reasoning_details: [{ type: 'reasoning.text', text: 'Easy.' }] }),
          chunk({ content: 'Four.' }),
          chunk({}, 'stop'),
        ],
      },
    ]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'claude-sonnet-4-5', '2+2?'], { cwd: dir, home });
    expect(r.stdout).toBe('Four.\n');
    expect(sessionMessages(home, dir).find((m) => m.role === 'assistant').content[0]).toEqual({
      type: 'thinking',
      thinking: 'Easy.',
      format: 'reasoning_details',
    });
  });
});
