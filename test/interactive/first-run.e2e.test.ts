// The first run without any settings (issue 20): a setup screen that says which local servers were
// looked for, takes a base URL and a key variable's NAME, checks the server and saves both in
// $TACK_HOME/config.json (with the model chosen, when the server lists several); Esc leaves with the
// guidance; print mode keeps its error.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { hasTmux, Term } from './tmux.js';
import { APP_READY } from './harness.js';

const run = hasTmux() ? describe : describe.skip;
const open: { term: Term; server?: MockServer }[] = [];
afterEach(async () => {
  for (const { term, server } of open.splice(0)) {
    term.kill();
    await server?.close();
  }
});

const SETUP = 'No model server is set up yet';
/** Keys typed before the screen names its keys are dropped: its keys line shows once they count. */
const keysTaken = (term: Term) => term.waitFor('Esc: quit', 5_000, 'the keys line');
const FAKE_KEY = 'sk-test-0123456789abcdefghijklmnopqrstuv';

async function startSetup(env: Record<string, string> = {}, server?: MockServer, cols?: number) {
  const project = makeProject();
  const ports = [await closedPort(), await closedPort()];
  const term = Term.start({ args: [], cwd: project.dir, home: project.home, cols, env: { TACK_PROBE_PORTS: `ollama:${ports[0]},${ports[1]}`, ...env } });
  open.push({ term, server });
  await term.waitFor(SETUP, 15_000, 'the setup screen');
  const screen = await keysTaken(term);
  return { term, project, screen, ports };
}

