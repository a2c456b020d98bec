// tools/fs/own: how tack reads and writes files for its own features. Each case plays the attacker:
// a link out, a link in the way, a hard link to a secret, a pipe, a name that climbs out.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyOwn, linkOwn, OwnFileError, readOwn, removeOwn, writeOwn } from '../../tools/fs/own/index.js';

function places() {
  const base = mkdtempSync(join(tmpdir(), 'own-files-'));
  const root = join(base, 'ws');
  const outside = join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(join(outside, 'id_rsa'), 'OUTSIDE-KEY\n');
  return { root, outside };
}

function refusal(run: () => unknown): OwnFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof OwnFileError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('readOwn', () => {
  it('reads a plain file, and refuses a link (out or in), a link in the way, a hard link, a pipe and a climbing name, each in one sentence', () => {
    const { root, outside } = places();
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'a.txt'), 'a\n');
    expect(readOwn(root, 'src/a.txt').toString()).toBe('a\n');
    symlinkSync(join(outside, 'id_rsa'), join(root, 'notes.txt'));
    symlinkSync('src/a.txt', join(root, 'inside.txt'));
    symlinkSync(outside, join(root, 'out'));
    linkSync(join(outside, 'id_rsa'), join(root, 'copy.txt'));
    execFileSync('mkfifo', [join(root, 'pipe')]);
    expect(refusal(() => readOwn(root, 'notes.txt')).message).toBe(`notes.txt: a symbolic link to ${join(outside, 'id_rsa')}, which tack does not follow`);
    expect(refusal(() => readOwn(root, 'inside.txt')).reason).toBe('a symbolic link to src/a.txt, which tack does not follow');
    expect(refusal(() => readOwn(root, 'out/id_rsa')).reason).toBe(`the folder out is a symbolic link to ${outside}, which tack does not follow`);
    expect(refusal(() => readOwn(root, 'copy.txt')).reason).toMatch(/^one of 2 hard links to one file, whose other names may be outside/);
    expect(refusal(() => readOwn(root, 'pipe')).reason).toBe('not a regular file');
    expect(refusal(() => readOwn(root, '../outside/id_rsa')).reason).toBe('not a plain path inside the folder');
    expect(refusal(() => readOwn(root, 'gone.txt')).code).toBe('ENOENT');
    for (const error of ['notes.txt', 'out/id_rsa', 'copy.txt'].map((rel) => refusal(() => readOwn(root, rel)))) {
      expect(error.message).not.toContain('OUTSIDE-KEY');
      expect(error.message.split('\n')).toHaveLength(1);
    }
  });
});

describe('writeOwn, copyOwn, linkOwn, removeOwn', () => {
  it('writes a new file, making its folders; never over a file or a link, never through a folder that is a link', () => {
    const { root, outside } = places();
    writeOwn(root, 'made/deep/x.md', 'x\n', { mode: 0o600, dirMode: 0o700 });
    expect(readFileSync(join(root, 'made', 'deep', 'x.md'), 'utf8')).toBe('x\n');
    expect(statSync(join(root, 'made', 'deep', 'x.md')).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'made')).mode & 0o777).toBe(0o700);
    expect(refusal(() => writeOwn(root, 'made/deep/x.md', 'again')).code).toBe('EEXIST');
    symlinkSync(outside, join(root, 'out'));
    symlinkSync(join(outside, 'authorized_keys'), join(root, 'keys'));
    expect(refusal(() => writeOwn(root, 'out/authorized_keys', 'attacker')).reason).toBe(
      `the folder out is a symbolic link to ${outside}, which tack does not follow`,
    );
    expect(refusal(() => writeOwn(root, 'out/new/authorized_keys', 'attacker')).reason).toMatch(/^the folder out is a symbolic link/);
    expect(refusal(() => writeOwn(root, 'keys', 'attacker')).code).toBe('EEXIST');
    writeFileSync(join(root, 'file'), '');
    expect(refusal(() => writeOwn(root, 'file/x', 'y')).reason).toBe('file is not a folder');
    expect(readdirSync(outside)).toEqual(['id_rsa']);
  });

  it('copies with the source mode (or the one given), refusing a source with other names and a target folder that links out', () => {
    const { root, outside } = places();
    const to = join(root, '..', 'to');
    mkdirSync(to);
    mkdirSync(join(root, 'bin'));
    writeFileSync(join(root, 'bin', 'run'), '#!/bin/sh\n', { mode: 0o755 });
    copyOwn(root, to, 'bin/run');
    expect(statSync(join(to, 'bin', 'run')).mode & 0o777).toBe(0o755);
    writeFileSync(join(root, '.env'), 'TOKEN=1\n');
    copyOwn(root, to, '.env', { mode: 0o600 });
    expect(statSync(join(to, '.env')).mode & 0o777).toBe(0o600);
    linkSync(join(outside, 'id_rsa'), join(root, 'notes.txt'));
    expect(refusal(() => copyOwn(root, to, 'notes.txt')).reason).toMatch(/hard links/);
    mkdirSync(join(root, 'out'));
    writeFileSync(join(root, 'out', 'authorized_keys'), 'attacker\n');
    symlinkSync(outside, join(to, 'out'));
    expect(refusal(() => copyOwn(root, to, 'out/authorized_keys')).reason).toMatch(/^the folder out is a symbolic link/);
    expect(readdirSync(outside)).toEqual(['id_rsa']);
  });

  it('removes a file, a link (not what it points to) and an empty folder; refuses to reach through a link', () => {
    const { root, outside } = places();
    writeFileSync(join(root, 'a.txt'), 'a');
    symlinkSync(join(outside, 'id_rsa'), join(root, 'l'));
    mkdirSync(join(root, 'empty'));
    mkdirSync(join(root, 'full'));
    writeFileSync(join(root, 'full', 'f'), '');
    symlinkSync(outside, join(root, 'out'));
    expect(['a.txt', 'l', 'empty', 'full', 'nothing', 'no/such'].map((rel) => removeOwn(root, rel))).toEqual([
      'removed',
      'removed',
      'removed',
      'folder',
      'absent',
      'absent',
    ]);
    expect(refusal(() => removeOwn(root, 'out/id_rsa')).reason).toMatch(/^the folder out is a symbolic link/);
    expect(readFileSync(join(outside, 'id_rsa'), 'utf8')).toBe('OUTSIDE-KEY\n');
    linkOwn(root, 'new/link', '../a.txt');
    expect(readlinkSync(join(root, 'new', 'link'))).toBe('../a.txt');
    expect(lstatSync(join(root, 'new')).isDirectory()).toBe(true);
    expect(existsSync(join(root, 'a.txt'))).toBe(false);
  });
});
