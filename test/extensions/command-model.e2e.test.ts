// A custom command's `model:` from the command line: its run goes to that model (the request says
// so), the model before it is back afterwards (a continued session uses it), and a name the server
// does not offer is told in one line while the run stays on the current model.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const scripted = scriptedServers();

function put(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const QUICK = '---\ndescription: A quick look\nmodel: small-model\n---\nHave a quick look at $ARGUMENTS.\n';

describe("a command's model", () => {
  it('tack -p "/quick ..." asks the command\'s model; a continued session is back on the model before it', async () => {
    const s = await scripted([{ text: 'quick answer' }, { text: 'big answer' }], { models: ['big-model', 'small-model'] });
    const { dir, home } = makeProject({ '.claude/commands/quick.md': QUICK });
    const r = await runTack(['-p', '--trust', '--base-url', s.url, '-m', 'big-model', '/quick src/a.ts'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('quick answer\n');
    // no -m: the continued session's own model, the one before the command's
    const next = await runTack(['-p', '-c', '--base-url', s.url, 'and now in depth'], { cwd: dir, home });
    expect(next.code).toBe(0);
    expect(s.chatRequests().map((q) => q.body.model)).toEqual(['small-model', 'big-model']);
  });

  it('a model the server does not offer: one line says so, and the turn runs on the current model', async () => {
    const s = await scripted([{ text: 'ok' }], { models: ['big-model'] });
    const { dir, home } = makeProject();
    put(home, { 'commands/quick.md': QUICK.replace('small-model', 'claude-3-5-haiku-latest') });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'big-model', '/quick src/a.ts'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`tack: /quick: model claude-3-5-haiku-latest is not one of the models ${s.url} offers; this turn runs on big-model\n`);
    expect(s.chatRequests().map((q) => q.body.model)).toEqual(['big-model']);
  });

  it('a model name holding an escape sequence is told with it made visible, never written raw to the terminal', async () => {
    const s = await scripted([{ text: 'ok' }], { models: ['big-model'] });
    const { dir, home } = makeProject();
    put(home, { 'commands/quick.md': '---\nmodel: "evil\\e]2;pwned\\a"\n---\nLook.' });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'big-model', '/quick'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('/quick: model evil␛]2;pwned\\a is not one of the models');
    expect(r.stderr).not.toContain('\x1b');
  });

  it("a model named in the provider's settings is used without asking the server's list", async () => {
    const s = await scripted([{ text: 'ok' }], { models: [] });
    const { dir, home } = makeProject();
    put(home, { 'commands/quick.md': QUICK });
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ provider: 'local', providers: { local: { baseUrl: s.url, models: ['big-model', 'small-model'] } } }),
    );
    const r = await runTack(['-p', '-m', 'big-model', '/quick src/a.ts'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(s.chatRequests().map((q) => q.body.model)).toEqual(['small-model']);
  });
});
