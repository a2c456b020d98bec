// Where the status line's command may come from: the user's own settings, a project's only once the
// user trusts the folder (a hostile repository's command never runs), and Claude Code's user settings.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import { claudeStatusLine } from '../../src/config/status-line.js';

function folders() {
  const base = mkdtempSync(join(tmpdir(), 'tack-status-'));
  const cwd = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(join(cwd, '.tack'), { recursive: true });
  mkdirSync(home);
  return { base, cwd, home, env: { TACK_HOME: home } };
}

const line = (command: string, padding?: number) => ({ statusLine: { type: 'command', command, ...(padding ? { padding } : {}) } });

describe('the status line setting', () => {
  it("a project's command applies only in a trusted folder; the user's own always", () => {
    const f = folders();
    writeFileSync(join(f.cwd, '.tack', 'config.json'), JSON.stringify(line('touch pwned')));
    const flags = { cwd: f.cwd, baseUrl: 'http://127.0.0.1:9/v1', model: 'm' };
    expect(resolveConfig(flags, f.env, { trust: 'ignored' }).statusLine).toBeUndefined();
    expect(resolveConfig(flags, f.env, { trust: 'trusted' }).statusLine).toMatchObject({ command: 'touch pwned', padding: 0 });
    writeFileSync(join(f.home, 'config.json'), JSON.stringify(line('echo mine', 2)));
    expect(resolveConfig(flags, f.env, { trust: 'ignored' }).statusLine).toMatchObject({ command: 'echo mine', padding: 2 });
  });

  it("a bad setting is one sentence naming the key; Claude Code's is read leniently", () => {
    const f = folders();
    writeFileSync(join(f.home, 'config.json'), JSON.stringify({ statusLine: { type: 'shell', command: 'x' } }));
    expect(() => resolveConfig({ cwd: f.cwd, baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }, f.env)).toThrow(/statusLine/);
    mkdirSync(join(f.base, '.claude'));
    writeFileSync(join(f.base, '.claude', 'settings.json'), JSON.stringify(line('~/.claude/statusline.sh', 1)));
    expect(claudeStatusLine(f.base)).toMatchObject({ command: '~/.claude/statusline.sh', padding: 1 });
    writeFileSync(join(f.base, '.claude', 'settings.json'), '{ not json');
    expect(claudeStatusLine(f.base)).toBeUndefined();
  });
});
