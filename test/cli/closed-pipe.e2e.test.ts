// `tack -p --output-format stream-json 'hi' | head -1`: the reader takes the first line and closes the
// pipe. tack ends quietly with status 0 and the conversation saved, instead of dying on EPIPE.
// Here the test is the reader: it closes its end after the first line, and only then does the model
// answer, so tack's next write meets the closed pipe every time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeProject, spawnTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();

/** Every file under `dir`, nested ones included. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

it('a reader that closes the pipe after the first line ends tack with status 0, nothing on stderr, the session saved', { timeout: 60_000 }, async () => {
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const { url } = await server([{ until: held, turn: { text: 'hello there, '.repeat(2000) } }]);
  const { dir, home } = makeProject();
  const child = spawnTack(['-p', '--output-format', 'stream-json', '--base-url', url, '-m', 'm', 'hi'], { cwd: dir, home });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));

  const first = await new Promise<string>((resolve) => {
    let got = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      got += d;
      if (got.includes('\n')) resolve(got.slice(0, got.indexOf('\n')));
    });
  });
  child.stdout!.destroy();
  answer();

  expect(await ended).toBe(0);
  expect(stderr).toBe('');
  const { session_id: id } = JSON.parse(first) as { session_id: string };
  const file = filesUnder(join(home, 'sessions')).find((f) => f.includes(id));
  expect(file).toBeDefined();
  expect(readFileSync(file!, 'utf8')).toContain('"hi"');
});
