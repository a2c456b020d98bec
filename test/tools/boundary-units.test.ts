// The workspace boundary's parts, one by one (the e2e tests in test/safety play the attacker through
// the CLI): where a path really is, which files the sandbox masks, which variables commands never see.
import { linkSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDropped, filterToolEnv, secretReason } from '../../tools/sandbox/env.js';
import { describeLocation, locate } from '../../tools/fs/real-path.js';
import { builtinSecretTest } from '../../tools/fs/secret-files.js';
import { explainMasked, findSecretFiles } from '../../tools/sandbox/secrets.js';

/** A workspace and an "outside" folder beside it, both real paths. */
function layout() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'tack-boundary-')));
  const ws = join(base, 'ws');
  const out = join(base, 'outside');
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(out);
  writeFileSync(join(out, 'id_rsa'), 'key');
  writeFileSync(join(ws, 'src', 'a.ts'), 'a');
  return { base, ws, out };
}

describe('locate: the real place of a path (boundary)', () => {
  it('a file inside is inside, under its own name', async () => {
    const { ws } = layout();
    const where = await locate(ws, join(ws, 'src', 'a.ts'));
    expect(where).toEqual({ absolute: join(ws, 'src', 'a.ts'), real: join(ws, 'src', 'a.ts'), inside: true, finalLink: false, hardLinks: 1 });
  });

  it('a checked-in link to a file outside is outside, and says where it points', async () => {
    const { ws, out } = layout();
    symlinkSync(join(out, 'id_rsa'), join(ws, 'notes.md'));
    const where = await locate(ws, join(ws, 'notes.md'));
    expect(where).toMatchObject({ real: join(out, 'id_rsa'), inside: false, finalLink: true });
    expect(describeLocation(ws, where)).toBe(`notes.md -> ${join(out, 'id_rsa')}`);
  });

  it('a new file under a linked directory is judged by its nearest existing parent', async () => {
    const { ws, out } = layout();
    symlinkSync(out, join(ws, 'linkdir'));
    const where = await locate(ws, join(ws, 'linkdir', 'new', 'file.txt'));
    expect(where).toMatchObject({ real: join(out, 'new', 'file.txt'), inside: false, finalLink: false });
  });

  it('a dangling link is followed to where it would write', async () => {
    const { ws, out } = layout();
    symlinkSync(join(out, 'not-yet'), join(ws, 'dangling'));
    expect(await locate(ws, join(ws, 'dangling'))).toMatchObject({ real: join(out, 'not-yet'), inside: false, finalLink: true });
  });

  it('a link that stays inside is inside', async () => {
    const { ws } = layout();
    symlinkSync(join(ws, 'src', 'a.ts'), join(ws, 'alias.ts'));
    expect(await locate(ws, join(ws, 'alias.ts'))).toMatchObject({ real: join(ws, 'src', 'a.ts'), inside: true, finalLink: true });
  });

  it('a file with a second hard link cannot be shown to be inside', async () => {
    const { ws, out } = layout();
    linkSync(join(out, 'id_rsa'), join(ws, 'copy'));
    const where = await locate(ws, join(ws, 'copy'));
    expect(where).toMatchObject({ real: join(ws, 'copy'), inside: false, hardLinks: 2 });
    expect(describeLocation(ws, where)).toBe('copy (one of 2 hard links to one file; the others may be outside the workspace)');
  });

  it('/proc, /sys and /dev are outside, also when a link inside points there', async () => {
    const { ws } = layout();
    symlinkSync('/proc/self/environ', join(ws, 'env'));
    expect(await locate(ws, join(ws, 'env'))).toMatchObject({ inside: false });
    expect(await locate('/', '/proc/self/environ')).toMatchObject({ inside: false });
    expect(await locate('/', '/dev/null')).toMatchObject({ inside: false });
  });

  it('a workspace reached through a link is its real folder', async () => {
    const { base, ws } = layout();
    symlinkSync(ws, join(base, 'ws-link'));
    expect(await locate(join(base, 'ws-link'), join(base, 'ws-link', 'src', 'a.ts'))).toMatchObject({ real: join(ws, 'src', 'a.ts'), inside: true });
  });
});

