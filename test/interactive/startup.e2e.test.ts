// Keys typed while tack starts: nothing is lost, Enter included.
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { messagesOf } from './harness.js';
import { Term, hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;

let server: MockServer | undefined;
let term: Term | undefined;
afterEach(async () => {
  term?.kill();
  await server?.close();
  term = server = undefined;
});

run('typeahead', () => {
  // Typed at once after launch: before raw mode (cooked, Enter arrives as \n) or while the app loads.
  it.each([0, 150])('"hello there" and Enter typed %i ms after launch are sent', async (delay) => {
    server = await startMockServer({ turns: [{ text: 'typeahead answered' }] });
    const project = makeProject();
    term = Term.start({ args: ['--base-url', server.url, '-m', 'mock-model'], cwd: project.dir, home: project.home });
    await new Promise((r) => setTimeout(r, delay));
    term.type('hello there');
    term.keys('Enter');
    await term.waitFor('typeahead answered', 15_000, 'the answer');
    expect(messagesOf(server.chatRequests()[0]!.body).at(-1)).toBe('user:hello there');
  });
});
