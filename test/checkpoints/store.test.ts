import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyChanges } from '../../src/checkpoints/apply.js';
import { pruneCheckpoints } from '../../src/checkpoints/prune.js';
import { CheckpointStore } from '../../src/checkpoints/store.js';
import { checkpointDir } from '../../src/checkpoints/store-paths.js';

const dirs: string[] = [];
function temp(name: string): string {
  const d = mkdtempSync(join(tmpdir(), `ckpt-${name}-`));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const CRLF_BOM = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('line one\r\nline two\r\n')]);

async function restore(store: CheckpointStore, to: string, keep?: Set<string>) {
  const now = await store.snapshot();
  const changes = await store.changes(now.tree, to);
  const blobs = await store.blobs(changes.map((c) => c.newId));
  return applyChanges(store.workspace, changes, blobs, keep);
}

function treeFiles(store: CheckpointStore, tree: string): string[] {
  return execFileSync('git', ['--git-dir', store.paths.gitDir, 'ls-tree', '-r', '--name-only', tree], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('checkpoint store', () => {
  it('copies nothing when a snapshot would copy more files or bytes than its limits, and limits what changed after', async () => {
    const ws = temp('ws-big');
    for (const name of ['a', 'b', 'c']) writeFileSync(join(ws, `${name}.txt`), 'x'.repeat(1000));
    const home = temp('home-big');
    await expect(new CheckpointStore(home, ws, undefined, { files: 2, bytes: 1e9 }).snapshot('s1')).rejects.toThrow(
      'more than 2 files here would be copied (checkpoints.maxFiles)',
    );
    await expect(new CheckpointStore(home, ws, undefined, { files: 100, bytes: 2048 }).snapshot('s1')).rejects.toThrow(
      '1 MB here would be copied, more than checkpoints.maxCopyMB (0)',
    );
    const store = new CheckpointStore(home, ws, undefined, { files: 3, bytes: 1e9 });
    expect(treeFiles(store, (await store.snapshot('s1')).tree)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    // later snapshots copy only what changed: that is what the limits count
    for (const name of ['d', 'e']) writeFileSync(join(ws, `${name}.txt`), 'new');
    expect(treeFiles(store, (await store.snapshot('s1')).tree)).toHaveLength(5);
  });

  it('never checkpoints its own home when tack runs in a folder that holds it (the home folder, say)', async () => {
    const ws = temp('ws-home');
    writeFileSync(join(ws, 'notes.txt'), 'mine\n');
    // $TACK_HOME inside the workspace, its name full of git's pattern characters
    const home = join(ws, 'tack [home]*');
    const store = new CheckpointStore(home, ws);
    await store.snapshot('s1');
    writeFileSync(join(ws, 'notes.txt'), 'changed\n');
    const second = await store.snapshot('s1');
    expect(treeFiles(store, second.tree)).toEqual(['notes.txt']);
    // nor does a rewind warn that it cannot put tack's own files back
    expect(await store.ignoredChangedSince(0)).toEqual([]);

    // $TACK_HOME is the workspace itself: its checkpoints stay out
    const same = temp('ws-same');
    writeFileSync(join(same, 'a.txt'), 'a\n');
    const inPlace = new CheckpointStore(same, same);
    await inPlace.snapshot('s1');
    expect(treeFiles(inPlace, (await inPlace.snapshot('s1')).tree)).toEqual(['a.txt']);
  });

  it('brings edited, created and deleted files back to the byte, links as links, exec bits kept', async () => {
    const ws = temp('ws');
    const home = temp('home');
    writeFileSync(join(ws, 'crlf.txt'), CRLF_BOM);
    mkdirSync(join(ws, 'src'));
    writeFileSync(join(ws, 'src', 'gone.ts'), 'export {};\n');
    writeFileSync(join(ws, 'run.sh'), '#!/bin/sh\necho hi\n');
    chmodSync(join(ws, 'run.sh'), 0o755);
    symlinkSync('crlf.txt', join(ws, 'link'));
    const store = new CheckpointStore(home, ws);
    const before = await store.snapshot('s1');

    writeFileSync(join(ws, 'crlf.txt'), 'changed\n');
    unlinkSync(join(ws, 'src', 'gone.ts'));
    mkdirSync(join(ws, 'new', 'deep'), { recursive: true });
    writeFileSync(join(ws, 'new', 'deep', 'made.txt'), 'new\n');
    writeFileSync(join(ws, 'run.sh'), 'rm -rf /\n');
    unlinkSync(join(ws, 'link'));
    writeFileSync(join(ws, 'link'), 'now a file\n');

    const result = await restore(store, before.tree);
    expect(result.refused).toEqual([]);
    expect(readFileSync(join(ws, 'crlf.txt')).equals(CRLF_BOM)).toBe(true);
    expect(readFileSync(join(ws, 'src', 'gone.ts'), 'utf8')).toBe('export {};\n');
    expect(existsSync(join(ws, 'new'))).toBe(false);
    expect(readFileSync(join(ws, 'run.sh'), 'utf8')).toBe('#!/bin/sh\necho hi\n');
    expect(statSync(join(ws, 'run.sh')).mode & 0o111).not.toBe(0);
    expect(lstatSync(join(ws, 'link')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(ws, 'link'))).toBe('crlf.txt');
    expect(existsSync(join(checkpointDir(home, ws), 'git', 'refs', 'tack', 's1'))).toBe(true);
  });

  it("never touches the user's .git: HEAD, index and stash are the same bytes after snapshot and restore", async () => {
    const ws = temp('repo');
    const home = temp('home');
    const g = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: ws, stdio: 'pipe' }).toString();
    g('init', '-q');
    writeFileSync(join(ws, 'a.txt'), 'one\n');
    g('add', 'a.txt');
    g('commit', '-qm', 'one');
    writeFileSync(join(ws, 'a.txt'), 'stashed\n');
    g('stash', '-q');
    writeFileSync(join(ws, 'b.txt'), 'staged\n');
    g('add', 'b.txt');
    const seen = () => ({
      head: readFileSync(join(ws, '.git', 'HEAD'), 'utf8'),
      index: readFileSync(join(ws, '.git', 'index')).toString('hex'),
      stash: g('rev-parse', 'refs/stash'),
      status: g('status', '--porcelain'),
    });
    const store = new CheckpointStore(home, ws);
    const at = await store.snapshot('s');
    const user = seen();
    writeFileSync(join(ws, 'a.txt'), 'agent\n');
    await store.snapshot('s');
    await restore(store, at.tree);
    expect(seen()).toEqual(user);
    expect((await store.changes(at.tree, (await store.snapshot()).tree)).map((c) => c.path)).toEqual([]);
  });

  it("a hostile repository's .gitattributes changes no bytes and runs no filter, even one the user's git config defines", async () => {
    const ws = temp('hostile');
    const home = temp('home');
    const marker = join(temp('marker'), 'ran');
    writeFileSync(join(ws, '.gitattributes'), '* text eol=lf filter=evil ident working-tree-encoding=UTF-16\n');
    mkdirSync(join(ws, '.git'));
    writeFileSync(join(ws, '.git', 'config'), `[filter "evil"]\n\tclean = touch ${marker}\n\tsmudge = touch ${marker}\n\trequired = true\n`);
    const fakeHome = temp('userhome');
    writeFileSync(join(fakeHome, '.gitconfig'), `[filter "evil"]\n\tclean = touch ${marker}\n\trequired = true\n`);
    const savedHome = process.env.HOME;
    process.env.HOME = fakeHome;
    try {
      writeFileSync(join(ws, 'w.txt'), CRLF_BOM);
      const store = new CheckpointStore(home, ws);
      const at = await store.snapshot();
      writeFileSync(join(ws, 'w.txt'), 'x\n');
      await restore(store, at.tree);
      expect(readFileSync(join(ws, 'w.txt')).equals(CRLF_BOM)).toBe(true);
      expect(existsSync(marker)).toBe(false);
    } finally {
      process.env.HOME = savedHome;
    }
  });

  it('restores nothing through a link: a folder swapped for a link out of the workspace is replaced, the outside untouched', async () => {
    const ws = temp('ws');
    const home = temp('home');
    const outside = temp('outside');
    writeFileSync(join(outside, 'secret.txt'), 'keep me\n');
    mkdirSync(join(ws, 'dir'));
    writeFileSync(join(ws, 'dir', 'secret.txt'), 'workspace copy\n');
    const store = new CheckpointStore(home, ws);
    const at = await store.snapshot();
    rmSync(join(ws, 'dir'), { recursive: true });
    symlinkSync(outside, join(ws, 'dir'));
    const result = await restore(store, at.tree);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('keep me\n');
    expect(lstatSync(join(ws, 'dir')).isDirectory()).toBe(true);
    expect(readFileSync(join(ws, 'dir', 'secret.txt'), 'utf8')).toBe('workspace copy\n');
    expect(result.refused).toEqual([]);
  });

  it('an ignored link to the outside in the way is refused, not followed', async () => {
    const ws = temp('ws');
    const home = temp('home');
    const outside = temp('outside');
    mkdirSync(join(ws, 'node_modules'));
    writeFileSync(join(ws, 'a.txt'), 'a\n');
    const store = new CheckpointStore(home, ws);
    const at = await store.snapshot();
    // a tree from elsewhere naming a path under an ignored link: the restore must not write through it
    rmSync(join(ws, 'node_modules'), { recursive: true });
    symlinkSync(outside, join(ws, 'node_modules'));
    const changes = [{ path: 'node_modules/evil.txt', status: 'A' as const, oldMode: '000000', newMode: '100644', oldId: '0'.repeat(40), newId: 'x' }];
    const result = applyChanges(ws, changes, new Map([['x', Buffer.from('pwned')]]));
    expect(result.refused.map((r) => r.path)).toEqual(['node_modules/evil.txt']);
    expect(existsSync(join(outside, 'evil.txt'))).toBe(false);
    const bad = [{ ...changes[0]!, path: '../escape.txt' }];
    expect(applyChanges(ws, bad, new Map([['x', Buffer.from('pwned')]])).refused).toHaveLength(1);
    expect(existsSync(join(ws, '..', 'escape.txt'))).toBe(false);
    expect(at.tree).toMatch(/^[0-9a-f]{40}$/);
  });

  it('leaves out ignored folders, secret files and files over the size limit, and says which were too large', async () => {
    const ws = temp('ws');
    const home = temp('home');
    writeFileSync(join(ws, '.gitignore'), 'build/\n!.env\n');
    mkdirSync(join(ws, 'build'));
    writeFileSync(join(ws, 'build', 'out.js'), 'x');
    mkdirSync(join(ws, 'node_modules'));
    writeFileSync(join(ws, 'node_modules', 'm.js'), 'x');
    writeFileSync(join(ws, '.env'), 'TOKEN=1');
    writeFileSync(join(ws, 'big.bin'), Buffer.alloc(2048));
    writeFileSync(join(ws, 'small.txt'), 'ok');
    const store = new CheckpointStore(home, ws, 1024);
    const snap = await store.snapshot();
    expect(snap.skipped).toEqual(['big.bin']);
    const files = (await store.changes('4b825dc642cb6eb9a060e54bf8d69288fbee4904', snap.tree)).map((c) => c.path);
    expect(files).toEqual(['.gitignore', 'small.txt']);
  });
});

describe('retention', () => {
  it('prunes the chains of sessions unused for the retention time, and the workspace store once none is left', async () => {
    const ws = temp('ws');
    const home = temp('home');
    writeFileSync(join(ws, 'a.txt'), 'a\n');
    const store = new CheckpointStore(home, ws);
    const snap = await store.snapshot('session-1');
    const inThreeDays = Date.now() + 3 * 24 * 3600 * 1000;
    expect(await pruneCheckpoints(home, 5, inThreeDays)).toEqual({ sessions: 0, workspaces: 0 });
    expect(await store.has(snap.tree)).toBe(true);
    expect(await pruneCheckpoints(home, 2, inThreeDays)).toEqual({ sessions: 1, workspaces: 1 });
    expect(existsSync(checkpointDir(home, ws))).toBe(false);
  });
});
