// The workspace as a boundary, end to end: the built CLI in print mode (default approvals unless a test
// says otherwise), a hostile repository on disk and a hostile model scripted through the mock server.
// "boundary" tests hold whatever the approvals say; "defence in depth" ones sit behind the approvals.
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer, type RecordedRequest, type ScriptedToolCall } from '../support/mock-openai-server.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const FAKE_KEY = '-----BEGIN FAKE TEST KEY----- not-a-real-key';
const FAKE_PASSWORD = 'DB_PASSWORD=fake-password-for-tests';

/** The tool results of the model's second request, one string per call, in call order. */
function results(s: MockServer, request = 1): string[] {
  const body: RecordedRequest['body'] = s.chatRequests()[request]!.body;
  return body.messages
    .filter((m: any) => m.role === 'tool')
    .map((m: any) => (typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('')));
}

/** Runs tack once: the model makes `calls` in one turn, then answers "ok". */
async function attack(calls: ScriptedToolCall[], o: { dir: string; home: string; flags?: string[]; env?: Record<string, string> }) {
  const s = await startMockServer({ turns: [{ toolCalls: calls }, { text: 'ok' }] });
  servers.push(s);
  // --trust: the settings a test writes are the user's own choice here (trust has its own tests)
  const r = await runTack(['-p', '--trust', ...(o.flags ?? []), '--base-url', s.url, '-m', 'm', 'go'], { cwd: o.dir, home: o.home, env: o.env });
  expect(r.stderr).not.toContain('Error');
  expect(r.code).toBe(0);
  return { s, r, out: results(s) };
}

const call = (name: string, args: Record<string, unknown>): ScriptedToolCall => ({ name, arguments: args });

/** A project, its TACK_HOME, and $HOME (their parent, see cleanEnv) holding a fake private key and an outside file. */
function hostileProject(files: Record<string, string> = {}) {
  const project = makeProject(files);
  const userHome = join(project.home, '..');
  mkdirSync(join(userHome, '.ssh'), { recursive: true });
  writeFileSync(join(userHome, '.ssh', 'id_rsa'), FAKE_KEY);
  mkdirSync(join(userHome, 'elsewhere'), { recursive: true });
  writeFileSync(join(userHome, 'elsewhere', 'outside.txt'), 'outside content\n');
  return { ...project, userHome, outside: join(userHome, 'elsewhere', 'outside.txt') };
}