run('first run without settings', () => {
  it("at 80 columns each field's example is wrapped whole under it, not cut", async () => {
    const { term } = await startSetup({}, undefined, 80);
    const flat = (x: string) => x.replace(/\s*\n\s*/g, ' ');
    await term.waitFor((x) => flat(x).includes('e.g. http://localhost:8080/v1 or https://openrouter.ai/api/v1'), 5_000, 'the base URL example');
    term.keys('Tab');
    const screen = await term.waitFor((x) => flat(x).includes('e.g. OPENROUTER_API_KEY; empty: no key'), 5_000, 'the key example, whole');
    expect(flat(screen)).toContain('Tab/↑↓: switch field · Esc: quit');
  });

  it('lists the servers it looked for; a base URL typed in makes the app usable, and config.json holds it and no key', async () => {
    const server = await startMockServer({ turns: [{ text: 'hello from the new server' }], models: ['served-model'] });
    const { term, project, screen, ports } = await startSetup({}, server);
    expect(screen).toMatch(new RegExp(`Ollama +http://127\\.0\\.0\\.1:${ports[0]}/v1`));
    expect(screen).toMatch(new RegExp(`a server on port ${ports[1]} +http://127\\.0\\.0\\.1:${ports[1]}/v1`));
    expect(screen).toContain(join(project.home, 'config.json'));

    term.type(`${server.url}/`);
    term.keys('Enter');
    await term.waitFor('› Key variable', 5000, 'the key field');
    term.keys('Enter');
    const app = await term.waitFor((x) => APP_READY.test(x) && x.includes('· served-model ·'), 15_000, 'the app');
    expect(app).toContain(`saved ${server.url} in ${join(project.home, 'config.json')} (1 model)`);
    term.type('hi');
    term.keys('Enter');
    await term.waitFor('hello from the new server', 10_000, 'the answer');
    expect(JSON.parse(readFileSync(join(project.home, 'config.json'), 'utf8'))).toEqual({ baseUrl: server.url });
  });

  it('keeps what config.json held, saves the key by its variable name only, and refuses a pasted key', async () => {
    const server = await startMockServer({ turns: [{ text: 'ok' }], models: ['m1'], apiKey: FAKE_KEY });
    const project = makeProject();
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ approval: 'auto-edit' }));
    const term = Term.start({ args: [], cwd: project.dir, home: project.home, env: { TACK_PROBE_PORTS: String(await closedPort()), MY_SERVER_KEY: FAKE_KEY } });
    open.push({ term, server });
    await term.waitFor(SETUP, 15_000, 'the setup screen');
    await keysTaken(term);
    term.type(server.url);
    term.keys('Enter');
    await term.waitFor('› Key variable', 5000, 'the key field');
    term.paste(FAKE_KEY);
    term.keys('Enter');
    const refused = await term.waitFor('looks like the key itself', 5000, 'the refusal');
    expect(refused).not.toContain(FAKE_KEY);
    expect(readFileSync(join(project.home, 'config.json'), 'utf8')).not.toContain('sk-');

    term.type('MY_SERVER_KEY');
    term.keys('Enter');
    await term.waitFor((x) => APP_READY.test(x) && x.includes(' · m1 · '), 15_000, 'the app');
    const saved = readFileSync(join(project.home, 'config.json'), 'utf8');
    expect(JSON.parse(saved)).toEqual({ approval: 'auto-edit', baseUrl: server.url, apiKeyEnv: 'MY_SERVER_KEY' });
    expect(saved).not.toContain(FAKE_KEY);
    // the server was asked with the key from the variable
    expect(server.requests.some((r) => r.headers.authorization === `Bearer ${FAKE_KEY}`)).toBe(true);
  });

  it('a server listing several models asks which one: typing narrows, the arrows move, Esc goes back, Enter saves it', async () => {
    const models = ['llama-3.1-8b', 'qwen2.5-coder-7b', 'qwen2.5-coder-32b', 'mistral-small'];
    const server = await startMockServer({ turns: [{ text: 'answered by the big coder' }], models });
    const { term, project } = await startSetup({}, server);
    term.type(server.url);
    term.keys('Enter');
    await term.waitFor('› Key variable', 5000, 'the key field');
    term.keys('Enter');
    let screen = await term.waitFor(`Which model? ${server.url} lists 4`, 10_000, 'the model question');
    for (const id of models) expect(screen).toContain(id);
    expect(screen).toContain('› llama-3.1-8b');
    expect(existsSync(join(project.home, 'config.json'))).toBe(false);
    term.keys('Escape');
    await term.waitFor('› Key variable', 5000, 'back to the fields');
    term.keys('Enter');
    await term.waitFor('Which model?', 10_000, 'the model question again');
    term.type('coder');
    screen = await term.waitFor((x) => x.includes('› qwen2.5-coder-7b') && !x.includes('llama-3.1-8b'), 5000, 'the narrowed list');
    expect(screen).not.toContain('mistral-small');
    term.keys('Down');
    await term.waitFor('› qwen2.5-coder-32b', 5000, 'the selection moved');
    term.keys('Enter');
    const app = await term.waitFor((x) => APP_READY.test(x) && x.includes('· qwen2.5-coder-32b ·'), 15_000, 'the app');
    // the line is wider than the terminal: tmux wraps it
    expect(app.replace(/\n/g, '')).toContain(`saved ${server.url} in ${join(project.home, 'config.json')}, model qwen2.5-coder-32b (one of 4)`);
    expect(JSON.parse(readFileSync(join(project.home, 'config.json'), 'utf8'))).toEqual({ baseUrl: server.url, model: 'qwen2.5-coder-32b' });
    term.type('hi');
    term.keys('Enter');
    await term.waitFor('answered by the big coder', 10_000, 'the answer');
    expect(server.chatRequests().at(-1)!.body.model).toBe('qwen2.5-coder-32b');
  });

  it('a server that does not answer is said so in one sentence, and nothing is saved', async () => {
    const { term, project } = await startSetup();
    term.type(`http://127.0.0.1:${await closedPort()}/v1`);
    term.keys('Enter');
    term.keys('Enter');
    await term.waitFor(/✗ .*(connect|reach|refused)/i, 10_000, 'the error');
    expect(existsSync(join(project.home, 'config.json'))).toBe(false);
  });

  it.each(['Escape', 'C-c'])('%s leaves cleanly with the guidance naming the real settings file, exit 2', async (key) => {
    const { term, project } = await startSetup();
    term.keys(key);
    const screen = await term.waitFor('TTY:', 10_000, 'the exit');
    expect(screen).toContain('tack: no model server is set up. Either:');
    expect(screen).toContain(`or write ${join(project.home, 'config.json')} with`);
    expect(screen).toContain('EXIT:2');
    expect(screen).toContain('TTY:icanon');
    expect(screen).not.toContain(SETUP);
  });

  it('print mode keeps its error, naming the real settings file', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['-p', 'hi'], { cwd: dir, home, env: { TACK_PROBE_PORTS: String(await closedPort()) } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`or write ${join(home, 'config.json')} with "baseUrl"`);
  });
});
