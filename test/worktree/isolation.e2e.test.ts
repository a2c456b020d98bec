// A child agent with `isolation: worktree`: it edits, writes and commits in a temporary worktree;
// what it changed reaches the parent's tree only as the parent's own writes, judged by the parent's
// gate (a deny rule holds), and the worktree and its branch are gone afterwards.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';
import { offeredTools, PATIENT, TEST_SERVER } from '../support/mcp.js';
import { git, gitWorktrees } from './repo.js';

const server = scriptedServers();

function repoWithIsolatedAgent(settings: (dir: string) => object = () => ({})) {
  const p = makeProject({ 'a.txt': 'a\n', 'keep.txt': 'keep\n' });
  git(p.dir, 'init', '-q', '-b', 'main');
  git(p.dir, 'config', 'user.email', 'user@example.com');
  git(p.dir, 'config', 'user.name', 'User');
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-qm', 'first');
  mkdirSync(join(p.home, 'agents'));
  writeFileSync(
    join(p.home, 'agents', 'fixer.md'),
    '---\nname: fixer\ndescription: fixes things on its own copy\nisolation: worktree\n---\nFix what you are asked to.\n',
  );
  writeFileSync(join(p.home, 'config.json'), JSON.stringify(settings(p.dir)));
  return p;
}

const childTurns = [
  { toolCalls: [{ id: 'call_task', name: 'task', arguments: { description: 'fix a', prompt: 'fix a.txt and add b.txt', agent: 'fixer' } }] },
  { toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_text: 'a', new_text: 'a fixed' } }] },
  { toolCalls: [{ name: 'write', arguments: { path: 'b.txt', content: 'b\n' } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'rm keep.txt && git add -A && git commit -qm child && echo CHILD-COMMITTED' } }] },
  { text: 'fixed a.txt, added b.txt' },
  { text: 'parent done' },
];

it('the child works in its own worktree; its changes come back as the parent writes, and the worktree goes', { timeout: 60_000 }, async () => {
  const p = repoWithIsolatedAgent();
  const head = git(p.dir, 'rev-parse', 'HEAD');
  const s = await server(childTurns);
  const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'fix it'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(s.chatRequests().map(toolResultText).join('\n')).toContain('CHILD-COMMITTED');
  const report = toolResultText(s.chatRequests().at(-1)!);
  expect(report).toContain('a.txt: written');
  expect(report).toContain('b.txt: written');
  expect(report).toContain('keep.txt: deleted in the worktree, not here');
  expect(readFileSync(join(p.dir, 'a.txt'), 'utf8')).toBe('a fixed\n');
  expect(readFileSync(join(p.dir, 'b.txt'), 'utf8')).toBe('b\n');
  expect(existsSync(join(p.dir, 'keep.txt'))).toBe(true);
  // the user's branch has no commit of the child's, and nothing of the worktree is left
  expect(git(p.dir, 'rev-parse', 'HEAD')).toBe(head);
  expect(gitWorktrees(p.dir)).toEqual([p.dir]);
  expect(git(p.dir, 'branch', '--list', 'tack/*')).toBe('');
});

it("the parent's gate judges each write: a deny rule on the parent's file keeps it as it was", { timeout: 60_000 }, async () => {
  // the rule names the parent's a.txt by its absolute path: the child's copy in the worktree is free to change
  const p = repoWithIsolatedAgent((dir) => ({ permissions: { deny: [`edit(${dir}/a.txt)`] } }));
  const s = await server(childTurns);
  const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'fix it'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  const report = toolResultText(s.chatRequests().at(-1)!);
  expect(report).toMatch(/a\.txt: not applied \(/);
  expect(report).toContain('b.txt: written');
  expect(readFileSync(join(p.dir, 'a.txt'), 'utf8')).toBe('a\n');
  expect(gitWorktrees(p.dir)).toEqual([p.dir]);
});

it("a file the user changed since the last commit is not overwritten with the child's version", { timeout: 60_000 }, async () => {
  const p = repoWithIsolatedAgent();
  writeFileSync(join(p.dir, 'a.txt'), "the user's own work\n");
  const s = await server(childTurns);
  const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'fix it'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(toolResultText(s.chatRequests().at(-1)!)).toContain('a.txt: not applied (it was changed here since');
  expect(readFileSync(join(p.dir, 'a.txt'), 'utf8')).toBe("the user's own work\n");
});

it("the parent's MCP tools are not offered to a child in a worktree: they would reach the parent's world, not its copy", { timeout: 60_000 }, async () => {
  const p = repoWithIsolatedAgent(() => ({ mcpServers: { t: TEST_SERVER }, mcp: PATIENT }));
  const s = await server([childTurns[0]!, { text: 'looked' }, { text: 'parent done' }]);
  const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'fix it'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  const [parent, child] = s.chatRequests();
  expect(offeredTools(parent!).some((name) => name.startsWith('mcp__t__'))).toBe(true);
  expect(offeredTools(child!).filter((name) => name.startsWith('mcp__'))).toEqual([]);
  expect(offeredTools(child!)).toContain('edit');
});
