import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, makeProject, runTack, spawnTack } from '../support/cli.js';
import { startMockServer, type MockServer, type RecordedRequest, type Turn } from '../support/mock-openai-server.js';
import { sessionsDir } from '../../src/config/paths.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(turns: Turn[]) {
  const s = await startMockServer({ turns });
  servers.push(s);
  return s;
}

/** What the API would reject: a tool call without its result, a result without its call, a repeated message. */
function requestProblems(body: any): string[] {
  const problems: string[] = [];
  const msgs: any[] = body.messages;
  for (let i = 0; i < msgs.length; i++) {
    const m = msgs[i];
    if (m.role === 'assistant' && m.tool_calls?.length) {
      const ids = m.tool_calls.map((c: any) => c.id);
      const following: string[] = [];
      for (let j = i + 1; j < msgs.length && msgs[j].role === 'tool'; j++) following.push(msgs[j].tool_call_id);
      for (const id of ids) if (!following.includes(id)) problems.push(`tool call ${id} has no result right after it`);
    }
    if (m.role === 'tool') {
      const owner = msgs
        .slice(0, i)
        .reverse()
        .find((x) => x.role !== 'tool');
      if (!owner?.tool_calls?.some((c: any) => c.id === m.tool_call_id)) problems.push(`result ${m.tool_call_id} has no call`);
    }
    if (i > 0 && m.role !== 'tool' && JSON.stringify(m) === JSON.stringify(msgs[i - 1])) problems.push(`message ${i} repeats the one before`);
  }
  return problems;
}

