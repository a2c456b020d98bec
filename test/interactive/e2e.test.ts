// tack in a real terminal (tmux) against the scripted server: what a person sees and types.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer, type Turn } from '../support/mock-openai-server.js';
import { makeProject } from '../support/cli.js';
import { Term, hasTmux, inputBox } from './tmux.js';
import { APP_READY, footer, messagesOf } from './harness.js';

const run = hasTmux() ? describe : describe.skip;

let server: MockServer | undefined;
let term: Term | undefined;

afterEach(async () => {
  term?.kill();
  term = undefined;
  await server?.close();
  server = undefined;
});

/** A bash call that runs until the test releases it: `cat` waits on a named pipe for a writer. */
const SLOW_TOOL = 'cat go; echo slept-well';
/** Makes the pipe in `dir`; the returned function lets the tool end (its write waits, off the event loop, for the tool to read). */
function holdTool(dir: string): () => Promise<void> {
  execFileSync('mkfifo', [join(dir, 'go')]);
  return () => writeFile(join(dir, 'go'), 'go\n');
}

async function start(turns: Turn[], args: string[] = [], files: Record<string, string> = {}) {
  server = await startMockServer({ turns });
  const project = makeProject(files);
  term = Term.start({ args: ['--base-url', server.url, '-m', 'mock-model', ...args], cwd: project.dir, home: project.home });
  await term.waitFor(APP_READY, 15_000, 'the first screen');
  return { server, term, project };
}

