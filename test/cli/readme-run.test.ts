// The README's first command starts tack from the checkout itself, at once: no copy into npm's
// cache and second build, as `npx tack` would make (about 20 s, and a stale copy after an edit).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../support/cli.js';

it("the README's run command runs this checkout's built tack", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const first = readme.split('```sh\n')[1]!.split('\n')[0]!;
  const run = first.split('#')[0]!.split('&&')[1]!.trim();
  expect(first.startsWith('npm install && ')).toBe(true);
  expect(run).toBe('node bin/tack.js');
  const [command, ...args] = run.split(' ');
  const version = execFileSync(command!, [...args, '--version'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  expect(version).toBe(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version);
});
