// Plan mode's tests: a small git repository whose every byte can be hashed, and what the model was
// told about each call.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, lstatSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RecordedRequest, Turn } from '../support/mock-openai-server.js';

export const PLAN = '# Plan\n\n1. Rename `greet` to `hello` in src/a.ts.\n2. Run the tests.\n';

export const FILES: Record<string, string> = {
  'README.md': 'hello readme\n',
  'src/a.ts': 'export const greet = "hi";\n',
  'src/b.ts': 'export const b = 2;\n',
};

/** Makes `dir` a repository with one commit, its files dated in the past so no git command rewrites the index. */
export function gitRepo(dir: string): void {
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, stdio: 'pipe' });
  const past = new Date(Date.now() - 3600_000);
  for (const path of Object.keys(FILES)) utimesSync(join(dir, path), past, past);
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'first commit');
  git('status', '--porcelain');
}

/** Every file, folder and link under `root` (its .git included), by path: content hash, mode, link target. */
export function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      const rel = relative(root, path);
      const st = lstatSync(path);
      if (e.isSymbolicLink()) out[rel] = `link ${readlinkSync(path)}`;
      else if (e.isDirectory()) {
        out[rel] = `dir ${st.mode.toString(8)}`;
        walk(path);
      } else out[rel] = `file ${st.mode.toString(8)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
    }
  };
  walk(root);
  return out;
}

export const call = (name: string, args: Record<string, unknown>): Turn => ({ toolCalls: [{ name, arguments: args }] });
export const bash = (command: string): Turn => call('bash', { command });

/** The result of the last tool call the model was sent in a request. */
export function lastResult(request: RecordedRequest): string {
  const m = request.body.messages.filter((x: any) => x.role === 'tool').at(-1);
  if (!m) return '';
  return typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('');
}
