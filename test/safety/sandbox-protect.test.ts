// What a sandboxed command must not be able to plant for later: git hooks, git config (core.hooksPath,
// core.fsmonitor), a swapped .git, tack's and other tools' project settings. These run outside the
// sandbox at the user's next commit or tack session, so this is the boundary, not defence in depth.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBashTool } from '../../tools/bash/bash.js';
import { toolEnv } from '../../tools/sandbox/env.js';
import { createSandbox, probeSandbox } from '../../tools/sandbox/sandbox.js';
import { hooksPathOf } from '../../tools/sandbox/runs-later.js';
import { runTack } from '../support/cli.js';
import { startMockServer } from '../support/mock-openai-server.js';

const probe = probeSandbox();
if (!probe.ok) console.warn(`\n*** sandbox protection tests skipped: ${probe.reason} ***\n`);

const git = (cwd: string, ...args: string[]) => spawnSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });

/** A repository with a commit, tack settings and an MCP file, and the sandboxed bash tool in it. */
function repo(workspace = (root: string) => root) {
  const base = mkdtempSync(join(tmpdir(), 'tack-protect-'));
  const root = join(base, 'repo');
  const home = join(base, 'home');
  mkdirSync(join(root, '.tack'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, '.tack', 'config.json'), '{"approval":"ask"}\n');
  writeFileSync(join(root, '.mcp.json'), '{"mcpServers":{}}\n');
  writeFileSync(join(root, 'a.txt'), 'a\n');
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'one');
  const cwd = workspace(root);
  if (!probe.ok) throw new Error('unreachable');
  const env = { ...toolEnv(process.env), HOME: home, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
  const bash = createBashTool({ cwd }, { env, sandbox: createSandbox(probe.bwrap, { cwd, home, network: false }) });
  const run = async (command: string) => {
    const result = await bash.execute('id', { command, timeout: 60 });
    return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  };
  return { root, cwd, run };
}

const EXPLAINED = 'read-only in the sandbox, so nothing written there can run later outside it';

