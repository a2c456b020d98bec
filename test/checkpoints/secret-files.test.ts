// Files the tools may not show (secret names and folders, the user's own read() deny rules) never
// reach the checkpoint store under $TACK_HOME: not from a run, and not from a copy made before the
// rule was written.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckpointStore } from '../../src/checkpoints/store.js';
import { parseRules } from '../../src/session/permissions/rules.js';
import { workspaceSecretTest } from '../../src/session/permissions/secrets.js';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const scripted = scriptedServers();

/** Every object the shadow repositories under $TACK_HOME hold, as text. */
function storedText(home: string): string {
  const root = join(home, 'checkpoints');
  return readdirSync(root)
    .map((slug) => execFileSync('git', ['--git-dir', join(root, slug, 'git'), 'cat-file', '--batch-all-objects', '--batch'], { encoding: 'latin1' }))
    .join('\n');
}

function put(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('checkpoints and secret files', () => {
  it("a run's checkpoint holds the project, but not what the user's deny rules name, nor a copied .ssh folder or .env", async () => {
    const { dir, home } = makeProject();
    put(dir, {
      'app.js': 'console.log("APP-CODE")',
      'secrets/prod.json': '{"token": "DENIED-BY-RULE"}',
      'deploy/.ssh/config': 'IdentityFile SSH-FOLDER-CONTENT',
      '.env': 'KEY=ENV-CONTENT',
    });
    writeFileSync(join(home, 'config.json'), JSON.stringify({ permissions: { deny: ['read(secrets/**)'] } }));
    const s = await scripted([{ toolCalls: [{ name: 'write', arguments: { path: 'new.txt', content: 'new\n' } }] }, { text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const stored = storedText(home);
    expect(stored).toContain('APP-CODE');
    for (const secret of ['DENIED-BY-RULE', 'SSH-FOLDER-CONTENT', 'ENV-CONTENT']) expect(stored).not.toContain(secret);
  });

  it('a file copied before the deny rule was written is gone from the next tree', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'ckpt-deny-'));
    const home = mkdtempSync(join(tmpdir(), 'ckpt-deny-home-'));
    put(ws, { 'a.txt': 'a', 'secrets/prod.json': 'x' });
    const files = (store: CheckpointStore, tree: string) =>
      execFileSync('git', ['--git-dir', store.paths.gitDir, 'ls-tree', '-r', '--name-only', tree], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const before = new CheckpointStore(home, ws);
    expect(files(before, (await before.snapshot()).tree)).toEqual(['a.txt', 'secrets/prod.json']);
    const deny = workspaceSecretTest(parseRules({ deny: ['read(secrets/**)'] }, home), ws, home);
    const after = new CheckpointStore(home, ws, undefined, undefined, deny);
    expect(files(after, (await after.snapshot()).tree)).toEqual(['a.txt']);
  });

  it("tack rewind's own snapshot before a restore leaves out what the user's deny rules name", async () => {
    const { dir, home } = makeProject({ 'app.js': 'v1' });
    writeFileSync(join(home, 'config.json'), JSON.stringify({ permissions: { deny: ['read(secrets/**)'] } }));
    const s = await scripted([{ toolCalls: [{ name: 'write', arguments: { path: 'made.txt', content: 'x' } }] }, { text: 'ok' }]);
    expect((await runTack(['-p', '--base-url', s.url, '-m', 'm', 'make it'], { cwd: dir, home })).code).toBe(0);
    // the user's own secret, written after the run: the restore's snapshot must not copy it
    put(dir, { 'secrets/prod.json': '{"token": "WRITTEN-AFTER-THE-RUN"}' });
    const r = await runTack(['rewind', '--to', '1', '--code'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(storedText(home)).not.toContain('WRITTEN-AFTER-THE-RUN');
  });
});
