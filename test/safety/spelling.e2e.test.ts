// A hostile model spells paths and commands so the policy would judge one thing while another runs:
// `$HOME/…` (a plain name to the tools, the home to a shell), `~/…`, and the `$(…)` bash finds in an
// unquoted here-document. The built CLI in print mode against the scripted server; every refusal
// must name the file the tool would really have touched.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer, type RecordedRequest, type Turn } from '../support/mock-openai-server.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(turns: Turn[]) {
  const s = await startMockServer({ turns });
  servers.push(s);
  return s;
}

const toolResults = (request: RecordedRequest): string =>
  request.body.messages
    .filter((m: any) => m.role === 'tool')
    .map((m: any) => (typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('')))
    .join('\n');

const call = (name: string, args: Record<string, unknown>): Turn => ({ toolCalls: [{ name, arguments: args }] });

/** A project whose settings deny reading and changing `config/`, with a file there the model wants. */
function guardedProject(files: Record<string, string> = {}) {
  const project = makeProject({
    '.tack/config.json': JSON.stringify({ permissions: { deny: ['read(config/**)', 'edit(config/**)', 'bash(touch*)'] } }),
    'config/secret.txt': 'do-not-show-0000',
    ...files,
  });
  // the HOME tack runs with (test/support/cli.ts): the folder holding the project
  return { ...project, userHome: resolve(project.dir, '..') };
}

describe('a tool path means one file, for the policy and the tool (the boundary)', () => {
  it('`$HOME/../config/…` is ./config/… to the tools: the deny rule on config/ holds, and the refusal names it, even with --yolo', async () => {
    const { dir, home } = guardedProject();
    const s = await server([
      call('write', { path: '$HOME/../config/app.json', content: '{}' }),
      call('read', { path: '$HOME/../config/secret.txt' }),
      { text: 'ok' },
    ]);
    const r = await runTack(['-p', '--trust', '--yolo', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'config', 'app.json'))).toBe(false);
    expect(toolResults(s.chatRequests()[1])).toContain(`refused: changing ${join(dir, 'config', 'app.json')} is denied by the rule "edit(config/**)"`);
    const seen = toolResults(s.chatRequests()[2]);
    expect(seen).toContain(`refused: reading ${join(dir, 'config', 'secret.txt')} is denied by the rule "read(config/**)"`);
    expect(seen).not.toContain('do-not-show-0000');
  });

  it('`$HOME/notes.md` is a file in the workspace: print mode writes it there, and nothing lands in the home', async () => {
    const { dir, home, userHome } = guardedProject();
    const s = await server([call('write', { path: '$HOME/notes.md', content: 'hi\n' }), { text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, '$HOME', 'notes.md'), 'utf8')).toBe('hi\n');
    expect(existsSync(join(userHome, 'notes.md'))).toBe(false);
    expect(toolResults(s.chatRequests()[1])).not.toContain('refused');
  });

  it('`~/…` is the home for both: reading there is refused in print mode, naming the home file', async () => {
    const { dir, home, userHome } = guardedProject();
    const s = await server([call('read', { path: '~/outside.txt' }), { text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(toolResults(s.chatRequests()[1])).toContain(`refused: reading outside the workspace needs --approval yolo or an allow rule`);
    expect(toolResults(s.chatRequests()[1])).toContain(`nothing was done: ${join(userHome, 'outside.txt')}.`);
  });
});

describe('a command is judged on what bash runs', () => {
  it('a `touch` hidden in an unquoted here-document is denied by bash(touch*), even with --yolo (the boundary)', async () => {
    const { dir, home } = guardedProject();
    const s = await server([call('bash', { command: 'cat <<EOF\n$(touch pwned)\nEOF' }), { text: 'ok' }]);
    const r = await runTack(['-p', '--trust', '--yolo', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
    expect(toolResults(s.chatRequests()[1])).toContain('refused: "touch pwned" is denied by the rule "bash(touch*)" in permissions.deny');
  });

  it('`cat "~/../config/secret.txt"` through a planted `~` folder is denied by read(config/**) (defence in depth: the sandbox also empties denied files)', async () => {
    const { dir, home } = guardedProject({ '~/.keep': '' });
    const s = await server([call('bash', { command: 'cat "~/../config/secret.txt"' }), { text: 'ok' }]);
    const r = await runTack(['-p', '--trust', '--yolo', '--sandbox', 'off', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const seen = toolResults(s.chatRequests()[1]);
    expect(seen).toContain(`refused: reading ${join(dir, 'config', 'secret.txt')} is denied by the rule "read(config/**)"`);
    expect(seen).not.toContain('do-not-show-0000');
  });
});
