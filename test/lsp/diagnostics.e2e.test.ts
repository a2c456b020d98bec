// Diagnostics after an edit, from the command line: a real typescript-language-server started in the
// sandbox tells the model the error an edit introduced; a hostile server (silent, or crashing) costs
// the bound, is named once, and the edit stands; `"diagnostics": false` turns it off; the first
// request is the same either way; no server outlives tack.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collect, makeProject, repoRoot, spawnTack } from '../support/cli.js';
import type { RecordedRequest } from '../support/mock-openai-server.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const server = scriptedServers();

/** A project, its user settings, and a bin folder beside it (outside the workspace, seen in the sandbox) holding `servers`. */
function setup(files: Record<string, string>, settings: object, servers: Record<string, string>) {
  const { dir, home } = makeProject(files);
  writeFileSync(join(home, 'config.json'), JSON.stringify(settings));
  const bin = join(dirname(home), 'bin');
  mkdirSync(bin);
  for (const [name, server] of Object.entries(servers)) {
    if (server.startsWith('#!')) writeFileSync(join(bin, name), server, { mode: 0o755 });
    else symlinkSync(join(repoRoot, 'node_modules', '.bin', server), join(bin, name));
  }
  return { dir, home, env: { PATH: `${bin}:${process.env.PATH}` } };
}

