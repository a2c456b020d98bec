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

run('start-up notice', () => {
  it('names the credential-shaped variables commands will not see, and a command indeed does not see them', async () => {
    const turns = [{ toolCalls: [{ name: 'bash', arguments: { command: 'echo "db=[$DATABASE_URL]"' } }] }, { text: 'checked the variable' }];
    server = await startMockServer({ turns });
    const project = makeProject();
    term = Term.start({
      args: ['--base-url', server.url, '-m', 'mock-model', '--approval', 'yolo'],
      cwd: project.dir,
      home: project.home,
      env: { DATABASE_URL: 'postgres://app:hunter2@db:5432/app' },
    });
    const first = await term.waitFor('which look like credentials', 15_000, 'the notice');
    expect(first.replace(/\s+/g, ' ')).toContain('commands run without DATABASE_URL (a URL with a password)');
    expect(first).not.toContain('hunter2');
    term.type('check it');
    term.keys('Enter');
    await term.waitFor('checked the variable', 15_000, 'the answer');
    expect(JSON.stringify(server.chatRequests()[1]!.body.messages)).toContain('db=[]');
  });
});
