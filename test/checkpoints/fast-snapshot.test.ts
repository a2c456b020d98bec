// What a snapshot costs follows what changed: many new files go in as one pack, a snapshot after an
// edit or write looks only at the paths they touched, and the trees are the same as a full walk's.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { shadowEnv } from '../../src/checkpoints/git.js';
import { CheckpointStore } from '../../src/checkpoints/store.js';

function workspace(files: number): { ws: string; home: string } {
  const base = mkdtempSync(join(tmpdir(), 'ckpt-fast-'));
  const ws = join(base, 'ws');
  for (let i = 0; i < files; i++) {
    mkdirSync(join(ws, `d${i % 10}`), { recursive: true });
    writeFileSync(join(ws, `d${i % 10}`, `f${i}.txt`), `file ${i}\n`);
  }
  return { ws, home: join(base, 'home') };
}

const filesOf = (store: CheckpointStore, tree: string) =>
  execFileSync('git', ['--git-dir', store.paths.gitDir, 'ls-tree', '-r', tree], { encoding: 'utf8' }).split('\n').filter(Boolean);

it('the first snapshot of many files writes one pack, not a loose object per file', async () => {
  const { ws, home } = workspace(600);
  symlinkSync('d0/f0.txt', join(ws, 'link'));
  const store = new CheckpointStore(home, ws);
  const { tree } = await store.snapshot('s');
  const objects = join(store.paths.gitDir, 'objects');
  const loose = readdirSync(objects)
    .filter((d) => /^[0-9a-f]{2}$/.test(d))
    .flatMap((d) => readdirSync(join(objects, d)));
  // the trees and the commit are loose; the 601 blobs are in the pack
  expect(loose.length).toBeLessThan(20);
  expect(readdirSync(join(objects, 'pack')).filter((f) => f.endsWith('.pack'))).toHaveLength(1);
  const listed = filesOf(store, tree);
  expect(listed).toHaveLength(601);
  expect(listed.find((l) => l.endsWith('\tlink'))).toMatch(/^120000 blob /);
  // the tree plain git makes of the same files
  const env = { ...process.env, GIT_DIR: join(home, '..', 'plain.git'), GIT_WORK_TREE: ws, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  execFileSync('git', ['init', '-q'], { env });
  execFileSync('git', ['add', '-A'], { env, cwd: ws });
  expect(execFileSync('git', ['write-tree'], { env, cwd: ws, encoding: 'utf8' }).trim()).toBe(tree);
  // the index tack wrote holds each file's stat as it is, so git's next walk reads none of them
  const store_ = { ...process.env, ...shadowEnv(store.paths) };
  const debug = execFileSync('git', ['ls-files', '--debug'], { env: store_, cwd: ws, encoding: 'utf8' });
  const records = debug.split(/\n(?=\S)/).filter(Boolean);
  expect(records).toHaveLength(601);
  for (const record of records) {
    const path = record.split('\n')[0]!;
    const st = lstatSync(join(ws, path), { bigint: true });
    const field = (name: string) => new RegExp(`${name}: (\\d+)(?::(\\d+))?`).exec(record)!;
    expect(`${field('mtime')[1]}:${field('mtime')[2]}`, path).toBe(`${st.mtimeNs / 1_000_000_000n}:${st.mtimeNs % 1_000_000_000n}`);
    expect(`${field('ctime')[1]}:${field('ctime')[2]}`, path).toBe(`${st.ctimeNs / 1_000_000_000n}:${st.ctimeNs % 1_000_000_000n}`);
    expect([field('ino')[1], field('size')[1]], path).toEqual([String(st.ino % 4_294_967_296n), String(st.size)]);
  }
  expect(execFileSync('git', ['ls-files', '-m', '-d'], { env: store_, cwd: ws, encoding: 'utf8' })).toBe('');
  expect((await store.snapshot('s')).tree).toBe(tree);
});

it('after an edit or write only the touched paths are looked at; a walk later finds the rest', async () => {
  const { ws, home } = workspace(20);
  writeFileSync(join(ws, '.gitignore'), 'build/\n');
  const store = new CheckpointStore(home, ws);
  const first = await store.snapshot('s');
  writeFileSync(join(ws, 'd1', 'f1.txt'), 'edited by tack\n');
  writeFileSync(join(ws, 'd2', 'f2.txt'), 'changed by someone else\n');
  mkdirSync(join(ws, 'build'));
  writeFileSync(join(ws, 'build', 'out.txt'), 'ignored\n');
  const touched = await store.snapshot('s', ['d1/f1.txt', 'build/out.txt', '../outside.txt']);
  const changed = (from: string, to: string) =>
    execFileSync('git', ['--git-dir', store.paths.gitDir, 'diff-tree', '-r', '--name-only', from, to], { encoding: 'utf8' }).split('\n').filter(Boolean);
  expect(changed(first.tree, touched.tree)).toEqual(['d1/f1.txt']);
  // nothing touched, nothing changed in the index: the same tree
  expect((await store.snapshot('s', [])).tree).toBe(touched.tree);
  const walked = await store.snapshot('s');
  expect(changed(touched.tree, walked.tree)).toEqual(['d2/f2.txt']);
  // an edit after the walk builds on the walk's tree
  writeFileSync(join(ws, 'd5', 'f5.txt'), 'edited after the walk\n');
  const after = await store.snapshot('s', ['d5/f5.txt']);
  expect(changed(walked.tree, after.tree)).toEqual(['d5/f5.txt']);
  expect(after.tree).toBe((await new CheckpointStore(join(home, '..', 'other-home'), ws).snapshot()).tree);
});

it('a snapshot of touched paths writes the very tree a walk would: new folders, links, exec bits, deletions, ignored and secret files', async () => {
  const { ws, home } = workspace(30);
  writeFileSync(join(ws, '.gitignore'), 'build/\n');
  const store = new CheckpointStore(home, ws);
  await store.snapshot('s');
  const touched = ['new/deep/a.txt', 'run.sh', 'link', 'd3/f3.txt', 'd4/f4.txt', 'build/out.txt', '.env'];
  mkdirSync(join(ws, 'new', 'deep'), { recursive: true });
  writeFileSync(join(ws, 'new', 'deep', 'a.txt'), 'new\n');
  writeFileSync(join(ws, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
  symlinkSync('d0/f0.txt', join(ws, 'link'));
  writeFileSync(join(ws, 'd3', 'f3.txt'), 'edited\n');
  rmSync(join(ws, 'd4', 'f4.txt'));
  mkdirSync(join(ws, 'build'));
  writeFileSync(join(ws, 'build', 'out.txt'), 'ignored\n');
  writeFileSync(join(ws, '.env'), 'KEY=secret\n');
  const fast = await store.snapshot('s', touched);
  const walked = await new CheckpointStore(join(home, '..', 'other-home'), ws).snapshot();
  expect(fast.tree).toBe(walked.tree);
  // and again from the same store: a deletion that empties a folder takes the folder out
  rmSync(join(ws, 'new', 'deep', 'a.txt'));
  const again = await store.snapshot('s', ['new/deep/a.txt']);
  expect(filesOf(store, again.tree).some((l) => l.includes('new/'))).toBe(false);
  expect(again.tree).toBe((await store.snapshot('s')).tree);
});

it('a new file no ignore rule can name goes in without git; one under node_modules or in a nested repository is left out as a walk leaves it', async () => {
  const { ws, home } = workspace(10);
  const store = new CheckpointStore(home, ws);
  await store.snapshot('s');
  mkdirSync(join(ws, 'src', 'node_modules'), { recursive: true });
  mkdirSync(join(ws, 'sub'));
  execFileSync('git', ['init', '-q'], { cwd: join(ws, 'sub'), env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
  writeFileSync(join(ws, 'src', 'new.ts'), 'new\n');
  writeFileSync(join(ws, 'src', 'node_modules', 'dep.js'), 'dep\n');
  writeFileSync(join(ws, 'sub', 'theirs.txt'), 'nested\n');
  const fast = await store.snapshot('s', ['src/new.ts', 'src/node_modules/dep.js', 'sub/theirs.txt']);
  expect(filesOf(store, fast.tree).filter((l) => /src|sub/.test(l))).toEqual([expect.stringMatching(/\tsrc\/new\.ts$/)]);
  expect(fast.tree).toBe((await new CheckpointStore(join(home, '..', 'other-home'), ws).snapshot()).tree);
});