/** Processes still carrying a command marker of the tack whose pid this was (the reaper's prefix). */
function leftBy(tackPid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/environ`, 'latin1').includes(`TACK_COMMAND_ID=tack${tackPid}x`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** What is still running of that tack once its servers had up to 10 s to end (tsserver's own children end after it). */
async function leftAfter(tackPid: number): Promise<number[]> {
  const deadline = Date.now() + 10_000;
  let left = leftBy(tackPid);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    left = leftBy(tackPid);
  }
  return left;
}

async function run(p: ReturnType<typeof setup>, url: string) {
  const child = spawnTack(['-p', '--base-url', url, '-m', 'm', 'change it'], { cwd: p.dir, home: p.home, env: p.env });
  const result = await collect(child);
  return { ...result, left: await leftAfter(child.pid!) };
}

/** The text of the last tool result a request carried: what the edit just before it returned. */
const lastResult = (request: RecordedRequest | undefined): string => toolResultText({ ...request!, body: { messages: request!.body.messages.slice(-1) } });

const edit = (path: string, old_text: string, new_text: string) => ({ name: 'edit', arguments: { path, old_text, new_text } });

describe('diagnostics after an edit', () => {
  it('a string put into a number brings TS2322 from typescript-language-server, and a clean edit brings nothing', { timeout: 300_000 }, async () => {
    // a generous wait: a cold tsserver on a busy machine (the bound itself is the hostile server's test)
    const p = setup(
      { 'a.ts': 'export const x: number = 1;\n' },
      { diagnostics: { waitSeconds: 240 } },
      { 'typescript-language-server': 'typescript-language-server' },
    );
    const s = await server([{ toolCalls: [edit('a.ts', '= 1', '= "one"')] }, { toolCalls: [edit('a.ts', 'export', '// why\nexport')] }, { text: 'done' }]);
    const r = await run(p, s.url);
    expect(r.code).toBe(0);
    const [, first, second] = s.chatRequests();
    expect(lastResult(first)).toMatch(
      /^Edited a\.ts: .*\ntypescript-language-server reports an error this change introduced:\na\.ts:1:14: Type 'string' is not assignable to type 'number'\. \[TS2322\]$/,
    );
    expect(lastResult(second)).toMatch(/^Edited a\.ts: [^\n]*\.$/);
    expect(r.left).toEqual([]);
  });
});

const SILENT = '#!/usr/bin/env node\nprocess.stdin.resume();\n';
const CRASHING = '#!/usr/bin/env node\nprocess.exit(3);\n';

describe('a hostile language server', () => {
  it('that never answers costs the bound: the edit stands and says the diagnostics are pending; nothing is left running', { timeout: 120_000 }, async () => {
    // the bound, shortened from its 3 s
    const p = setup({ 'a.py': 'x = 1\n' }, { diagnostics: { waitSeconds: 1 } }, { 'pyright-langserver': SILENT });
    const s = await server([{ toolCalls: [edit('a.py', 'x = 1', 'x = 2')] }, { text: 'done' }]);
    const r = await run(p, s.url);
    expect(r.code).toBe(0);
    expect(lastResult(s.chatRequests()[1])).toMatch(/\ndiagnostics pending: pyright-langserver did not answer within 1 s$/);
    expect(readFileSync(join(p.dir, 'a.py'), 'utf8')).toBe('x = 2\n');
    expect(r.left).toEqual([]);
  });

  it('that crashes is named once, and the edits stand', { timeout: 120_000 }, async () => {
    const p = setup({ 'a.py': 'x = 1\n' }, {}, { 'pyright-langserver': CRASHING });
    const s = await server([{ toolCalls: [edit('a.py', 'x = 1', 'x = 2')] }, { toolCalls: [edit('a.py', 'x = 2', 'x = 3')] }, { text: 'done' }]);
    const r = await run(p, s.url);
    expect(r.code).toBe(0);
    const [, first, second] = s.chatRequests();
    expect(lastResult(first)).toMatch(/\npyright-langserver stopped \(exited with code 3\); no diagnostics from it for the rest of this session$/);
    expect(lastResult(second)).not.toContain('pyright-langserver');
    expect(readFileSync(join(p.dir, 'a.py'), 'utf8')).toBe('x = 3\n');
  });
});

describe('a server the repository planted in node_modules/.bin', () => {
  it('runs with the workspace read-only and no network: it can neither write nor reach a server on 127.0.0.1', { timeout: 120_000 }, async () => {
    let connections = 0;
    const listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    // its exit code says what it managed: 10, plus 2 for a file written, plus 1 for a connection
    const planted = `#!/usr/bin/env node
let code = 10;
try { require('fs').writeFileSync('planted.txt', 'x'); code += 2; } catch {}
const socket = require('net').connect(${port}, '127.0.0.1');
socket.on('connect', () => process.exit(code + 1));
socket.on('error', () => process.exit(code));
`;
    const p = setup({ 'a.py': 'x = 1\n', 'node_modules/.bin/pyright-langserver': planted }, {}, {});
    chmodSync(join(p.dir, 'node_modules/.bin/pyright-langserver'), 0o755);
    const s = await server([{ toolCalls: [edit('a.py', 'x = 1', 'x = 2')] }, { text: 'done' }]);
    const r = await run(p, s.url);
    listener.close();
    expect(r.code).toBe(0);
    expect(lastResult(s.chatRequests()[1])).toContain('pyright-langserver stopped (exited with code 10)');
    expect(connections).toBe(0);
    expect(existsSync(join(p.dir, 'planted.txt'))).toBe(false);
  });
});

describe('"diagnostics": false', () => {
  it('asks no server, and the first request is the same as with diagnostics on', { timeout: 120_000 }, async () => {
    const runs = [];
    for (const diagnostics of [false, true]) {
      // a server that exits at once: asked, it is named without waiting out the bound
      const p = setup({ 'a.py': 'x = 1\n' }, { diagnostics }, { 'pyright-langserver': CRASHING });
      const s = await server([{ toolCalls: [edit('a.py', 'x = 1', 'x = 2')] }, { text: 'done' }]);
      expect((await run(p, s.url)).code).toBe(0);
      // the one difference between the two runs' requests is where their project is
      runs.push(JSON.parse(JSON.stringify(s.chatRequests()).replaceAll(p.dir, 'PROJECT')) as RecordedRequest[]);
    }
    const [off, on] = runs;
    expect(lastResult(off![1])).not.toContain('pyright-langserver');
    expect(lastResult(on![1])).toContain('pyright-langserver stopped (exited with code 3)');
    expect(on![0]!.body.tools).toEqual(off![0]!.body.tools);
    expect(on![0]!.body.messages).toEqual(off![0]!.body.messages);
  });
});
