// A walk after a command stages what it found in the tree held in memory, not in git's index: one
// git process (the walk) instead of three. The trees must stay exactly those a fresh walk through
// git's index writes, whatever happens between snapshots, including a file put back as the index
// had it, which git's walk no longer reports.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CheckpointStore } from '../../src/checkpoints/store.js';

const base = mkdtempSync(join(tmpdir(), 'ckpt-walk-'));
const log = join(base, 'git-calls.log');
const realPath = process.env.PATH;

beforeAll(() => {
  // a git in front of the real one that writes down each call, to count what a snapshot starts
  const bin = join(base, 'bin');
  mkdirSync(bin);
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(join(bin, 'git'), `#!/bin/sh\nfor a in "$@"; do case "$a" in -c|*=*) ;; *) echo "$a" >> '${log}'; break;; esac; done\nexec '${real}' "$@"\n`, {
    mode: 0o755,
  });
  process.env.PATH = `${bin}${delimiter}${realPath}`;
});
afterAll(() => {
  process.env.PATH = realPath;
  rmSync(base, { recursive: true, force: true });
});

const calls = (): string[] => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
const reset = () => rmSync(log, { force: true });

function workspace(name: string, files: number): { ws: string; home: string } {
  const ws = join(base, name, 'ws');
  for (let i = 0; i < files; i++) {
    mkdirSync(join(ws, `d${i % 7}`), { recursive: true });
    writeFileSync(join(ws, `d${i % 7}`, `f${i}.txt`), `file ${i}\n`);
  }
  return { ws, home: join(base, name, 'home') };
}

/** The tree a store that never saw this workspace writes: git's walk through a fresh index. */
const freshTree = async (ws: string, n: number) => (await new CheckpointStore(join(base, `fresh-${n}`), ws).snapshot()).tree;

it('a walk that finds a few changed files starts only the walk, and writes the tree a fresh walk writes', async () => {
  const { ws, home } = workspace('few', 40);
  const store = new CheckpointStore(home, ws);
  await store.snapshot('s');
  writeFileSync(join(ws, 'd1', 'f1.txt'), 'edited\n');
  await store.snapshot('s', ['d1/f1.txt']);
  for (let i = 0; i < 10; i++) writeFileSync(join(ws, `d${i % 7}`, `f${i + 10}.txt`), `changed by a command ${i}\n`);
  reset();
  const walked = await store.snapshot('s');
  expect(calls()).toEqual(['ls-files']);
  expect(walked.tree).toBe(await freshTree(ws, 1));
  // nothing changed since: the walk again, and the same tree
  reset();
  expect((await store.snapshot('s')).tree).toBe(walked.tree);
  expect(calls()).toEqual(['ls-files']);
});

it('a walk that finds many stages them in the index and lets git write the tree, then walks cheaply again', async () => {
  const { ws, home } = workspace('many', 40);
  const store = new CheckpointStore(home, ws);
  await store.snapshot('s');
  mkdirSync(join(ws, 'gen'));
  for (let i = 0; i < 300; i++) writeFileSync(join(ws, 'gen', `g${i}.txt`), `generated ${i}\n`);
  reset();
  const walked = await store.snapshot('s');
  expect(calls()).toContain('write-tree');
  expect(walked.tree).toBe(await freshTree(ws, 2));
  writeFileSync(join(ws, 'gen', 'g7.txt'), 'changed\n');
  reset();
  const again = await store.snapshot('s');
  expect(calls().filter((c) => c !== 'ls-tree')).toEqual(['ls-files']);
  expect(again.tree).toBe(await freshTree(ws, 3));
});

it('edits, commands, reverts, deletions, links, exec bits, secret and ignored files: every snapshot is the tree a fresh walk writes', async () => {
  const { ws, home } = workspace('mixed', 30);
  writeFileSync(join(ws, '.gitignore'), 'build/\n');
  const store = new CheckpointStore(home, ws);
  await store.snapshot('s');
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const original = (i: number) => `file ${i}\n`;
  let fresh = 10;
  for (let round = 0; round < 40; round++) {
    const touched: string[] = [];
    for (let k = 0; k < 1 + next(4); k++) {
      const i = next(30);
      const path = `d${i % 7}/f${i}.txt`;
      const abs = join(ws, path);
      touched.push(path);
      switch (next(8)) {
        case 0:
          if (existsSync(abs)) unlinkSync(abs);
          break;
        case 1: // back to the bytes git's index holds: its walk stops reporting the file
          writeFileSync(abs, original(i));
          break;
        case 2:
          if (existsSync(abs)) chmodSync(abs, next(2) ? 0o755 : 0o644);
          break;
        case 3: {
          const link = `d${i % 7}/link${i}`;
          rmSync(join(ws, link), { force: true });
          symlinkSync(`f${i}.txt`, join(ws, link));
          touched.push(link);
          break;
        }
        case 4:
          writeFileSync(join(ws, `d${i % 7}`, '.env'), `SECRET=${round}\n`);
          touched.push(`d${i % 7}/.env`);
          break;
        case 5:
          mkdirSync(join(ws, 'build'), { recursive: true });
          writeFileSync(join(ws, 'build', `out${i}.txt`), `${round}\n`);
          touched.push(`build/out${i}.txt`);
          break;
        default:
          writeFileSync(abs, `round ${round} change ${k}\n`);
      }
    }
    // an edit or write names its paths; a command does not
    const snap = next(2) ? await store.snapshot('s', touched) : await store.snapshot('s');
    expect(snap.tree, `round ${round}`).toBe(await freshTree(ws, fresh++));
  }
  const stored = execFileSync('git', ['--git-dir', store.paths.gitDir, 'ls-tree', '-r', '--name-only', (await store.snapshot('s')).tree], { encoding: 'utf8' });
  expect(stored).not.toMatch(/\.env|build\//);
});
