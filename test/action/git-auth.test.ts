// The action pushes with the workflow's token as actions/checkout does: one Authorization header for
// the server's URL, any header a checkout left emptied first; a remote on disk gets none.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { pushAuth } from '../../action/git.mjs';

function repoWithRemote(url: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tack-action-auth-'));
  execFileSync('git', ['init', '--quiet', dir]);
  execFileSync('git', ['remote', 'add', 'origin', url], { cwd: dir });
  return dir;
}

it('an https remote gets the token as a basic Authorization header for the server, the old header list emptied', () => {
  const args = pushAuth(repoWithRemote('https://github.com/octo-org/hello-world'), 'origin', 'ghs_abc', 'https://github.com/');
  const basic = Buffer.from('x-access-token:ghs_abc').toString('base64');
  expect(args).toEqual(['-c', 'http.https://github.com/.extraheader=', '-c', `http.https://github.com/.extraheader=AUTHORIZATION: basic ${basic}`]);
});

it('a remote on disk, or no token, gets no header', () => {
  expect(pushAuth(repoWithRemote('/srv/git/hello.git'), 'origin', 'ghs_abc', 'https://github.com')).toEqual([]);
  expect(pushAuth(repoWithRemote('https://github.com/octo-org/hello-world'), 'origin', '', 'https://github.com')).toEqual([]);
});
