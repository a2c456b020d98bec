// The one list of what runs later, held by the sandbox against a hostile model's commands: paths
// that do not exist yet cannot be created (and nothing is left behind), a hooks folder git's config
// names but nobody made yet stays unmade, and no folder is large enough to end the walk that finds
// nested repositories and secret files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBashTool } from '../../tools/bash/bash.js';
import { toolEnv } from '../../tools/sandbox/env.js';
import { isRunsLater, runsLater, runsLaterPaths } from '../../tools/sandbox/runs-later.js';
import { createSandbox, probeSandbox } from '../../tools/sandbox/sandbox.js';
import { builtinSecretTest } from '../../tools/fs/secret-files.js';
import { WorkspaceScanner } from '../../tools/sandbox/workspace-scan.js';

const probe = probeSandbox();
if (!probe.ok) console.warn(`\n*** runs-later sandbox tests skipped: ${probe.reason} ***\n`);

const git = (cwd: string, ...args: string[]) => spawnSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });

function workspace(files: Record<string, string> = {}) {
  const base = mkdtempSync(join(tmpdir(), 'tack-runs-later-'));
  const root = join(base, 'repo');
  const home = join(base, 'home');
  mkdirSync(root);
  mkdirSync(home);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  git(root, 'init', '-q');
  return { root, home };
}

function sandboxedBash(root: string, home: string, runFiles: string[] = []) {
  if (!probe.ok) throw new Error('unreachable');
  const sandbox = createSandbox(probe.bwrap, { cwd: root, home, network: false, secretFile: builtinSecretTest, runFiles: () => runFiles });
  const bash = createBashTool({ cwd: root }, { env: { ...toolEnv(process.env), HOME: home }, sandbox });
  return async (command: string) => {
    const result = await bash.execute('id', { command, timeout: 60 });
    return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  };
}

describe('the list (pure but for the disk)', () => {
  it('names what is not there yet: control folders, .mcp.json, a hooks folder git names, a script a hook runs', () => {
    const { root } = workspace();
    git(root, 'config', 'core.hooksPath', '.husky/_');
    const list = runsLater(root, { nestedGitDirs: [], runFiles: [join(root, 'scripts', 'fmt.sh')] });
    const rel = list.missing.map((p) => p.slice(root.length + 1)).sort();
    expect(rel).toEqual(['.agents', '.claude', '.gemini', '.husky/_', '.mcp.json', '.opencode', '.tack', '.vscode', 'scripts/fmt.sh']);
    expect(list.readOnly).toContain(join(root, '.git', 'hooks'));
  });

  it('a place behind a dangling link is left out: bwrap would follow the link to make it', () => {
    const { root } = workspace();
    symlinkSync(join(root, 'nowhere'), join(root, '.vscode'));
    const list = runsLater(root, { nestedGitDirs: [] });
    expect(list.missing).not.toContain(join(root, '.vscode'));
    expect(list.missing).toContain(join(root, '.claude'));
  });

  it('the policy and the sandbox read one list: the hooks folder and a hook script are on it, an ordinary file is not', () => {
    const { root } = workspace({ '.githooks/pre-commit': '#!/bin/sh\n', 'src/app.ts': '' });
    git(root, 'config', 'core.hooksPath', '.githooks');
    const paths = runsLaterPaths(runsLater(root, { nestedGitDirs: [], runFiles: [join(root, 'scripts', 'fmt.sh')] }));
    expect(isRunsLater(join(root, '.githooks', 'pre-commit'), root, paths)).toBe(true);
    expect(isRunsLater(join(root, '.githooks', 'post-commit'), root, paths)).toBe(true);
    expect(isRunsLater(join(root, 'scripts', 'fmt.sh'), root, paths)).toBe(true);
    expect(isRunsLater(join(root, 'vendor', 'lib', '.git', 'hooks', 'x'), root, paths)).toBe(true);
    expect(isRunsLater(join(root, 'src', 'app.ts'), root, paths)).toBe(false);
  });
});

