// The session's language servers with real servers from npm (typescript-language-server, pyright)
// and hostile ones (a server that never answers, one that crashes): what an edit is told, and that
// no server process is left once the session closes.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageServers } from '../../src/lsp/diagnostics.js';
import { repoRoot } from '../support/cli.js';

const opened: LanguageServers[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** A workspace whose node_modules/.bin holds `servers` (name → the repository's copy, or a script's text). */
function workspace(files: Record<string, string>, servers: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tack-lsp-'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  for (const [name, server] of Object.entries(servers)) {
    const at = join(dir, 'node_modules', '.bin', name);
    if (server.startsWith('#!')) {
      writeFileSync(at, server);
      chmodSync(at, 0o755);
    } else symlinkSync(join(repoRoot, 'node_modules', '.bin', server), at);
  }
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

function servers(cwd: string, waitMs: number, hangMs?: number): LanguageServers {
  const s = new LanguageServers({ cwd, env: { ...process.env } as Record<string, string>, waitMs, hangMs });
  opened.push(s);
  return s;
}

/** What edit does: the check before, the file written, the note after. */
async function change(s: LanguageServers, dir: string, path: string, text: string): Promise<string | undefined> {
  const file = join(dir, path);
  const check = s.beforeChange(file, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  writeFileSync(file, text);
  return check?.(text);
}

/** Running, not a zombie its parent has still to collect. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!);
  } catch {
    return false;
  }
};

/** The pid the silent server wrote once it started (the edit's bound may pass before it does). */
async function serverPid(dir: string): Promise<number> {
  const file = join(dir, 'server.pid');
  await vi.waitFor(() => expect(existsSync(file) && readFileSync(file, 'utf8') !== '').toBe(true), { timeout: 20_000, interval: 50 });
  return Number(readFileSync(file, 'utf8'));
}

// generous: a cold tsserver on a busy machine; the bound itself is tested with the hostile server
const PATIENT = 120_000;

describe('typescript-language-server', () => {
  it('a string put into a number brings TS2322, with file:line; an edit that adds no error brings nothing; a new file is checked too', {
    timeout: 200_000,
  }, async () => {
    const dir = workspace({ 'a.ts': 'export const x: number = 1;\n' }, { 'typescript-language-server': 'typescript-language-server' });
    const s = servers(dir, PATIENT, PATIENT);
    const note = await change(s, dir, 'a.ts', 'export const x: number = "one";\n');
    expect(note).toMatch(
      /^typescript-language-server reports an error this change introduced:\na\.ts:1:14: Type 'string' is not assignable to type 'number'\. \[TS2322\]$/,
    );
    // the error stays, the edit adds none: the model is told nothing
    expect(await change(s, dir, 'a.ts', '// a comment\nexport const x: number = "one";\n')).toBeUndefined();
    expect(await change(s, dir, 'a.ts', 'export const x: number = 1;\n')).toBeUndefined();
    // the same server (a cold tsserver is the costly part): a new file written with an error is checked too
    expect(await change(s, dir, 'b.ts', 'const n: number = "two";\nexport { n };\n')).toMatch(/b\.ts:1:7: .*\[TS2322\]/);
  });
});

describe('pyright', () => {
  it('a str assigned to an int brings reportAssignmentType', { timeout: 200_000 }, async () => {
    const dir = workspace({ 'a.py': 'x: int = 1\n' }, { 'pyright-langserver': 'pyright-langserver' });
    const s = servers(dir, PATIENT, PATIENT);
    const note = await change(s, dir, 'a.py', 'x: int = "s"\n');
    expect(note).toMatch(/^pyright-langserver reports an error this change introduced:\na\.py:1:10: .*\[reportAssignmentType\]$/);
    expect(await change(s, dir, 'a.py', 'x: int = "s"\ny = 2\n')).toBeUndefined();
  });
});

const SILENT = `#!/usr/bin/env node
require('fs').writeFileSync(require('path').join(process.cwd(), 'server.pid'), String(process.pid));
process.stdin.resume();
`;
const CRASHING = '#!/usr/bin/env node\nprocess.exit(3);\n';

describe('a hostile server', () => {
  it('that never answers costs the bound, says so, is stopped and named once, and the edits go on', { timeout: 30_000 }, async () => {
    const dir = workspace({ 'a.py': 'x = 1\n' }, { 'pyright-langserver': SILENT });
    const s = servers(dir, 300, 1500);
    expect(await change(s, dir, 'a.py', 'x = 2\n')).toBe('diagnostics pending: pyright-langserver did not answer within 0.3 s');
    expect(readFileSync(join(dir, 'a.py'), 'utf8')).toBe('x = 2\n');
    const pid = await serverPid(dir);
    // once it has hung long enough it is stopped: the next change names it, once
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 20_000, interval: 100 });
    expect(await change(s, dir, 'a.py', 'x = 3\n')).toBe(
      'pyright-langserver stopped (no answer to initialize in 2 s); no diagnostics from it for the rest of this session',
    );
    expect(await change(s, dir, 'a.py', 'x = 4\n')).toBeUndefined();
  });

  it('that crashes is named once, and the edit succeeds', { timeout: 30_000 }, async () => {
    const dir = workspace({ 'a.py': 'x = 1\n' }, { 'pyright-langserver': CRASHING });
    const s = servers(dir, 20_000);
    expect(await change(s, dir, 'a.py', 'x = 2\n')).toBe(
      'pyright-langserver stopped (exited with code 3); no diagnostics from it for the rest of this session',
    );
    expect(await change(s, dir, 'a.py', 'x = 3\n')).toBeUndefined();
  });
});

describe('the session closing', () => {
  it('ends the servers it started', { timeout: 30_000 }, async () => {
    const dir = workspace({ 'a.py': 'x = 1\n' }, { 'pyright-langserver': SILENT });
    const s = servers(dir, 200);
    await change(s, dir, 'a.py', 'x = 2\n');
    const pid = await serverPid(dir);
    expect(alive(pid)).toBe(true);
    await s.close();
    expect(alive(pid)).toBe(false);
  });
});