describe('symlinks lead out (boundary)', () => {
  it('a checked-in link to ~/.ssh/id_rsa is not read: refused in print mode, naming the link and its target', async () => {
    const p = hostileProject();
    symlinkSync(join(p.userHome, '.ssh', 'id_rsa'), join(p.dir, 'notes.md'));
    const { out } = await attack([call('read', { path: 'notes.md' }), call('grep', { pattern: 'FAKE', path: 'notes.md' })], p);
    for (const text of out) {
      expect(text).not.toContain('not-a-real-key');
      expect(text).toContain(`notes.md -> ${join(p.userHome, '.ssh', 'id_rsa')}`);
    }
    expect(out[0]).toMatch(/^refused: reading a file that usually holds secrets \(~\/\.ssh\) needs --approval yolo or an allow rule/);
  });

  it('edit and write never change the file a link points to outside; write in yolo replaces the link itself', async () => {
    const p = hostileProject();
    symlinkSync(p.outside, join(p.dir, 'config.txt'));
    symlinkSync(p.outside, join(p.dir, 'other.txt'));
    const printRun = await attack(
      [call('edit', { path: 'config.txt', old_text: 'outside', new_text: 'pwned' }), call('write', { path: 'other.txt', content: 'pwned' })],
      p,
    );
    expect(printRun.out[0]).toContain('leads outside the workspace through a symbolic link, and tack never writes through one');
    expect(printRun.out[1]).toMatch(/^refused: replacing the symbolic link other\.txt \(it points outside the workspace\) with a file needs --approval yolo/);

    const yolo = await attack(
      [call('edit', { path: 'config.txt', old_text: 'outside', new_text: 'pwned' }), call('write', { path: 'other.txt', content: 'mine' })],
      { ...p, flags: ['--yolo'] },
    );
    expect(yolo.out[0]).toContain('tack never writes through one');
    expect(yolo.out[1]).toContain('Replaced the symbolic link other.txt');
    expect(readFileSync(p.outside, 'utf8')).toBe('outside content\n');
    expect(lstatSync(join(p.dir, 'other.txt')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(p.dir, 'other.txt'), 'utf8')).toBe('mine');
    expect(lstatSync(join(p.dir, 'config.txt')).isSymbolicLink()).toBe(true);
  });

  it('a symlinked directory: write cannot create files through it (even --yolo); ls, find and read do not go through it', async () => {
    const p = hostileProject();
    symlinkSync(join(p.userHome, 'elsewhere'), join(p.dir, 'linkdir'));
    writeFileSync(join(p.dir, 'real.md'), 'inside\n');
    const calls = [
      call('write', { path: 'linkdir/new.txt', content: 'planted' }),
      call('ls', { path: 'linkdir' }),
      call('read', { path: 'linkdir/outside.txt' }),
      call('find', { pattern: '*.txt' }),
      call('ls', {}),
      call('grep', { pattern: 'content' }),
    ];
    const { out } = await attack(calls, p);
    expect(out[0]).toContain(`linkdir/new.txt -> ${join(p.userHome, 'elsewhere', 'new.txt')} leads outside the workspace through a symbolic link`);
    expect(out[1]).toMatch(/^refused: reading outside the workspace needs --approval yolo or an allow rule/);
    expect(out[2]).toMatch(/^refused: reading outside the workspace/);
    expect(out[3]).toContain(`linkdir -> ${join(p.userHome, 'elsewhere')}: outside the workspace, not followed`);
    expect(out[3]).not.toContain('outside.txt');
    expect(out[4]).toContain(`linkdir -> ${join(p.userHome, 'elsewhere')}: outside the workspace, not followed`);
    expect(out[5]).toContain('No matches for content');
    expect(out[5]).toContain(`linkdir -> ${join(p.userHome, 'elsewhere')}: outside the workspace, not followed`);
    expect(out.join('\n')).not.toContain('outside content');

    const yolo = await attack([call('write', { path: 'linkdir/new.txt', content: 'planted' })], { ...p, flags: ['--yolo'] });
    expect(yolo.out[0]).toContain('tack never writes through one');
    expect(existsSync(join(p.userHome, 'elsewhere', 'new.txt'))).toBe(false);
  });

  it('a hostile model makes its own link with ln -s in the sandbox, then reads through it: refused', async () => {
    const p = hostileProject();
    const { out } = await attack(
      [
        call('bash', { command: 'ln -s "$HOME/.ssh/id_rsa" k.txt && ln -s "$HOME/elsewhere" d && echo linked' }),
        call('read', { path: 'k.txt' }),
        call('read', { path: 'd/outside.txt' }),
      ],
      p,
    );
    expect(out[0]).toContain('linked');
    expect(out[1]).toMatch(/^refused: reading a file that usually holds secrets/);
    expect(out[2]).toMatch(/^refused: reading outside the workspace/);
    expect(out.join('\n')).not.toContain('not-a-real-key');
    expect(out.join('\n')).not.toContain('outside content');
  });

  it("a repository's checked-in link into $TACK_HOME is refused even with --yolo", async () => {
    const p = hostileProject();
    mkdirSync(join(p.home, 'sessions', 'other-project'), { recursive: true });
    writeFileSync(join(p.home, 'sessions', 'other-project', 'a.jsonl'), '{"secret":"other session"}\n');
    symlinkSync(join(p.home, 'sessions'), join(p.dir, 'history'));
    const { out } = await attack(
      [call('read', { path: 'history/other-project/a.jsonl' }), call('ls', { path: 'history' }), call('grep', { pattern: 'secret', path: 'history' })],
      { ...p, flags: ['--yolo'] },
    );
    for (const text of out) {
      expect(text).toContain("in tack's own home");
      expect(text).not.toContain('other session');
    }
  });
});

