// The bubblewrap sandbox, for real: the bash tool running commands inside bwrap.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBashTool } from '../../tools/bash/bash.js';
import { toolEnv } from '../../tools/sandbox/env.js';
import { createSandbox, probeSandbox, type SandboxSettings } from '../../tools/sandbox/sandbox.js';

const probe = probeSandbox();
// Skipped only when bwrap truly cannot run here, and then loudly.
if (!probe.ok) console.warn(`\n*** sandbox tests skipped: ${probe.reason} ***\n`);

function setup(extra: Partial<SandboxSettings> = {}) {
  const base = mkdtempSync(join(tmpdir(), 'tack-sandbox-test-'));
  const cwd = join(base, 'proj');
  const home = join(base, 'home');
  mkdirSync(cwd);
  mkdirSync(home);
  if (!probe.ok) throw new Error('unreachable');
  const sandbox = createSandbox(probe.bwrap, { cwd, home, network: true, ...extra });
  // as a login shell would have it: no npm_config_* that `npx vitest` sets for its children
  const env = Object.fromEntries(Object.entries({ ...toolEnv(process.env), HOME: home }).filter(([name]) => !/^npm_/i.test(name)));
  const bash = createBashTool({ cwd }, { env, sandbox });
  const run = async (command: string, signal?: AbortSignal) => {
    const result = await bash.execute('id', { command, timeout: 120 }, signal);
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    return { text, isError: result.isError === true, details: result.details! };
  };
  return { base, cwd, home, run };
}