describe('findSecretFiles: what the sandbox shows to commands as empty files (boundary)', () => {
  it('finds .env files, keys and private SSH keys, not templates, public keys or installed packages', () => {
    const { ws, out } = layout();
    const files = [
      '.env',
      '.env.local',
      'config/.env.production',
      '.env.example',
      'certs/server.pem',
      'certs/server.key',
      'id_ed25519',
      'id_ed25519.pub',
      'node_modules/x/.env',
      'README.md',
    ];
    for (const f of files) {
      mkdirSync(join(ws, f, '..'), { recursive: true });
      writeFileSync(join(ws, f), 'x');
    }
    symlinkSync(join(out, 'id_rsa'), join(ws, 'id_rsa')); // a link is masked where it points
    const found = findSecretFiles(ws, builtinSecretTest).map((p) => p.slice(ws.length + 1));
    expect(found).toEqual(['.env', '.env.local', 'certs/server.key', 'certs/server.pem', 'config/.env.production', 'id_ed25519', 'id_rsa']);
  });

  it('exposeSecretFiles lets some through: a name at any depth, or a path from the root', () => {
    const { ws } = layout();
    for (const f of ['.env', '.env.test', 'api/.env.test', 'certs/dev.pem']) {
      mkdirSync(join(ws, f, '..'), { recursive: true });
      writeFileSync(join(ws, f), 'x');
    }
    const found = (expose: string[]) => findSecretFiles(ws, builtinSecretTest, expose).map((p) => p.slice(ws.length + 1));
    expect(found(['.env.test'])).toEqual(['.env', 'certs/dev.pem']);
    expect(found(['certs/*.pem', './.env'])).toEqual(['.env.test', 'api/.env.test']);
    expect(found(['/elsewhere/.env'])).toHaveLength(4);
  });

  it('a failed command that names a masked file is told which setting exposes it', () => {
    const ws = '/w';
    expect(explainMasked(['/w/.env'], ws, 'cat: .env: empty')).toBe(
      '[.env is empty in the sandbox: secret files are masked from commands. If the command needs it, the user can allow that with "sandbox": {"exposeSecretFiles": [".env"]} in .tack/config.json]',
    );
    expect(explainMasked(['/w/.env'], ws, 'build failed')).toBeUndefined();
  });
});

describe('the environment commands get (defence in depth: approvals still apply)', () => {
  it.each([
    ['DATABASE_URL', 'postgres://app:hunter2@db:5432/app', 'a URL with a password'],
    ['REDIS', 'redis://:pw@cache:6379', 'a URL with a password'],
    ['MY_VAR', 'sk-proj-abcdefghijklmnopqrstuvwx', 'an API key (sk-…)'],
    ['GH', 'ghp_abcdefghijklmnopqrstuvwxyz0123', 'a GitHub token'],
    ['PAT', 'github_pat_11ABCDEFG0123456789_abcdef', 'a GitHub token'],
    ['SLACK', 'xoxb-1234567890-abcdef', 'a Slack token'],
    ['AWS', 'AKIAIOSFODNN7EXAMPLE', 'an AWS access key'],
    ['GL', 'glpat-abcdefghij0123456789', 'a GitLab token'],
    ['CI_JOB', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'a JSON web token'],
    ['OPENAI_API_KEY', 'anything', 'its name'],
    ['SSH_AUTH_SOCK', '/run/agent', 'its name'],
    ['MYSQL_PWD', 'hunter2', 'its name'],
    ['REDIS_PWD', 'hunter2', 'its name'],
    ['SMB_PASSWD', 'hunter2', 'its name'],
  ])('%s=%s is dropped (%s)', (name, value, why) => {
    expect(secretReason(name, value)).toBe(why);
  });

  it.each([
    ['GIT_AUTHOR_NAME', 'Ada'],
    ['HOMEPAGE', 'https://example.com/a:b'],
    ['PATH', '/usr/bin:/bin'],
    ['PWD', '/home/u/project'],
    ['OLDPWD', '/home/u'],
    ['DATABASE_URL', 'postgres://app@db/app'],
    ['NOTE', 'task-sk-short'],
  ])('%s=%s stays', (name, value) => {
    expect(secretReason(name, value)).toBeUndefined();
  });

  it("env.allow lets a variable back in, never tack's own key (by name or by value), and says what it dropped", () => {
    const parent = { PATH: '/bin', DATABASE_URL: 'postgres://u:p@h/db', GITHUB_TOKEN: 't', TACK_KEY: 'k-123', OTHER: 'k-123' };
    const { env, dropped } = filterToolEnv(parent, { allow: ['GITHUB_*', 'TACK_KEY'], hide: ['TACK_KEY'], hideValues: ['k-123'] });
    expect(env).toEqual({ PATH: '/bin', GITHUB_TOKEN: 't' });
    expect(dropped).toEqual([{ name: 'DATABASE_URL', why: 'a URL with a password' }]);
    expect(describeDropped(dropped)).toBe(
      'commands run without DATABASE_URL (a URL with a password), which look like credentials; "env": {"allow": ["NAME"]} in the settings lets one back in',
    );
    expect(describeDropped([])).toBeUndefined();
  });
});
