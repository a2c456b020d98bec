// Print mode's result says how much of the input the servers' prompt caches served, summed over the
// run's requests, whatever shape each server reported it in; stream-json says it per answer too.
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
});

const base = { id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm' };
const chunk = (delta: object, finish: string | null = null, extra: object = {}) => ({
  ...base,
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...extra,
});

/** A tool call, then the answer: llama.cpp's timings beside the first usage, DeepSeek's count in the second. */
const TURNS = [
  {
    rawChunks: [
      chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'r1', type: 'function', function: { name: 'read', arguments: '{"path":"a.txt"}' } }] }),
      chunk({}, 'tool_calls', { timings: { cache_n: 3000, prompt_n: 200, predicted_n: 9 } }),
      { ...base, choices: [], usage: { prompt_tokens: 3200, completion_tokens: 9, total_tokens: 3209 } },
    ],
  },
  {
    rawChunks: [
      chunk({ role: 'assistant', content: 'a.txt says hello' }),
      chunk({}, 'stop'),
      {
        ...base,
        choices: [],
        usage: { prompt_tokens: 3300, completion_tokens: 5, total_tokens: 3305, prompt_cache_hit_tokens: 3100, prompt_cache_miss_tokens: 200 },
      },
    ],
  },
];

async function runWith(format: 'json' | 'stream-json') {
  server = await startMockServer({ turns: structuredClone(TURNS) });
  const { dir, home } = makeProject({ 'a.txt': 'hello\n' });
  const r = await runTack(['-p', '--output-format', format, '--base-url', server.url, '-m', 'm', 'what does a.txt say?'], { cwd: dir, home });
  expect(r.code).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('print mode: cached input tokens', () => {
  it('--output-format json: the result sums what every request had from the cache', async () => {
    const [result] = await runWith('json');
    expect(result).toMatchObject({ type: 'result', num_turns: 2, usage: { input_tokens: 6500, output_tokens: 14, cached_input_tokens: 6100 } });
  });

  it('--output-format stream-json: each answer carries its own, and the last line the sum', async () => {
    const lines = await runWith('stream-json');
    const answers = lines.filter((l) => l.type === 'message_end' && l.message.role === 'assistant');
    expect(answers.map((l) => l.message.usage.cacheRead)).toEqual([3000, 3100]);
    expect(lines.at(-1)).toMatchObject({ type: 'result', usage: { input_tokens: 6500, cached_input_tokens: 6100 } });
  });
});