describe.skipIf(!probe.ok)('the sandbox keeps what runs later read-only', () => {
  it('a git hook cannot be written, and the model is told why', async () => {
    const { root, run } = repo();
    const out = await run('printf "#!/bin/sh\\ntouch PWNED\\n" > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit');
    expect(out).toContain('Read-only file system');
    expect(out).toContain(EXPLAINED);
    expect(existsSync(join(root, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });

  it('git config cannot set core.hooksPath or core.fsmonitor', async () => {
    const { root, run } = repo();
    const before = readFileSync(join(root, '.git', 'config'), 'utf8');
    const out = await run('git config core.hooksPath /tmp/evil; git config core.fsmonitor "touch PWNED"');
    expect(out).toContain('could not write config file');
    expect(out).toContain(EXPLAINED);
    expect(readFileSync(join(root, '.git', 'config'), 'utf8')).toBe(before);
  });

  it('.git cannot be moved aside and replaced with a planted one', async () => {
    const { root, run } = repo();
    await run('mv .git .git-old; mkdir -p .git2 && mv .git2 .git');
    expect(existsSync(join(root, '.git-old'))).toBe(false);
    expect(git(root, 'log', '--oneline').stdout.trim().split('\n')).toHaveLength(1);
  });

  it('.tack/config.json and .mcp.json cannot be rewritten or removed', async () => {
    const { root, run } = repo();
    const out = await run('echo \'{"approval":"yolo"}\' > .tack/config.json; rm -f .mcp.json; mv .tack .tack-old');
    expect(out).toContain(EXPLAINED);
    expect(readFileSync(join(root, '.tack', 'config.json'), 'utf8')).toBe('{"approval":"ask"}\n');
    expect(existsSync(join(root, '.mcp.json'))).toBe(true);
  });

  it('the folder core.hooksPath names (husky) is read-only too', async () => {
    const { root, run } = repo();
    mkdirSync(join(root, '.husky'));
    writeFileSync(join(root, '.husky', 'pre-commit'), 'npm test\n');
    git(root, 'config', 'core.hooksPath', '.husky');
    const out = await run('echo "touch PWNED" >> .husky/pre-commit');
    expect(out).toContain('Read-only file system');
    expect(readFileSync(join(root, '.husky', 'pre-commit'), 'utf8')).toBe('npm test\n');
  });

  it('a repository nested in the workspace (vendored, cloned) keeps its hooks and config read-only too', async () => {
    const { root, run } = repo();
    const lib = join(root, 'vendor', 'lib');
    mkdirSync(lib, { recursive: true });
    git(lib, 'init', '-q');
    const before = readFileSync(join(lib, '.git', 'config'), 'utf8');
    const out = await run(
      'printf "#!/bin/sh\\ntouch PWNED\\n" > vendor/lib/.git/hooks/post-checkout; git -C vendor/lib config core.fsmonitor "touch PWNED"; mv vendor/lib/.git vendor/lib/.git-old',
    );
    expect(out).toContain('Read-only file system');
    expect(existsSync(join(lib, '.git', 'hooks', 'post-checkout'))).toBe(false);
    expect(readFileSync(join(lib, '.git', 'config'), 'utf8')).toBe(before);
    expect(existsSync(join(lib, '.git-old'))).toBe(false);
    // and its ordinary work still goes on
    expect(await run('cd vendor/lib && echo x > f && git add f && git -c user.email=t@t -c user.name=t commit -qm c && git log --oneline | wc -l')).toContain(
      '1',
    );
  });

  it('a repository a command makes cannot keep a program for the next git command there: its config and hooks are set aside', async () => {
    const { root, run } = repo();
    const out = await run(
      'git init -q sub && git -C sub config core.fsmonitor "touch PWNED" && git -C sub config alias.st "!touch PWNED2" && printf "#!/bin/sh\\ntouch PWNED3\\n" > sub/.git/hooks/post-checkout && chmod +x sub/.git/hooks/post-checkout',
    );
    expect(out).toContain(
      'tack set aside what would run a program at the next git command in a repository this command made: sub/.git (core.fsmonitor, alias.st, hooks/post-checkout)',
    );
    const config = readFileSync(join(root, 'sub', '.git', 'config'), 'utf8');
    expect(config).toContain('repositoryformatversion');
    expect(config).not.toContain('fsmonitor');
    expect(readFileSync(join(root, 'sub', '.git', 'config.disabled-by-tack'), 'utf8')).toContain('fsmonitor');
    // the user's next git commands there, outside the sandbox, run nothing
    git(join(root, 'sub'), 'status');
    git(join(root, 'sub'), 'st');
    git(join(root, 'sub'), 'checkout', '-q', '-b', 'x');
    for (const f of ['PWNED', 'PWNED2', 'PWNED3']) expect(existsSync(join(root, 'sub', f))).toBe(false);
  });

  it('a plain clone or init is left as it is, with no note', async () => {
    const { root, run } = repo();
    const out = await run(`git clone -q ${root} copy && git init -q fresh && echo done`);
    expect(out).toBe('done');
    expect(existsSync(join(root, 'copy', '.git', 'config.disabled-by-tack'))).toBe(false);
    expect(readFileSync(join(root, 'copy', '.git', 'config'), 'utf8')).toContain('[remote "origin"]');
  });

  it('git add, commit, checkout and branch switches still work, and so does npm install', async () => {
    const { root, run } = repo();
    writeFileSync(join(root, 'package.json'), '{"name":"p","version":"1.0.0"}\n');
    const out = await run(
      'echo b > b.txt && git add -A && git commit -qm two && git checkout -qb feature && git checkout -q - && git log --oneline | wc -l && npm install --offline --no-audit --no-fund >/dev/null && echo INSTALLED',
    );
    expect(out).toContain('2\n');
    expect(out).toContain('INSTALLED');
    expect(git(root, 'branch', '--list', 'feature').stdout).toContain('feature');
  });

  it('a workspace below the repository root: the enclosing git directory is protected as well', async () => {
    const { root, run } = repo((r) => {
      mkdirSync(join(r, 'pkg'));
      return join(r, 'pkg');
    });
    const out = await run('echo x > x.txt && git add x.txt && git commit -qm sub && echo COMMITTED; echo "touch PWNED" > ../.git/hooks/post-commit');
    expect(out).toContain('COMMITTED');
    expect(existsSync(join(root, '.git', 'hooks', 'post-commit'))).toBe(false);
  });

  it('a git worktree: its .git file and the common git directory are protected', async () => {
    const { root } = repo();
    const wt = join(root, '..', 'wt');
    git(root, 'worktree', 'add', '-q', wt);
    const base = mkdtempSync(join(tmpdir(), 'tack-protect-home-'));
    if (!probe.ok) return;
    const bash = createBashTool(
      { cwd: wt },
      { env: { ...toolEnv(process.env), HOME: base }, sandbox: createSandbox(probe.bwrap, { cwd: wt, home: base, network: false }) },
    );
    const r = await bash.execute('id', {
      command: 'echo "touch PWNED" > "$(git rev-parse --git-common-dir)/hooks/pre-commit"; echo "gitdir: /tmp/evil" > .git',
    });
    const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    expect(text).toContain('Read-only file system');
    expect(existsSync(join(root, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(readFileSync(join(wt, '.git'), 'utf8')).toMatch(/^gitdir: .*worktrees/);
  });
});

describe.skipIf(!probe.ok)('through the command line, a hostile model', () => {
  it('plants nothing for later, while its git commit goes through', async () => {
    const { root } = repo();
    const home = join(root, '..', 'home');
    const s = await startMockServer({
      turns: [
        {
          toolCalls: [
            {
              name: 'bash',
              arguments: {
                command:
                  'echo "touch PWNED" > .git/hooks/pre-commit; git config core.hooksPath /tmp/h; echo \'{"approval":"yolo"}\' > .tack/config.json; echo b > b.txt && git add b.txt && git commit -qm two && echo COMMITTED',
              },
            },
          ],
        },
        { text: 'done' },
      ],
    });
    try {
      const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], {
        cwd: root,
        home,
        env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
      });
      expect(r.code).toBe(0);
      const result = s
        .chatRequests()[1]!
        .body.messages.filter((m: any) => m.role === 'tool')
        .map((m: any) => m.content)
        .join('');
      expect(result).toContain('COMMITTED');
      expect(result).toContain('.git/hooks/pre-commit: Read-only file system');
      expect(existsSync(join(root, '.git', 'hooks', 'pre-commit'))).toBe(false);
      expect(readFileSync(join(root, '.git', 'config'), 'utf8')).not.toContain('hooksPath');
      expect(readFileSync(join(root, '.tack', 'config.json'), 'utf8')).toBe('{"approval":"ask"}\n');
      expect(git(root, 'log', '--oneline').stdout.trim().split('\n')).toHaveLength(2);
    } finally {
      await s.close();
    }
  });
});

describe('core.hooksPath in a git config', () => {
  it.each([
    ['[core]\n\thooksPath = .husky\n', '.husky'],
    ['[core]\n\tbare = false\n[alias]\n\thooksPath = x\n', undefined],
    ['[CORE]\n  HooksPath = "/abs/hooks"\n', '/abs/hooks'],
    ['[user]\n\tname = a\n', undefined],
  ])('%j -> %s', (text, expected) => {
    expect(hooksPathOf(text)).toBe(expected);
  });
});

describe("a repository the model made cannot run programs through git's config", () => {
  for (const sandbox of probe.ok ? ['on', 'off'] : ['off']) {
    it(`cd sub && git status with core.fsmonitor planted runs nothing (--sandbox ${sandbox})`, async () => {
      const base = mkdtempSync(join(tmpdir(), 'tack-nested-'));
      const dir = join(base, 'project');
      const home = join(base, 'home');
      mkdirSync(join(dir, 'sub'), { recursive: true });
      mkdirSync(home);
      const marker = join(dir, 'PWNED');
      const s = await startMockServer({
        turns: [
          { toolCalls: [{ name: 'bash', arguments: { command: `cd sub && git init -q && git config core.fsmonitor "touch ${marker}; false"` } }] },
          { toolCalls: [{ name: 'bash', arguments: { command: 'cd sub && git status --short; echo STATUS-DONE' } }] },
          { text: 'done' },
        ],
      });
      try {
        const r = await runTack(['-p', '--sandbox', sandbox, '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
        expect(r.code).toBe(0);
        expect(JSON.stringify(s.chatRequests()[2]!.body.messages)).toContain('STATUS-DONE');
        expect(existsSync(marker)).toBe(false);
      } finally {
        await s.close();
      }
    });
  }
});