run('interactive mode in a terminal', () => {
  it('streams the answer and shows tool output', async () => {
    const { term, server } = await start([
      { toolCalls: [{ name: 'bash', arguments: { command: 'echo tool-output-marker; echo second-line' } }] },
      { text: 'The command printed **two lines**.\n\n- first point\n- second point\n\nAll done here.', delayMs: 2, chunkSize: 6 },
    ]);
    term.type('run the echo');
    term.keys('Enter');
    const screen = await term.waitFor('All done here.');
    expect(screen).toContain('› run the echo');
    expect(screen).toMatch(/✓ bash echo tool-output-marker; echo second-line/);
    expect(screen).toContain('tool-output-marker');
    expect(screen).toContain('The command printed two lines.'); // markdown rendered, not raw
    expect(screen).toContain('• first point');
    expect(screen).toMatch(/\n\d+% of 128k · ↑~?\d/);
    expect(footer(screen)).not.toContain('mock-model');
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('delivers a correction typed while a slow bash tool runs after its result, before the next model call', async () => {
    const { term, server, project } = await start([{ toolCalls: [{ name: 'bash', arguments: { command: SLOW_TOOL } }] }, { text: 'Understood, port 8080.' }]);
    const release = holdTool(project.dir);
    term.type('start the server');
    term.keys('Enter');
    await term.waitFor(`○ bash ${SLOW_TOOL}`, 10_000, 'the running tool');
    term.type('use port 8080');
    term.keys('Enter');
    await term.waitFor('↳ steer: use port 8080', 5_000);
    expect(server.chatRequests()).toHaveLength(1);
    await release();
    const screen = await term.waitFor('Understood, port 8080.');
    expect(screen).not.toContain('↳ steer');
    const requests = server.chatRequests();
    expect(requests).toHaveLength(2);
    const second = messagesOf(requests[1]!.body);
    expect(second.slice(1)).toEqual(['user:start the server', 'assistant:tool_calls', expect.stringMatching(/^tool:.*slept-well/s), 'user:use port 8080']);
    // on screen too: the correction appears after the tool, where the model saw it
    expect(screen.indexOf('› use port 8080')).toBeGreaterThan(screen.indexOf(`✓ bash ${SLOW_TOOL}`));
  });

  it('an Enter arriving in one read with the next typed words still steers (no paste guess)', async () => {
    const { term, server, project } = await start([{ toolCalls: [{ name: 'bash', arguments: { command: SLOW_TOOL } }] }, { text: 'Steered right.' }]);
    const release = holdTool(project.dir);
    term.type('start the server');
    term.keys('Enter');
    await term.waitFor(`○ bash ${SLOW_TOOL}`, 10_000, 'the running tool');
    // one write to the terminal: the correction, Enter, and the start of the next words
    term.type('first correction\rsecond');
    const queued = await term.waitFor('↳ steer: first correction', 5_000);
    expect(queued).not.toContain('follow-up');
    expect(inputBox(queued)).toContain('second');
    await release();
    await term.waitFor('Steered right.', 15_000);
    const second = messagesOf(server.chatRequests()[1]!.body);
    expect(second.slice(1)).toEqual(['user:start the server', 'assistant:tool_calls', expect.stringMatching(/^tool:.*slept-well/s), 'user:first correction']);
  });

  it('delivers an Alt+Enter follow-up only after the answer it was typed during', async () => {
    const answer = `${'slow answer words '.repeat(40)}END`;
    const { term, server } = await start([{ text: answer, delayMs: 40, chunkSize: 8 }, { text: 'follow-up answered' }]);
    term.type('explain');
    term.keys('Enter');
    await term.waitFor('slow answer words', 10_000);
    term.type('and then this');
    term.keys('M-Enter');
    await term.waitFor('↳ follow-up: and then this', 5_000);
    expect(server.chatRequests()).toHaveLength(1);
    await term.waitFor('follow-up answered', 15_000);
    const requests = server.chatRequests();
    expect(requests).toHaveLength(2);
    expect(messagesOf(requests[1]!.body).slice(1)).toEqual(['user:explain', `assistant:${answer}`, 'user:and then this']);
  });

  it('Esc interrupts and puts the queued messages back into the input', async () => {
    const { term, server } = await start([{ text: 'word '.repeat(400), delayMs: 25, chunkSize: 5 }, { text: 'after the stop' }]);
    term.type('talk a lot');
    term.keys('Enter');
    await term.waitFor('word word', 10_000);
    term.type('first correction');
    term.keys('Enter');
    term.type('second thing');
    term.keys('M-Enter');
    await term.waitFor((s) => s.includes('↳ steer: first correction') && s.includes('↳ follow-up: second thing'), 5_000);
    term.keys('Escape');
    const screen = await term.waitFor(
      (s) => inputBox(s).includes('second thing') && s.includes('interrupted') && !s.includes('↳'),
      5_000,
      'the queue back in the input and the run stopped',
    );
    const box = inputBox(screen);
    expect(box).toContain('first correction');
    expect(box.indexOf('first correction')).toBeLessThan(box.indexOf('second thing'));
    expect(screen).not.toMatch(/responding|Esc to interrupt/);
    // the next request is the one Enter sends now, with both: the interrupt sent nothing of its own
    term.keys('Enter');
    await term.waitFor('after the stop', 10_000, 'the answer to the queue sent');
    const requests = server.chatRequests();
    expect(requests).toHaveLength(2);
    expect(messagesOf(requests[1]!.body).at(-1)).toBe('user:first correction\nsecond thing');
  });

  it('a pasted multi-line text does not submit; a long paste shows as a placeholder and is sent whole', async () => {
    const { term, server } = await start([{ text: 'got your paste' }]);
    term.paste('line one\nline two\nline three');
    await term.waitFor((s) => inputBox(s).includes('line three'), 5_000, 'the paste in the input');
    let box = inputBox(term.screen());
    expect(box).toContain('line one');
    expect(box).toContain('line two');
    // a newline of the paste that submitted would have sent its first line alone, as the first request
    expect(server.chatRequests()).toHaveLength(0);
    const long = Array.from({ length: 30 }, (_, i) => `row ${i + 1}`).join('\n');
    term.keys('Enter'); // a newline of our own between the two pastes would also do; Enter sends
    await term.waitFor('got your paste');
    expect(server.chatRequests()).toHaveLength(1);
    expect(messagesOf(server.chatRequests()[0]!.body).at(-1)).toBe('user:line one\nline two\nline three');
    server.push({ text: 'got the long one' });
    term.paste(long);
    await term.waitFor('[pasted 30 lines]', 5_000);
    box = inputBox(term.screen());
    expect(box).not.toContain('row 2');
    term.keys('Enter');
    await term.waitFor('got the long one');
    expect(messagesOf(server.chatRequests()[1]!.body).at(-1)).toBe(`user:${long}`);
  });

  it('an unknown command gets an inline error and no model call; Ctrl+C twice exits 0 with the terminal restored', async () => {
    const { term, server } = await start([]);
    term.type('/frobnicate');
    term.keys('Enter');
    await term.waitFor('unknown command /frobnicate');
    expect(server.chatRequests()).toHaveLength(0);
    term.keys('C-c');
    await term.waitFor('press Ctrl+C again to quit');
    term.keys('C-c');
    const screen = await term.waitFor('TTY:', 5_000, 'tack to exit');
    expect(screen).toContain('EXIT:0');
    expect(screen).toMatch(/^TTY:icanon$/m);
    // the transcript stays in the main screen buffer after exit
    expect(screen).toContain('unknown command /frobnicate');
  });
});