describe('hard links (boundary)', () => {
  it('a hard link to an outside file cannot be proven inside, so it is read as outside: refused', async () => {
    const p = hostileProject();
    linkSync(p.outside, join(p.dir, 'copy.txt'));
    const { out } = await attack([call('read', { path: 'copy.txt' })], p);
    expect(out[0]).toMatch(/^refused: reading outside the workspace needs --approval yolo/);
    expect(out[0]).toContain('copy.txt (one of 2 hard links');
    expect(out[0]).not.toContain('outside content');
  });
});

describe('print mode reads outside the workspace (boundary)', () => {
  it("refuses ../other-project/.env, absolute paths, /proc/self/environ and other projects' sessions", async () => {
    const p = hostileProject();
    const other = join(p.dir, '..', 'other-project');
    mkdirSync(other);
    writeFileSync(join(other, '.env'), FAKE_PASSWORD);
    writeFileSync(join(other, 'notes.txt'), 'other notes\n');
    mkdirSync(join(p.home, 'sessions', 'x'), { recursive: true });
    writeFileSync(join(p.home, 'sessions', 'x', 's.jsonl'), '{"other":"session"}\n');
    const { out } = await attack(
      [
        call('read', { path: '../other-project/.env' }),
        call('read', { path: join(other, 'notes.txt') }),
        call('read', { path: '/proc/self/environ' }),
        call('read', { path: join(p.home, 'sessions', 'x', 's.jsonl') }),
        call('ls', { path: '/etc' }),
      ],
      p,
    );
    expect(out[0]).toMatch(/^refused: reading a file that usually holds secrets \(\.env\)/);
    expect(out[1]).toMatch(/^refused: reading outside the workspace needs --approval yolo or an allow rule/);
    expect(out[2]).toMatch(/^refused: reading outside the workspace/);
    expect(out[3]).toContain("in tack's own home");
    expect(out[4]).toMatch(/^refused: reading outside the workspace/);
    expect(out.join('\n')).not.toMatch(/fake-password|other notes|"other"/);
  });

  it('an allow rule naming the place lets print mode read it', async () => {
    const p = hostileProject();
    const { out } = await attack([call('read', { path: p.outside })], {
      ...p,
      dir: makeProjectWith(p, { permissions: { allow: [`read(${join(p.userHome, 'elsewhere')}/**)`] } }),
    });
    expect(out[0]).toContain('outside content');
  });
});

/** Writes .tack/config.json into the project of `p` and returns its directory. */
function makeProjectWith(p: { dir: string }, settings: object): string {
  mkdirSync(join(p.dir, '.tack'), { recursive: true });
  writeFileSync(join(p.dir, '.tack', 'config.json'), JSON.stringify(settings));
  return p.dir;
}

