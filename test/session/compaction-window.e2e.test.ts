// Compaction on a 32k window, against a server that counts its prompts (a token per 3.2 characters, so
// characters / 4 would undercount): a long reading task compacts a few times, never twice in a row; each
// summary request is the conversation as the last request sent it (same system prompt, tools and
// messages) plus the instruction, so a prompt cache serves all but that; and each compaction lands
// the conversation well under the threshold.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import type { RecordedRequest, Turn } from '../support/mock-openai-server.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
const WINDOW = 32_768;
const READS = 18;

/** The server's count of a request: everything it was sent, a token per 3.2 characters. */
const promptTokens = (req: RecordedRequest) => Math.ceil((JSON.stringify(req.body.messages).length + JSON.stringify(req.body.tools ?? []).length) / 3.2);
const isSummaryRequest = (req: RecordedRequest) => {
  const last = req.body.messages.at(-1);
  return last?.role === 'user' && typeof last.content === 'string' && last.content.startsWith('[Compaction]');
};

/** A source file of about 10 KB (about 3k tokens by this server's count), different for each n. */
function sourceFile(n: number): string {
  let s = '';
  for (let i = 0; s.length < 10_000; i++)
    s += `export function step${n}_${i}(value: number): number {\n  return value * ${n + i} + ${i % 7}; // step ${i} of file ${n}\n}\n`;
  return s;
}

describe('compaction on a 32k window', () => {
  it('reads 18 big files with at most 3 summary requests, each the last prompt plus the instruction', { timeout: 120_000 }, async () => {
    let read = 0;
    const answer = (req: RecordedRequest): Turn => {
      const usage = { prompt_tokens: promptTokens(req), completion_tokens: 20 };
      if (isSummaryRequest(req)) return { text: `SUMMARY: files f00 to f${String(read - 1).padStart(2, '0')} read so far.`, usage };
      if (read === READS) return { text: 'all read', usage };
      const path = `f${String(read++).padStart(2, '0')}.ts`;
      return { toolCalls: [{ name: 'read', arguments: { path } }], usage };
    };
    const s = await server([], { forever: answer });
    const files = Object.fromEntries(Array.from({ length: READS }, (_, n) => [`f${String(n).padStart(2, '0')}.ts`, sourceFile(n)]));
    const p = makeProject(files);
    writeFileSync(
      join(p.home, 'config.json'),
      JSON.stringify({ provider: 'local', model: 'w32', providers: { local: { baseUrl: s.url, models: [{ id: 'w32', contextWindow: WINDOW }] } } }),
    );
    const r = await runTack(['-p', '--trust', '--no-session', '--max-turns', '60', 'read f00.ts to f17.ts, one at a time'], { cwd: p.dir, home: p.home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('all read\n');

    const reqs = s.chatRequests();
    const summaries = reqs.flatMap((req, i) => (isSummaryRequest(req) ? [i] : []));
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    expect(summaries.length).toBeLessThanOrEqual(3);
    for (const [k, i] of summaries.entries()) {
      const summary = reqs[i]!.body;
      const last = reqs[i - 1]!.body;
      // the prompt the server has cached: same tools, same system prompt, the same messages up to the
      // part kept verbatim; then one message, the instruction
      expect(summary.tools).toEqual(last.tools);
      const shared = summary.messages.length - 1;
      expect(shared).toBeGreaterThan(1);
      expect(shared).toBeLessThanOrEqual(last.messages.length);
      expect(summary.messages.slice(0, shared)).toEqual(last.messages.slice(0, shared));
      expect(summary.messages[0]).toMatchObject({ role: 'system' });
      // the compacted conversation is well under the threshold: room to grow before the next
      const after = reqs[i + 1]!;
      expect(JSON.stringify(after.body.messages)).toContain('SUMMARY: files f00');
      expect(promptTokens(after)).toBeLessThan(0.5 * WINDOW);
      // never two compactions without several reads between them
      if (k > 0) expect(i - summaries[k - 1]!).toBeGreaterThan(3);
    }
    // no request was larger than the window
    for (const req of reqs) expect(promptTokens(req)).toBeLessThan(WINDOW);
  });
});
