// The trust question and the setup screen in tmux: a redraw rewrites its own lines (tmux's
// scrollback gets no copies), a question taller than the terminal keeps its risky lines and the
// choices on screen and groups the rest, and what is printed after it fits the terminal's width.
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { APP_READY } from './harness.js';
import { hasTmux, Term } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
const open: { term: Term; server?: MockServer }[] = [];
afterEach(async () => {
  for (const { term, server } of open.splice(0)) {
    term.kill();
    await server?.close();
  }
});

const QUESTION = 'This folder has its own tack settings';
const SETUP = 'No model server is set up yet';
/** Keys typed before the question is named are dropped: its key hint shows once they count. */
const keysTaken = (term: Term) => term.waitFor("Esc: don't trust", 5_000, 'the key hint');
/** The same on the setup screen: its keys line shows once they count. */
const setupKeysTaken = (term: Term) => term.waitFor('Esc: quit', 5_000, 'the keys line');
const count = (text: string, part: string) => text.split(part).length - 1;

/** 30 command files and an MCP server: the question is taller than a 30-row terminal would hold. */
function crowdedRepo() {
  const files: Record<string, string> = { '.mcp.json': JSON.stringify({ mcpServers: { db: { command: 'uvx', args: ['mcp-db'] } } }) };
  for (let i = 1; i <= 30; i++) files[`.claude/commands/task-${String(i).padStart(2, '0')}.md`] = `Do task ${i}.\n`;
  return makeProject(files);
}

run('the trust question and the setup screen in tmux', () => {
  it('two arrow presses redraw the trust question in place: it is once in the whole history', async () => {
    const server = await startMockServer({ turns: [] });
    const project = makeProject({ '.tack/config.json': JSON.stringify({ approval: 'auto-edit' }) });
    const term = Term.start({ args: ['--base-url', server.url, '-m', 'mock-model'], cwd: project.dir, home: project.home });
    open.push({ term, server });
    await term.waitFor(QUESTION, 15_000, 'the trust question');
    await keysTaken(term);
    // the default here is "don't trust" (auto-edit loosens a protection); Down goes round
    term.keys('Down');
    await term.waitFor('› Trust this folder', 5000, 'the first choice');
    term.keys('Down');
    await term.waitFor('› Trust it for this session only', 5000, 'the second choice');
    expect(count(term.history(), QUESTION)).toBe(1);
    expect(count(term.history(), 'Trust it for this session only')).toBe(1);
  });

  it('two arrow presses redraw the setup screen in place: it is once in the whole history', async () => {
    const project = makeProject();
    const term = Term.start({ args: [], cwd: project.dir, home: project.home, env: { TACK_PROBE_PORTS: String(await closedPort()) } });
    open.push({ term });
    await term.waitFor(SETUP, 15_000, 'the setup screen');
    await setupKeysTaken(term);
    term.keys('Down');
    await term.waitFor('› Key variable', 5000, 'the key field');
    term.keys('Down');
    await term.waitFor('› Base URL', 5000, 'the URL field');
    expect(count(term.history(), SETUP)).toBe(1);
    expect(count(term.history(), 'Key variable')).toBe(1);
  });

  it('30 commands and an MCP server on 80x30: the server line and the choices are on screen, the commands grouped; what follows is short', async () => {
    const server = await startMockServer({ turns: [{ text: 'fine' }] });
    const project = crowdedRepo();
    expect(readdirSync(`${project.dir}/.claude/commands`)).toHaveLength(30);
    const args = ['--base-url', server.url, '-m', 'mock-model'];
    const term = Term.start({ args, cwd: project.dir, home: project.home, cols: 80, rows: 30 });
    open.push({ term, server });
    const screen = await term.waitFor(QUESTION, 15_000, 'the trust question');
    expect(screen).toContain('runs the MCP server "db": uvx mcp-db, outside the sandbox');
    expect(screen).toContain('30 slash commands: /task-01 … /task-30');
    expect(screen).toContain('Trust this folder (remembered until these files change) (y)');
    expect(screen).toContain("› Don't trust it: use only my own settings (n)");
    await keysTaken(term);
    term.keys('Down');
    await term.waitFor('› Trust this folder', 5000, 'the first choice');
    term.keys('Up');
    await term.waitFor("› Don't trust it", 5000, 'the third choice again');
    expect(count(term.history(), QUESTION)).toBe(1);

    term.keys('Enter');
    await term.waitFor(APP_READY, 15_000, 'the app');
    const printed = term.history(true).split('\n');
    expect(printed.filter((l) => l.trimEnd().length > 80)).toEqual([]);
    expect(printed.some((l) => l.includes('not trusted') && l.includes('.mcp.json'))).toBe(true);
    term.kill();

    // a later run that cannot ask: one short line on stderr
    const later = await runTack(['-p', 'hi', ...args], { cwd: project.dir, home: project.home });
    const notice = later.stderr.split('\n').filter((l) => l.includes('ignoring'));
    expect(notice).toHaveLength(1);
    expect(notice[0]!.length).toBeLessThanOrEqual(160);
    expect(notice[0]).toContain('.mcp.json');
  });

  it('a terminal too short for the question counts what it hides; made taller, it shows all of it, still once in the history', async () => {
    const server = await startMockServer({ turns: [] });
    const project = crowdedRepo();
    const term = Term.start({ args: ['--base-url', server.url, '-m', 'mock-model'], cwd: project.dir, home: project.home, cols: 80, rows: 10 });
    open.push({ term, server });
    const small = await term.waitFor(QUESTION, 15_000, 'the trust question');
    expect(small).toMatch(/… \d+ more lines not shown: make the terminal taller to read them/);
    expect(small).toContain("› Don't trust it: use only my own settings (n)");
    expect(small).not.toContain('30 slash commands');
    term.resize(80, 30);
    const tall = await term.waitFor('30 slash commands: /task-01 … /task-30', 5000, 'the whole question');
    expect(tall).toContain('runs the MCP server "db": uvx mcp-db, outside the sandbox');
    expect(tall).not.toContain('more lines not shown');
    expect(count(term.history(), QUESTION)).toBe(1);
  });
});