describe('secrets that slipped past the filters', () => {
  it('grep leaves out the lines of secret files and counts them (boundary for the tools)', async () => {
    const p = hostileProject({
      '.env': `${FAKE_PASSWORD}\nDB_PASSWORD_2=x\n`,
      'src/db.ts': 'const p = process.env.DB_PASSWORD;\n',
      '.env.example': 'DB_PASSWORD=\n',
    });
    const { out } = await attack([call('grep', { pattern: 'DB_PASSWORD', path: '.' })], p);
    expect(out[0]).toContain('src/db.ts:1: const p = process.env.DB_PASSWORD;');
    expect(out[0]).toContain('.env.example:1: DB_PASSWORD=');
    expect(out[0]).toContain('2 matches in .env not shown: secret file');
    expect(out[0]).not.toContain('fake-password');
  });

  it("the user's read deny rules are secret patterns too", async () => {
    const p = hostileProject({ 'config/prod.yml': 'password: fake-prod-password\n', 'config/dev.yml': 'password: dev\n' });
    makeProjectWith(p, { permissions: { deny: ['read(config/prod.yml)'] } });
    const { out } = await attack([call('grep', { pattern: 'password', path: 'config' })], p);
    expect(out[0]).toContain('config/dev.yml:1: password: dev');
    expect(out[0]).toContain('1 match in config/prod.yml not shown: denied by "read(config/prod.yml)"');
    expect(out[0]).not.toContain('fake-prod-password');
  });

  it('DATABASE_URL with a password and token-shaped values never reach commands; --verbose says what was dropped', async () => {
    const p = hostileProject();
    const env = {
      DATABASE_URL: 'postgres://user:fake-pw@db.example/app',
      HELPER_VALUE: 'ghp_fakefakefakefakefakefakefakefake0000',
      PLAIN_URL: 'https://example.com/path',
    };
    const { out, r } = await attack([call('bash', { command: 'echo "db=[$DATABASE_URL] helper=[$HELPER_VALUE] plain=[$PLAIN_URL]"' })], {
      ...p,
      env,
      flags: ['--verbose'],
    });
    expect(out[0]).toContain('db=[] helper=[] plain=[https://example.com/path]');
    expect(r.stderr).toContain('DATABASE_URL (a URL with a password)');
    expect(r.stderr).toContain('HELPER_VALUE (a GitHub token)');
    expect(r.stderr.match(/commands run without/g)).toHaveLength(1);
  });

  it('env.allow lets a value-filtered variable back in', async () => {
    const p = hostileProject();
    makeProjectWith(p, { env: { allow: ['DATABASE_URL'] } });
    const { out } = await attack([call('bash', { command: 'echo "db=[$DATABASE_URL]"' })], {
      ...p,
      env: { DATABASE_URL: 'postgres://user:fake-pw@db.example/app' },
    });
    expect(out[0]).toContain('db=[postgres://user:fake-pw@db.example/app]');
  });
});

describe.skipIf(!probeSandbox().ok)('secret files in the sandbox (defence in depth: the approvals still apply)', () => {
  const files = { '.env': `${FAKE_PASSWORD}\n`, '.env.test': 'TEST_DB=fake-test-db\n', '.env.example': 'DB_PASSWORD=\n', 'certs/server.pem': 'FAKE PEM\n' };

  // Each read is a command print mode runs as any other (awk, cp), through a command substitution
  // the approval policy cannot follow: only the sandbox's mask stands between it and the file.
  it('awk 1 $(ls -d .en[v]) and cp .env x && cat x find nothing; templates stay readable', async () => {
    const p = hostileProject(files);
    const { out } = await attack(
      [call('bash', { command: 'awk 1 $(ls -d .en[v]); cp .env x && cat x; awk 1 $(ls certs/*.pe[m]); cat .env.exa""mple; echo done' })],
      p,
    );
    expect(out[0]).toContain('DB_PASSWORD=\ndone');
    expect(out[0]).not.toMatch(/fake-password|FAKE PEM/);
    // the files themselves are untouched
    expect(readFileSync(join(p.dir, '.env'), 'utf8')).toBe(`${FAKE_PASSWORD}\n`);
  });

  it('"sandbox": {"exposeSecretFiles": [".env.test"]} lets one through; a command that fails on a masked file is told the setting', async () => {
    const p = hostileProject(files);
    makeProjectWith(p, { sandbox: { exposeSecretFiles: ['.env.test'] } });
    const { out } = await attack(
      [
        call('bash', { command: 'awk 1 $(ls -d .env[.]test)' }),
        call('bash', { command: '. ./.env; [ -n "$DB_PASSWORD" ] || { echo "DB_PASSWORD is not set"; exit 1; }' }),
      ],
      p,
    );
    expect(out[0]).toContain('TEST_DB=fake-test-db');
    expect(out[1]).toContain('DB_PASSWORD is not set');
    expect(out[1]).toContain('.env is empty in the sandbox: secret files are masked from commands');
    expect(out[1]).toContain('"sandbox": {"exposeSecretFiles": [".env"]}');
  });
});