describe.skipIf(!probe.ok)('bash inside bubblewrap', () => {
  it('really runs inside bwrap, with its own pid namespace', async () => {
    const { run } = setup();
    const r = await run('cat /proc/1/cmdline | tr "\\0" " "; echo; ls /proc | grep -c "^[0-9]"');
    expect(r.text).toContain('bwrap');
    expect(Number(r.text.trim().split('\n').at(-1))).toBeLessThan(10);
  });

  it('writes in the workspace, and git works there', async () => {
    const { cwd, run } = setup();
    const r = await run(
      'echo made > made.txt && git init -q && git add made.txt && git -c user.email=t@t -c user.name=t commit -qm one && git log --oneline | wc -l',
    );
    expect(r.isError).toBe(false);
    expect(r.text.trim()).toBe('1');
    expect(readFileSync(join(cwd, 'made.txt'), 'utf8')).toBe('made\n');
  });

  it('keeps the .git of an enclosing repository writable when the workspace is a subdirectory', async () => {
    const base = mkdtempSync(join(tmpdir(), 'tack-sandbox-repo-'));
    const cwd = join(base, 'pkg');
    mkdirSync(cwd);
    const outer = setup();
    await createBashTool({ cwd: base }).execute('id', { command: 'git init -q' });
    if (!probe.ok) return;
    const bash = createBashTool({ cwd }, { env: toolEnv(process.env), sandbox: createSandbox(probe.bwrap, { cwd, home: outer.home, network: true }) });
    const r = await bash.execute('id', { command: 'echo x > f && git add f && git -c user.email=t@t -c user.name=t commit -qm sub && echo committed' });
    expect(r.content[0]).toMatchObject({ text: 'committed' });
  });

  it('refuses writes to $HOME and /etc, saying the sandbox blocked them', async () => {
    const { home, run } = setup();
    for (const target of ['"$HOME/evil.txt"', '/etc/tack-sandbox-evil']) {
      const r = await run(`echo x > ${target}`);
      expect(r.isError).toBe(true);
      expect(r.text).toContain('Read-only file system');
      expect(r.text).toContain('writing outside the workspace is blocked by the sandbox');
    }
    expect(existsSync(join(home, 'evil.txt'))).toBe(false);
    expect(existsSync('/etc/tack-sandbox-evil')).toBe(false);
  });

  it('gives commands a private /tmp that lasts across calls', async () => {
    const { run } = setup();
    const name = `tack-private-${process.pid}-${Date.now()}`;
    expect((await run(`echo kept > /tmp/${name}`)).isError).toBe(false);
    expect(existsSync(join('/tmp', name))).toBe(false);
    expect((await run(`cat /tmp/${name}`)).text).toBe('kept');
  });

  it('hides the credential stores in $HOME and the hidden directories it is given', async () => {
    const { base, home, run } = setup();
    mkdirSync(join(home, '.ssh'));
    writeFileSync(join(home, '.ssh', 'id_rsa'), 'PRIVATE KEY');
    writeFileSync(join(home, '.netrc'), 'machine x password p');
    const r = await run('cat ~/.ssh/id_rsa; cat ~/.netrc; echo end');
    expect(r.text).not.toContain('PRIVATE KEY');
    expect(r.text).not.toContain('password');
    const tackHome = join(base, 'tackhome');
    mkdirSync(tackHome);
    writeFileSync(join(tackHome, 'session.jsonl'), 'the conversation');
    if (!probe.ok) return;
    const hiding = createBashTool(
      { cwd: join(base, 'proj') },
      { sandbox: createSandbox(probe.bwrap, { cwd: join(base, 'proj'), home, network: true, hide: [tackHome] }) },
    );
    const hidden = await hiding.execute('id', { command: `cat ${tackHome}/session.jsonl; echo end` });
    expect(JSON.stringify(hidden.content)).not.toContain('the conversation');
  });

  it("does not show a secret variable of the parent, nor the parent's environment through /proc", async () => {
    process.env.TACK_TEST_SECRET_TOKEN = 'hunter2';
    try {
      const { cwd, home } = setup();
      if (!probe.ok) return;
      // the default environment of the bash tool, as the session builds it
      const bash = createBashTool({ cwd }, { sandbox: createSandbox(probe.bwrap, { cwd, home, network: true }) });
      const r = await bash.execute('id', { command: `echo "[$TACK_TEST_SECRET_TOKEN]"; cat /proc/${process.pid}/environ || echo no-parent` });
      const text = JSON.stringify(r.content);
      expect(text).toContain('[]');
      expect(text).toContain('no-parent');
      expect(text).not.toContain('hunter2');
    } finally {
      delete process.env.TACK_TEST_SECRET_TOKEN;
    }
  });

  it('npm-installs a local package directory into the workspace', async () => {
    const { cwd, home, run } = setup();
    mkdirSync(join(cwd, 'vendor', 'localpkg'), { recursive: true });
    writeFileSync(join(cwd, 'vendor', 'localpkg', 'package.json'), JSON.stringify({ name: 'localpkg', version: '1.0.0', main: 'index.js' }));
    writeFileSync(join(cwd, 'vendor', 'localpkg', 'index.js'), 'module.exports = "hello from localpkg";\n');
    writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: 'proj', version: '1.0.0', private: true }));
    const r = await run(
      'npm install --no-audit --no-fund --no-update-notifier --install-links ./vendor/localpkg && node -e "console.log(require(\'localpkg\'))"',
    );
    expect(r.text).toContain('hello from localpkg');
    expect(r.isError).toBe(false);
    expect(existsSync(join(cwd, 'node_modules', 'localpkg', 'index.js'))).toBe(true);
    expect(JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).dependencies.localpkg).toBeDefined();
    expect(existsSync(join(home, '.npm'))).toBe(true);
  }, 120_000);

  describe('network', () => {
    let port = 0;
    const server = createServer((socket) => socket.end('pong\n'));
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const connect = () => `exec 3<>/dev/tcp/127.0.0.1/${port} && head -1 <&3`;

    it('is on by default', async () => {
      expect((await setup().run(connect())).text).toBe('pong');
    });

    it('is off with network: false, and a failure says so', async () => {
      const r = await setup({ network: false }).run(connect());
      expect(r.text).not.toContain('pong');
      expect(r.text).toContain('Connection refused');
      expect(r.text).toContain('the network is off in the sandbox');
    });
  });

  it('an abort kills the command and everything it started inside the sandbox', async () => {
    const { run } = setup();
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 300);
    const r = await run('sleep 30 & sleep 30; echo never', controller.signal);
    expect(r.details.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('the tool environment', () => {
  const parent = {
    PATH: '/usr/bin',
    HOME: '/home/u',
    OPENAI_API_KEY: 'sk-1',
    GITHUB_TOKEN: 'ghp',
    DB_PASSWORD: 'pw',
    AWS_SECRET_ACCESS_KEY: 'aws',
    SSH_AUTH_SOCK: '/tmp/agent',
    GOOGLE_APPLICATION_CREDENTIALS: '/k.json',
    npm_config__authToken: 'npm',
    MY_LLM: 'sk-own',
    OTHER_COPY: 'sk-own',
    NPM_TOKEN: 'npm-1',
    NODE_ENV: 'test',
    GIT_AUTHOR_NAME: 'Ada',
  };

  it('drops names with KEY, SECRET, TOKEN, PASSWORD, CREDENTIAL or AUTH, in any case', () => {
    expect(toolEnv(parent)).toEqual({ PATH: '/usr/bin', HOME: '/home/u', MY_LLM: 'sk-own', OTHER_COPY: 'sk-own', NODE_ENV: 'test', GIT_AUTHOR_NAME: 'Ada' });
  });

  it("lets env.allow names back in, but never tack's own key, by name or by value", () => {
    const env = toolEnv(parent, { allow: ['NPM_TOKEN', 'AWS_*', 'MY_LLM'], hide: ['MY_LLM'], hideValues: ['sk-own'] });
    expect(env.NPM_TOKEN).toBe('npm-1');
    expect(env.AWS_SECRET_ACCESS_KEY).toBe('aws');
    expect(env.MY_LLM).toBeUndefined();
    expect(env.OTHER_COPY).toBeUndefined();
    expect(env.GITHUB_TOKEN).toBeUndefined();
  });
});
