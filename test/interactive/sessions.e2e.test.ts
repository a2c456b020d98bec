// Sessions in a real terminal: a resumed conversation shown condensed, the picker of `tack -r`
// and /resume, /compact with its marker and summary, /new with a new session file.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../src/ai/types.js';
import { sessionsDir } from '../../src/config/paths.js';
import { sessionFileName } from '../../src/session/file/store.js';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer } from '../support/mock-openai-server.js';
import { footer, messagesOf, startApp, stopApps } from './harness.js';
import { hasTmux, inputBox } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const usage = { input: 100, output: 10, cacheRead: 0, totalTokens: 110, cost: null };
const user = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });
const said = (text: string, call?: { id: string; name: string; arguments: Record<string, unknown> }): Message => ({
  role: 'assistant',
  content: [{ type: 'text', text }, ...(call ? [{ type: 'toolCall' as const, ...call }] : [])],
  provider: 'p',
  model: 'mock-model',
  usage,
  stopReason: call ? 'toolUse' : 'stop',
  timestamp: 1,
});

/** A session file of the project, written the way tack writes one, with a compaction in it. */
function writeSession(project: { dir: string; home: string }): void {
  const dir = sessionsDir(project.home, project.dir);
  mkdirSync(dir, { recursive: true });
  const id = '11111111-2222-3333-4444-555555555555';
  const lines = [
    { type: 'session', version: 1, id, created: new Date().toISOString(), cwd: project.dir, model: 'mock-model', tack_version: '0' },
    { type: 'message', message: user('an old question nobody sees again') },
    { type: 'message', message: said('an old answer') },
    { type: 'compaction', summary: 'The user asked an old question.', tokensBefore: 100, messagesSummarized: 2, kept: [], timestamp: 1 },
    { type: 'message', message: user('what does calc.js do?') },
    { type: 'message', message: said('Let me look.', { id: 'call_1', name: 'read', arguments: { path: 'calc.js' } }) },
    {
      type: 'message',
      message: {
        role: 'toolResult',
        toolCallId: 'call_1',
        toolName: 'read',
        content: [{ type: 'text', text: 'function add(a, b) {}' }],
        isError: false,
        timestamp: 1,
      },
    },
    { type: 'message', message: said('It adds two numbers.') },
  ];
  writeFileSync(join(dir, sessionFileName(new Date(), id)), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

run('sessions in the app', () => {
  it('-c shows the earlier conversation condensed, compacted history as a marker; the next request continues it', async () => {
    const project = makeProject({ 'calc.js': 'function add(a, b) {}\n' });
    writeSession(project);
    const { term, server } = await startApp([{ text: 'Continuing from there.' }], { project, args: ['-c'] });
    let screen = await term.waitFor('It adds two numbers.', 10_000, 'the earlier conversation');
    expect(screen).toMatch(/─ 2 earlier messages compacted into a summary ─/);
    expect(screen).not.toContain('an old question');
    expect(screen).toContain('› what does calc.js do?');
    expect(screen).toContain('Let me look.');
    expect(screen).toMatch(/✓ read calc\.js/);
    expect(screen).toContain('resumed session 11111111 (6 earlier messages)');
    // above the input, in order
    expect(screen.indexOf('what does calc.js do?')).toBeLessThan(screen.indexOf('It adds two numbers.'));
    expect(screen.indexOf('It adds two numbers.')).toBeLessThan(screen.lastIndexOf('─'.repeat(20)));
    term.type('and then?');
    term.keys('Enter');
    screen = await term.waitFor('Continuing from there.');
    expect(messagesOf(server.chatRequests()[0]!.body).slice(1)).toEqual([
      expect.stringContaining('The user asked an old question.'),
      'user:what does calc.js do?',
      'assistant:Let me look.',
      'tool:function add(a, b) {}',
      'assistant:It adds two numbers.',
      'user:and then?',
    ]);
  });

  it("a resumed session's commands get the environment tack was started with (not the one Ink is loaded with)", async () => {
    const project = makeProject({ 'calc.js': 'function add(a, b) {}\n' });
    writeSession(project);
    const { term } = await startApp([{ toolCalls: [{ name: 'bash', arguments: { command: 'echo "NODE_ENV=[$NODE_ENV]"' } }] }, { text: 'printed it' }], {
      project,
      args: ['-c', '--yolo'],
      // unset: the app sets it to production while it loads React and Ink
      env: { NODE_ENV: undefined as unknown as string },
    });
    term.type('print it');
    term.keys('Enter');
    const screen = await term.waitFor('printed it');
    expect(screen).toContain('NODE_ENV=[]');
  });

  it('-r alone opens the picker: it lists the sessions, filters as you type, Enter resumes; /resume opens it in the app', async () => {
    const project = makeProject();
    const s = await startMockServer({ turns: [{ text: 'first answer' }, { text: 'second answer' }] });
    for (const prompt of ['fix the login bug', 'write tests for parser']) {
      const r = await runTack(['-p', '--base-url', s.url, '-m', 'mock-model', prompt], { cwd: project.dir, home: project.home });
      expect(r.code).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 20)); // distinct file times
    }
    await s.close();
    const { term, server } = await startApp([{ text: 'back on the login bug' }], { project, args: ['-r'], ready: 'Resume a session' });
    let screen = await term.waitFor((x) => x.includes('fix the login bug') && x.includes('write tests for parser'), 5_000, 'both sessions');
    // the size counts the system prompt the file keeps for -c; the run's note is not a turn
    expect(screen).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d {2}1 turn {5}[\d.]+ KB +write tests for parser/);
    // newest first
    expect(screen.indexOf('write tests for parser')).toBeLessThan(screen.indexOf('fix the login bug'));
    // no session id in the footer while choosing: the stand-in session's would be thrown away
    expect(footer(screen)).not.toMatch(/\b[0-9a-f]{8}$/);
    term.type('login');
    screen = await term.waitFor((x) => !x.includes('write tests for parser'), 5_000, 'the filter');
    expect(screen).toContain('fix the login bug');
    term.keys('Enter');
    // the resumed conversation, and the footer naming its session, never the stand-in's
    const dir = sessionsDir(project.home, project.dir);
    const chosen = readdirSync(dir).find((f) => f.endsWith('.jsonl') && readFileSync(join(dir, f), 'utf8').includes('fix the login bug'))!;
    const chosenId = /_([0-9a-f]{8})/.exec(chosen)![1]!;
    screen = await term.waitFor((x) => x.includes('first answer') && / · [0-9a-f]{8}$/.test(footer(x)), 5_000, 'the resumed conversation');
    expect(footer(screen)).toMatch(new RegExp(` · ${chosenId}$`));
    expect(screen).not.toContain('Resume a session');
    term.type('continue');
    term.keys('Enter');
    await term.waitFor('back on the login bug');
    expect(messagesOf(server.chatRequests()[0]!.body).slice(1)).toEqual(['user:fix the login bug', 'assistant:first answer', 'user:continue']);
    // the same picker in the app, without the open session; Esc closes it
    term.type('/resume');
    term.keys('Enter');
    screen = await term.waitFor((x) => x.includes('Esc: back') && x.includes('write tests for parser'), 5_000, 'the picker and its list');
    expect(screen.split('Resume a session')[1]).not.toContain('fix the login bug');
    term.keys('Escape');
    await term.waitFor((x) => !x.includes('Resume a session'), 5_000, 'the picker to close');
    expect(readdirSync(sessionsDir(project.home, project.dir)).filter((f) => f.endsWith('.jsonl'))).toHaveLength(2);
  });

  it('/compact shows "compacting", then a marker; the next request holds the summary and the recent messages', async () => {
    // /compact keeps the last ~2000 tokens verbatim: the second answer alone is more than that
    const { term, server } = await startApp([
      { text: `${'The parser reads tokens one by one. '.repeat(300)}END` },
      { text: `${'The lexer splits the input. '.repeat(800)}LEXER-END` },
      { text: '## Goal\n- fix the parser (SUMMARY-MARKER)', delayMs: 150, chunkSize: 4 },
      { text: 'after the compaction' },
    ]);
    term.type('explain the parser');
    term.keys('Enter');
    await term.waitFor('END');
    term.type('and the lexer?');
    term.keys('Enter');
    await term.waitFor('LEXER-END');
    term.type('/compact keep the parser details');
    term.keys('Enter');
    await term.waitFor('compacting', 5_000, 'the compacting status');
    let screen = await term.waitFor('compacted the conversation', 10_000, 'the marker');
    expect(screen).toMatch(/compacted the conversation: \d+ earlier messages? summarized \(on request\)/);
    // the conversation as the last request sent it, the instruction at the end of its last user message
    const summaryRequest = server.chatRequests()[2]!.body;
    expect(summaryRequest.messages[0]).toEqual(server.chatRequests()[1]!.body.messages[0]);
    expect(JSON.stringify(summaryRequest.messages.slice(1, -1))).toContain('explain the parser');
    expect(summaryRequest.messages.at(-1).content).toContain('and the lexer?\n\n[Compaction]');
    expect(summaryRequest.messages.at(-1).content).toContain('Pay particular attention to: keep the parser details');
    term.type('go on');
    term.keys('Enter');
    screen = await term.waitFor('after the compaction');
    const next = messagesOf(server.chatRequests()[3]!.body).slice(1);
    expect(next[0]).toContain('SUMMARY-MARKER');
    expect(next).toHaveLength(3);
    expect(next[1]).toMatch(/^assistant:The lexer splits .*LEXER-END$/s);
    expect(next[2]).toBe('user:go on');
  });

  it('/new starts a fresh conversation in a new session file', async () => {
    const { term, server, project } = await startApp([{ text: 'one' }, { text: 'two' }]);
    term.type('first conversation');
    term.keys('Enter');
    await term.waitFor('one');
    term.type('/new');
    term.keys('Enter');
    await term.waitFor('new conversation · session');
    term.type('second conversation');
    term.keys('Enter');
    await term.waitFor((x) => /^two$/m.test(x), 10_000, 'the second answer');
    expect(messagesOf(server.chatRequests()[1]!.body).slice(1)).toEqual(['user:second conversation']);
    const dir = sessionsDir(project.home, project.dir);
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    expect(files).toHaveLength(2);
    const texts = files.map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(texts.filter((t) => t.includes('first conversation') && !t.includes('second conversation'))).toHaveLength(1);
    expect(texts.filter((t) => t.includes('second conversation') && !t.includes('first conversation'))).toHaveLength(1);
    expect(inputBox(term.screen())).not.toContain('conversation');
  });
});