const texts = (req: RecordedRequest) => req.body.messages.map((m: any) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')));

describe('sessions in print mode', () => {
  it('saves the conversation and continues it with -c and -r <prefix>', async () => {
    const s = await server([{ text: 'The answer is 42.' }, { text: 'You asked about 42.' }, { text: 'Still 42.' }]);
    const { dir, home } = makeProject();
    const base = ['-p', '--base-url', s.url, '-m', 'mock-model'];
    let r = await runTack([...base, '--output-format', 'json', 'what is the answer?'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const id = JSON.parse(r.stdout).session_id as string;
    const files = readdirSync(sessionsDir(home, dir));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(id);
    const lines = readFileSync(join(sessionsDir(home, dir), files[0]), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'session', version: 1, id, cwd: dir, model: 'mock-model' });
    expect(
      lines
        .slice(1)
        .filter((l) => l.type === 'message')
        .map((l) => l.message.role),
      // the run's note (the date, the git state), the message, the answer
    ).toEqual(['user', 'user', 'assistant']);
    expect(lines.filter((l) => l.type === 'checkpoint')).toHaveLength(1);

    r = await runTack([...base, '-c', 'what did I ask?'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(texts(s.chatRequests()[1])).toEqual(expect.arrayContaining(['what is the answer?', 'The answer is 42.', 'what did I ask?']));

    r = await runTack([...base, '-r', id.slice(0, 6), 'and now?'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(texts(s.chatRequests()[2])).toEqual(expect.arrayContaining(['what is the answer?', 'what did I ask?', 'You asked about 42.', 'and now?']));
    expect(readdirSync(sessionsDir(home, dir))).toHaveLength(1);
  });

  it('--no-session saves nothing; --session <file> writes and continues that file', async () => {
    const s = await server([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    const { dir, home } = makeProject();
    const base = ['-p', '--base-url', s.url, '-m', 'mock-model'];
    expect((await runTack([...base, '--no-session', 'hi'], { cwd: dir, home })).code).toBe(0);
    expect(() => readdirSync(sessionsDir(home, dir))).toThrow();
    const file = join(dir, 'my-session.jsonl');
    expect((await runTack([...base, '--session', file, 'first'], { cwd: dir, home })).code).toBe(0);
    expect((await runTack([...base, '--session', file, 'second'], { cwd: dir, home })).code).toBe(0);
    expect(texts(s.chatRequests()[2])).toEqual(expect.arrayContaining(['first', 'two', 'second']));
  });

  it('-c with no earlier session says so (exit 2)', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', 'http://127.0.0.1:9/v1', '-m', 'm', '-c', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no earlier session');
  });

  it('refuses a second process on the same session, naming the one that holds it', async () => {
    // the first one's command runs until the test writes to its named pipe
    const s = await server([{ toolCalls: [{ name: 'bash', arguments: { command: 'cat go' } }] }, { text: 'done' }]);
    const { dir, home } = makeProject();
    execFileSync('mkfifo', [join(dir, 'go')]);
    const first = spawnTack(['-p', '--base-url', s.url, '-m', 'mock-model', 'wait'], { cwd: dir, home });
    const firstDone = collect(first);
    const deadline = Date.now() + 10_000;
    while (s.chatRequests().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'mock-model', '-c', 'again'], { cwd: dir, home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`pid ${first.pid}`);
    // written off the event loop: the first one may still be waiting for this process's server
    await writeFile(join(dir, 'go'), 'go\n');
    expect((await firstDone).code).toBe(0);
  });
});

describe('crash safety', () => {
  it('after kill -9 at random moments, --continue sends a valid request', { timeout: 120_000 }, async () => {
    const { dir, home } = makeProject({ 'a.txt': 'alpha\n'.repeat(50) });
    const slow: Turn[] = [
      { text: 'Let me look. '.repeat(6), toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }], delayMs: 15, chunkSize: 4 },
      {
        toolCalls: [
          { name: 'bash', arguments: { command: 'sleep 0.4; echo done' } },
          { name: 'ls', arguments: {} },
        ],
        delayMs: 10,
      },
      { text: 'All done here. '.repeat(8), delayMs: 15, chunkSize: 4 },
    ];
    for (let round = 0; round < 8; round++) {
      const s = await server([...slow]);
      const child = spawnTack(['-p', '--base-url', s.url, '-m', 'mock-model', `task ${round}`], { cwd: dir, home });
      const done = collect(child);
      // Kill somewhere in the work: streaming, a tool, between turns.
      const deadline = Date.now() + 10_000;
      while (s.chatRequests().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, Math.random() * 1500));
      child.kill('SIGKILL');
      await done;
      const check = await server([{ text: 'resumed' }]);
      const r = await runTack(['-p', '--base-url', check.url, '-m', 'mock-model', '-c', 'continue'], { cwd: dir, home });
      expect(r.stderr).not.toContain('in use by another');
      expect(r.code).toBe(0);
      const body = check.chatRequests()[0].body;
      expect(requestProblems(body)).toEqual([]);
      expect(texts(check.chatRequests()[0])).toContain(`task ${round}`);
    }
  });

  it('a line torn by kill -9 mid-write is cut aside, so the next two resumes keep every new message', async () => {
    const { dir, home } = makeProject({});
    const first = await server([{ text: 'first answer' }]);
    expect((await runTack(['-p', '--base-url', first.url, '-m', 'mock-model', 'first question'], { cwd: dir, home })).code).toBe(0);
    const name = readdirSync(sessionsDir(home, dir))[0];
    const file = join(sessionsDir(home, dir), name);
    // What a kill -9 in the middle of writing an entry leaves: a line with no end.
    const torn = '{"type":"message","message":{"role":"assistant","content":[{"type":"text","text":"half an ans';
    appendFileSync(file, torn);
    const second = await server([{ text: 'second answer' }]);
    const r2 = await runTack(['-p', '--base-url', second.url, '-m', 'mock-model', '-c', 'second question'], { cwd: dir, home });
    expect(r2.code).toBe(0);
    expect(r2.stderr).toContain('cut off by a crash');
    expect(readFileSync(`${file}.torn`, 'utf8')).toBe(`${torn}\n`);
    const third = await server([{ text: 'third answer' }]);
    const r3 = await runTack(['-p', '--base-url', third.url, '-m', 'mock-model', '-c', 'third question'], { cwd: dir, home });
    expect(r3.code).toBe(0);
    expect(r3.stderr).not.toContain('damaged');
    const sent = JSON.stringify(third.chatRequests()[0].body.messages);
    for (const text of ['first question', 'first answer', 'second question', 'second answer', 'third question']) expect(sent).toContain(text);
    expect(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .every((line) => JSON.parse(line)),
    ).toBe(true);
  });
});

describe('compaction', () => {
  function tinyWindowProject(url: string) {
    const project = makeProject({ 'big.txt': 'line of text in the big file\n'.repeat(70) });
    mkdirSync(join(project.dir, '.tack'));
    writeFileSync(
      join(project.dir, '.tack', 'config.json'),
      JSON.stringify({
        provider: 'local',
        model: 'tiny',
        providers: { local: { baseUrl: url, models: [{ id: 'tiny', contextWindow: 4000 }] } },
        compaction: { reserveTokens: 1000 },
      }),
    );
    return project;
  }
  const isSummaryRequest = (req: RecordedRequest) => JSON.stringify(req.body.messages.at(-1)).includes('[Compaction]');

  it('compacts between turns of a long tool loop and continues with the summary and recent messages', async () => {
    // Different offsets: three identical calls in a row would (rightly) stop the run as a loop.
    const read = (offset: number): Turn => ({ toolCalls: [{ name: 'read', arguments: { path: 'big.txt', offset } }] });
    const s = await server([
      { ...read(1), usage: { prompt_tokens: 800, completion_tokens: 10 } },
      { ...read(2), usage: { prompt_tokens: 1400, completion_tokens: 10 } },
      { ...read(3), usage: { prompt_tokens: 2000, completion_tokens: 10 } },
      // over the threshold: 3,200 (a fifth of the 4,000 window is kept free for the answer)
      { ...read(4), usage: { prompt_tokens: 3300, completion_tokens: 10 } },
      (req) => (isSummaryRequest(req) ? { text: 'SUMMARY: read big.txt four times; goal is to count lines.' } : { text: 'unexpected: no summary request' }),
      { text: 'There are 70 lines.', usage: { prompt_tokens: 900, completion_tokens: 5 } },
    ]);
    const { dir, home } = tinyWindowProject(s.url);
    const r = await runTack(['-p', '--trust', '--output-format', 'stream-json', 'count the lines of big.txt'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).toContain('compaction_start');
    expect(events.find((e) => e.type === 'compaction_end')).toMatchObject({ reason: 'threshold' });
    expect(events.at(-1)).toMatchObject({ type: 'result', result: 'There are 70 lines.' });

    const reqs = s.chatRequests();
    const summaryReq = reqs.find(isSummaryRequest)!;
    expect(summaryReq).toBeDefined();
    // the conversation as the last request sent it, then the instruction
    for (const part of ['## Goal', '## Next steps', 'verbatim']) expect(JSON.stringify(summaryReq.body.messages.at(-1))).toContain(part);
    expect(summaryReq.body.messages[0]).toEqual(reqs[reqs.indexOf(summaryReq) - 1]!.body.messages[0]);
    expect(JSON.stringify(summaryReq.body.messages.slice(1, -1))).toContain('count the lines of big.txt');
    const after = reqs.at(-1)!;
    const sent = texts(after).join('\n');
    expect(sent).toContain('SUMMARY: read big.txt four times');
    expect(sent).not.toContain('count the lines of big.txt');
    expect(after.body.messages.some((m: any) => m.role === 'tool')).toBe(true);
    expect(requestProblems(after.body)).toEqual([]);

    // The session file holds the compaction; a continued run starts from the summary.
    const file = readdirSync(sessionsDir(home, dir))[0];
    const lines = readFileSync(join(sessionsDir(home, dir), file), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.some((l) => l.type === 'compaction' && l.summary.startsWith('SUMMARY'))).toBe(true);
  });

  it('answers a context-overflow error by compacting once and retrying', async () => {
    const overflow: Turn = {
      status: 400,
      body: {
        error: {
          message: "This model's maximum context length is 4000 tokens. However, your messages resulted in 5210 tokens.",
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
        },
      },
    };
    const s = await server([
      { toolCalls: [{ name: 'read', arguments: { path: 'big.txt' } }], usage: { prompt_tokens: 100, completion_tokens: 10 } },
      { toolCalls: [{ name: 'read', arguments: { path: 'big.txt' } }], usage: { prompt_tokens: 200, completion_tokens: 10 } },
      overflow,
      (req) => (isSummaryRequest(req) ? { text: 'SUMMARY after overflow' } : { text: 'unexpected' }),
      { text: 'Recovered.' },
    ]);
    const { dir, home } = tinyWindowProject(s.url);
    const r = await runTack(['-p', '--trust', 'read big.txt twice'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Recovered.\n');
    expect(texts(s.chatRequests().at(-1)!).join('\n')).toContain('SUMMARY after overflow');
  });
});