describe.skipIf(!probe.ok)('the sandbox lets nothing on the list be created (boundary)', () => {
  it('.vscode/tasks.json, .mcp.json and .claude/settings.json cannot be created, and no trace is left in the tree', async () => {
    const { root, home } = workspace({ 'a.txt': 'a\n' });
    const run = sandboxedBash(root, home);
    const out = await run(
      'mkdir -p .vscode; echo \'{"tasks":[{"runOptions":{"runOn":"folderOpen"}}]}\' > .vscode/tasks.json; ' +
        'echo \'{"mcpServers":{"x":{"command":"sh"}}}\' > .mcp.json; mkdir -p .claude && echo "{}" > .claude/settings.json; echo done',
    );
    expect(out).toContain('done');
    expect(out).toMatch(/Read-only file system|Is a directory/);
    expect(readdirSync(root).sort()).toEqual(['.git', 'a.txt']);
    expect(git(root, 'status', '--porcelain').stdout).toBe('?? a.txt\n');
  });

  it('a hooks folder git names but nobody made (husky before install) cannot be made and filled', async () => {
    const { root, home } = workspace();
    git(root, 'config', 'core.hooksPath', '.husky/_');
    const run = sandboxedBash(root, home);
    const out = await run('mkdir -p .husky/_ && printf "#!/bin/sh\\ntouch PWNED\\n" > .husky/_/pre-commit && chmod +x .husky/_/pre-commit');
    expect(out).toMatch(/Read-only file system|Permission denied/);
    expect(existsSync(join(root, '.husky'))).toBe(false);
    git(root, 'commit', '-q', '--allow-empty', '-m', 'x');
    expect(existsSync(join(root, 'PWNED'))).toBe(false);
  });

  it('a script a hook runs cannot be rewritten, nor created when it is missing', async () => {
    const { root, home } = workspace({ 'scripts/fmt.sh': 'echo formatting\n' });
    const run = sandboxedBash(root, home, [join(root, 'scripts', 'fmt.sh'), join(root, 'scripts', 'lint.sh')]);
    const out = await run('echo "cp ~/.ssh/id_rsa stolen" > scripts/fmt.sh; echo "cp ~/.ssh/id_rsa stolen" > scripts/lint.sh; echo ok > scripts/other.sh');
    expect(out).toContain('Read-only file system');
    expect(readFileSync(join(root, 'scripts', 'fmt.sh'), 'utf8')).toBe('echo formatting\n');
    expect(existsSync(join(root, 'scripts', 'lint.sh'))).toBe(false);
    expect(readFileSync(join(root, 'scripts', 'other.sh'), 'utf8')).toBe('ok\n');
  });

  it('past 50,000 entries a nested repository keeps its hooks read-only and a secret file stays masked', async () => {
    const { root, home } = workspace();
    // one folder larger than the old walk's budget, with the repository and the secret inside it
    const big = join(root, 'big');
    mkdirSync(big);
    for (let i = 0; i < 51_000; i++) writeFileSync(join(big, `f${i}`), '');
    mkdirSync(join(big, 'sub', 'app'), { recursive: true });
    git(join(big, 'sub'), 'init', '-q');
    writeFileSync(join(big, 'sub', 'app', '.env.local'), 'API_TOKEN=fake-test-secret\n');
    const run = sandboxedBash(root, home);
    const out = await run('cat big/sub/app/.env.local; printf "#!/bin/sh\\ntouch PWNED\\n" > big/sub/.git/hooks/pre-commit');
    expect(out).not.toContain('fake-test-secret');
    expect(out).toContain('Read-only file system');
    expect(existsSync(join(big, 'sub', '.git', 'hooks', 'pre-commit'))).toBe(false);
  });
});

describe('the scanner keeps what it read', () => {
  /** Every folder dated a minute back (always the same date), past the racy window, so the scanner keeps what it read. */
  const then = new Date(Date.now() - 60_000);
  const backdate = (root: string) => {
    for (const dir of [root, join(root, 'a'), join(root, 'a', 'b'), join(root, 'c')]) utimesSync(dir, then, then);
  };

  it('a later scan finds what a command added or removed, in a folder it kept from before', () => {
    const { root } = workspace({ 'a/b/.env': 'x', 'c/readme': '' });
    backdate(root);
    const scanner = new WorkspaceScanner(root, builtinSecretTest);
    expect(scanner.scan().secrets).toEqual([join(root, 'a', 'b', '.env')]);
    writeFileSync(join(root, 'c', '.env.local'), 'y');
    mkdirSync(join(root, 'c', 'vendor'));
    git(join(root, 'c', 'vendor'), 'init', '-q');
    rmSync(join(root, 'a', 'b', '.env'));
    const next = scanner.scan();
    expect(next.secrets).toEqual([join(root, 'c', '.env.local')]);
    expect(next.nestedGitDirs).toEqual([join(root, 'c', 'vendor', '.git')]);
  });

  it('a folder whose mtime did not change is not read again (the cost is one stat per folder)', () => {
    const { root } = workspace({ 'a/b/.env': 'x', 'c/readme': '' });
    backdate(root);
    const scanner = new WorkspaceScanner(root, builtinSecretTest);
    scanner.scan();
    // a file appears, but its folder keeps the date the scanner saw: only a fresh scanner reads it
    writeFileSync(join(root, 'c', '.env.local'), 'y');
    backdate(root);
    expect(scanner.scan().secrets).toEqual([join(root, 'a', 'b', '.env')]);
    expect(new WorkspaceScanner(root, builtinSecretTest).scan().secrets).toEqual([join(root, 'a', 'b', '.env'), join(root, 'c', '.env.local')]);
  });
});
