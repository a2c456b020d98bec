// MCP in a real terminal: `/mcp` is a panel of the servers (state, tool count; a server's tools and
// log), reconnects one; an MCP call asks in ask mode, labelled with its server; server stderr never reaches the screen.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { EVERYTHING, PATIENT, TEST_SERVER } from '../support/mcp.js';
import { startApp, stopApps, toolResults } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

function projectWithServers() {
  const project = makeProject();
  writeFileSync(
    join(project.home, 'config.json'),
    JSON.stringify({
      mcp: PATIENT,
      mcpServers: {
        t: TEST_SERVER,
        broken: { command: process.execPath, args: ['-e', 'console.error("broken: no database at db.invalid"); process.exit(7)'] },
      },
    }),
  );
  return project;
}

run('MCP in the app', () => {
  it("/mcp is a panel: servers with state and tool count; Enter shows one server's tools and log, Esc goes back, then closes; r reconnects", async () => {
    const { term } = await startApp([], { project: projectWithServers() });
    term.type('/mcp');
    term.keys('Enter');
    let screen = await term.waitFor('MCP servers (2)', 10_000, '/mcp');
    expect(screen).toMatch(/› broken\s+stdio\s+failed/);
    expect(screen).toMatch(/ t\s+stdio\s+ready · \d+ tools/);
    expect(screen).toContain('the server exited during start-up (its last words: broken: no database at db.invalid)');
    // the list holds no tool names or log: Enter on a server shows them
    expect(screen).not.toContain('t:echo');
    term.keys('Enter');
    screen = await term.waitFor('mcp-broken.log', 5_000, "broken's log");
    expect(screen).toContain('broken: no database at db.invalid');
    term.keys('Escape');
    await term.waitFor('MCP servers (2)', 5_000, 'back to the list');
    term.keys('Down');
    term.keys('Enter');
    screen = await term.waitFor('Tools (', 5_000, "t's tools");
    expect(screen).toContain('t:echo  Echoes the message back.');
    expect(screen).toContain('mcp-t.log');
    term.type('r');
    screen = await term.waitFor(/reconnected t: \d+ tools/, 10_000, 'the reconnect');
    term.keys('Escape');
    await term.waitFor('MCP servers (2)', 5_000, 'back to the list');
    term.keys('Escape');
    screen = await term.waitFor((x) => !x.includes('MCP servers (2)'), 5_000, 'the panel closed');
    // nothing of the panel was left in the transcript, and the servers' stderr went to their logs only
    expect(term.history()).not.toContain('Tools (');
    expect(screen).not.toContain('test server');
    term.type('/mcp reconnect t');
    term.keys('Enter');
    await term.waitFor(/reconnected t: \d+ tools/, 10_000, 'the reconnect command');
  });

  it('no silent wait: /mcp and the first prompt say which servers they wait for while one is starting', async () => {
    const project = makeProject();
    // a server that never answers its initialize request: it stays "starting"
    const silent = { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] };
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ mcp: { startupWaitSeconds: 4 }, mcpServers: { silent } }));
    const { term } = await startApp([{ text: 'answered without it' }], { project });
    term.type('/mcp');
    term.keys('Enter');
    const waiting = await term.waitFor('waiting up to 4 s for 1 MCP server to start (silent)', 5_000, 'the /mcp wait notice');
    expect(waiting).not.toContain('MCP servers (1)');
    await term.waitFor('MCP servers (1)', 10_000, 'the list after the wait');
    term.keys('Escape');
    // an Escape read together with the next letters is Alt+letter to a terminal: type once the panel is gone
    await term.waitFor((s) => !s.includes('MCP servers (1)'), 5_000, 'the panel closed');
    term.type('hello');
    term.keys('Enter');
    const status = await term.waitFor('waiting for 1 MCP server to start (silent)', 5_000, 'the activity line');
    expect(status).not.toContain('waiting for the model');
    await term.waitFor('answered without it', 15_000, 'the answer');
  });

  it('the open panel follows a server as it changes: starting, then ready, with no key pressed', async () => {
    const project = makeProject();
    // a server that starts only once the test has seen it starting, after /mcp's wait
    const go = join(project.home, 'go');
    const slow = { command: 'sh', args: ['-c', `until [ -e '${go}' ]; do sleep 0.05; done; exec '${TEST_SERVER.command}' '${TEST_SERVER.args[0]}'`] };
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ mcp: { startupWaitSeconds: 1 }, mcpServers: { slow } }));
    const { term } = await startApp([], { project });
    term.type('/mcp');
    term.keys('Enter');
    const first = await term.waitFor('MCP servers (1)', 10_000, 'the panel');
    expect(first).toMatch(/slow\s+stdio\s+starting/);
    writeFileSync(go, '');
    await term.waitFor(/slow\s+stdio\s+ready · \d+ tools/, 15_000, 'the server ready, drawn without a key');
  });

  it("an MCP call asks in ask mode under one name (server:tool), with the server's description and name: value arguments; yes runs it", async () => {
    const args = { message: 'hi from the app', times: 2, loud: { yes: true } };
    const { term, server } = await startApp([{ toolCalls: [{ name: 'mcp__t__echo', arguments: args }] }, { text: 'echoed.' }], {
      project: projectWithServers(),
    });
    term.type('echo something');
    term.keys('Enter');
    const screen = await term.waitFor('Using the MCP tool t:echo', 15_000, 'the question');
    expect(screen).toContain('? Use t:echo');
    expect(screen).toContain('Echoes the message back.');
    expect(screen).toContain('  message: hi from the app');
    expect(screen).toContain('  times: 2');
    expect(screen).toContain('  loud: {"yes":true}');
    expect(screen).not.toContain('mcp__t__echo');
    expect(screen).not.toContain('MCP tool "echo" of the server');
    expect(screen).toContain("Yes, and don't ask again for t:echo this session");
    term.keys('y');
    const done = await term.waitFor('echoed.', 10_000, 'the answer');
    expect(done).toContain('t:echo message: hi from the app · times: 2 · loud: {"yes":true}');
    expect(toolResults(server.chatRequests()[1]!)[0]).toContain('echo: hi from the app');
  });

  it("a server's prompts are slash commands: in the menu with their arguments, filled in and sent as the message", async () => {
    const project = makeProject();
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ mcp: PATIENT, mcpServers: { everything: EVERYTHING } }));
    const { term, server } = await startApp([{ text: 'Sunny.' }], { project });
    // the first /mcp waits for the servers, so the menu below has the prompts
    term.type('/mcp');
    term.keys('Enter');
    await term.waitFor(/everything\s+stdio\s+ready/, 10_000, '/mcp');
    // an Escape read together with the next keys is Alt+key to a terminal: the next key waits for what Escape did
    term.keys('Escape');
    await term.waitFor((s) => !s.includes('MCP servers (1)'), 5_000, 'the panel closed');
    term.type('/mcp__everything__arg');
    let screen = await term.waitFor('/mcp__everything__args-prompt <city> [state]', 10_000, 'the menu');
    expect(screen).toContain('A prompt with two arguments');
    term.keys('Escape');
    await term.waitFor((s) => !s.includes('A prompt with two arguments'), 5_000, 'the menu closed');
    term.keys('C-u');
    term.type('/mcp__everything__args-prompt');
    term.keys('Enter');
    screen = await term.waitFor('needs city', 10_000, 'the missing argument');
    term.type('/mcp__everything__args-prompt Paris');
    term.keys('Enter');
    screen = await term.waitFor('Sunny.', 10_000, 'the answer');
    const user = server
      .chatRequests()[0]!
      .body.messages.filter((m: any) => m.role === 'user')
      .at(-1);
    expect(user.content).toBe("What's weather in Paris?");
  });

  it('@server:uri attaches an MCP resource: offered in the @ menu, read and sent with the message', async () => {
    const project = makeProject();
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ mcp: PATIENT, mcpServers: { everything: EVERYTHING } }));
    const { term, server } = await startApp([{ text: 'Read it.' }], { project });
    term.type('/mcp');
    term.keys('Enter');
    await term.waitFor(/everything\s+stdio\s+ready/, 10_000, '/mcp');
    term.keys('Escape');
    await term.waitFor((s) => !s.includes('MCP servers (1)'), 5_000, 'the panel closed');
    term.type('summarize @everything:demo://resource/static/document/arch');
    await term.waitFor('@everything:demo://resource/static/document/architecture.md', 10_000, 'the @ menu');
    term.type('itecture.md please');
    term.keys('Enter');
    await term.waitFor('Read it.', 10_000, 'the answer');
    const user = server
      .chatRequests()[0]!
      .body.messages.filter((m: any) => m.role === 'user')
      .at(-1);
    expect(user.content).toContain('summarize @everything:demo://resource/static/document/architecture.md please');
    expect(user.content).toContain('<resource server="everything" uri="demo://resource/static/document/architecture.md">');
    expect(user.content).toContain('# Everything Server');
  });
});
