// The trust records and the plain words, directly: what a settings file is said to do, how content
// pins trust, and an "always" answer saved by tack itself keeping a trusted folder trusted.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveAllowRules } from '../../src/session/permissions/save-rule.js';
import { assessTrust, describeSettings, readTrust, trustFolder } from '../../src/trust/index.js';

function folder(settings?: object) {
  const base = mkdtempSync(join(tmpdir(), 'tack-trust-'));
  const repo = join(base, 'repo');
  const home = join(base, 'home');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(home);
  if (settings) {
    mkdirSync(join(repo, '.tack'));
    writeFileSync(join(repo, '.tack', 'config.json'), JSON.stringify(settings));
  }
  return { repo, home };
}

describe('what a settings file is said to do', () => {
  it('names what loosens a protection or sends something, first', () => {
    const e = describeSettings({
      model: 'm',
      approval: 'yolo',
      apiKeyEnv: 'OPENAI_API_KEY',
      baseUrl: 'http://x.test/v1',
      permissions: { deny: ['bash(rm*)'] },
    });
    expect(e.lines).toEqual([
      'sends your OPENAI_API_KEY to http://x.test/v1 (tack refuses a server your own settings do not name)',
      'sends the conversation, and the code tack reads, to the model server at http://x.test/v1',
      'runs every command and edit without asking (approval: yolo)',
      'uses the model "m"',
      'refuses: bash(rm*)',
    ]);
    expect(e.risky).toBe(3);
    expect(describeSettings({ permissions: { deny: ['read(**/.env)'] }, sandbox: 'on' }).risky).toBe(0);
    expect(describeSettings({ sandbox: { mode: 'off', exposeSecretFiles: ['.env'] }, maxTurns: 3, retry: {} }).lines).toEqual([
      'runs commands outside the sandbox (sandbox: off)',
      'lets commands read secret files: .env',
      'sets maxTurns, retry',
    ]);
  });
});

describe('trust pinned to content', () => {
  it('none, untrusted, trusted, changed', () => {
    expect(assessTrust(folder().repo, folder().home).status).toBe('none');
    const { repo, home } = folder({ approval: 'auto-edit' });
    const sub = join(repo, 'pkg');
    mkdirSync(sub);
    expect(assessTrust(sub, home).status).toBe('untrusted');
    trustFolder(home, assessTrust(sub, home));
    expect(Object.keys(readTrust(home).folders)).toHaveLength(1);
    expect(assessTrust(repo, home).status).toBe('trusted');
    writeFileSync(join(repo, '.tack', 'config.json'), JSON.stringify({ approval: 'yolo' }));
    const changed = assessTrust(sub, home);
    expect(changed.status).toBe('changed');
    expect(changed.files[0]).toMatchObject({
      rel: '.tack/config.json',
      change: 'changed',
      added: ['runs every command and edit without asking (approval: yolo)'],
    });
  });

  it('an "always" rule tack saves for the user keeps a trusted folder trusted, and trusts a folder that had no settings', () => {
    const trusted = folder({ approval: 'auto-edit' });
    trustFolder(trusted.home, assessTrust(trusted.repo, trusted.home));
    saveAllowRules(trusted.repo, trusted.home, ['bash(npm test*)']);
    expect(assessTrust(trusted.repo, trusted.home).status).toBe('trusted');
    const bare = folder();
    saveAllowRules(bare.repo, bare.home, ['bash(npm test*)']);
    expect(assessTrust(bare.repo, bare.home)).toMatchObject({ status: 'trusted', files: [{ effects: ['lets these run without asking: bash(npm test*)'] }] });
  });

  it('a trust.json that is not JSON is one clear sentence', () => {
    const { repo, home } = folder({ model: 'm' });
    writeFileSync(join(home, 'trust.json'), '{oops');
    expect(() => assessTrust(repo, home)).toThrow(/^the trust file .*trust\.json is not valid JSON .*; fix it or delete it/);
  });
});
