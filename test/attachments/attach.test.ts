// `@path` attachments: what reaches the model for text, images and refusals, and the workspace
// boundary played by an attacker (links, hard links, `..`, absolute paths, secrets).
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attachFiles, TEXT_MAX_BYTES, TEXT_MAX_LINES } from '../../src/session/attachments/attach.js';
import { attachedFiles } from '../../src/session/attachments/parts.js';
import { findFileMentions, pastedImageMention } from '../../src/session/attachments/mentions.js';
import { IMAGE_NAME, sniffImageType } from '../../src/session/attachments/image-file.js';
import { PNG_1X1 } from '../support/images.js';

let base: string;
let root: string;
let outside: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'attach-'));
  root = join(base, 'work');
  outside = join(base, 'outside');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'id_secret'), 'PRIVATE KEY MATERIAL\n');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const vision = { images: { accepted: true, model: 'vision-1' } };
const attach = (paths: string[], o = vision) =>
  attachFiles(
    root,
    paths.map((path) => ({ path })),
    o,
  );
const texts = (parts: { type: string; text?: string }[]) => parts.map((p) => p.text ?? `<${p.type}>`).join('\n');

describe('attaching files', () => {
  it('attaches a text file whole, named and sized', async () => {
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 1;\n');
    const a = await attach(['src/a.ts']);
    expect(a.refused).toEqual([]);
    expect(a.parts).toEqual([{ type: 'text', text: '<file path="src/a.ts" size="20 B">\nexport const a = 1;\n</file>' }]);
    expect(attachedFiles([{ type: 'text', text: 'typed' }, ...a.parts])).toEqual([{ path: 'src/a.ts', kind: 'text', size: '20 B' }]);
  });

  it('cuts a long text file at a line end and says where, for the model and the transcript', async () => {
    writeFileSync(join(root, 'long.log'), Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join('\n'));
    const a = await attach(['long.log']);
    const text = texts(a.parts);
    expect(text).toContain(`line ${TEXT_MAX_LINES}\n[cut after line ${TEXT_MAX_LINES} (`);
    expect(text).toContain(`read it with offset=${TEXT_MAX_LINES + 1} for the rest]`);
    expect(text).not.toContain(`line ${TEXT_MAX_LINES + 1}\n`);
    expect(attachedFiles([{ type: 'text', text: '' }, ...a.parts])[0]!.cut).toMatch(/^after line 2000 \(/);
  });

  it('cuts a file of few long lines by bytes', async () => {
    writeFileSync(join(root, 'wide.txt'), `${'x'.repeat(TEXT_MAX_BYTES - 10)}\n${'y'.repeat(TEXT_MAX_BYTES)}\n`);
    const text = texts((await attach(['wide.txt'])).parts);
    expect(text).toContain('[cut after line 1 (');
    expect(text).not.toContain('yyy');
  });

  it('attaches an image as an image part for a model that takes images', async () => {
    writeFileSync(join(root, 'shot.png'), PNG_1X1);
    const a = await attach(['shot.png']);
    expect(a.parts[1]).toEqual({ type: 'image', data: PNG_1X1.toString('base64'), mimeType: 'image/png' });
    expect(attachedFiles([{ type: 'text', text: '' }, ...a.parts])).toEqual([{ path: 'shot.png', kind: 'image', size: '70 B' }]);
  });

  it('does not send an image to a model that reads text only, and says so in one sentence', async () => {
    writeFileSync(join(root, 'shot.png'), PNG_1X1);
    const a = await attach(['shot.png'], { images: { accepted: false, model: 'deepseek-chat' } });
    expect(a.parts).toEqual([]);
    expect(a.refused).toEqual(['deepseek-chat does not take images, so shot.png was not sent']);
  });

  it('refuses binary files, folders and missing paths; a word that names no file is no mention', async () => {
    writeFileSync(join(root, 'blob.bin'), Buffer.from([1, 2, 0, 3]));
    const a = await attach(['blob.bin', 'src', 'gone.ts', 'alice']);
    expect(a.parts).toEqual([]);
    expect(a.refused).toEqual([
      'blob.bin is a binary file (4 B); not attached',
      'src is a folder; name the files to attach',
      'gone.ts: there is no such file; not attached',
    ]);
  });
});

describe('the workspace boundary, played by an attacker', () => {
  it('never attaches a file outside the workspace, however it is named', async () => {
    const a = await attach([join(outside, 'id_secret'), '../outside/id_secret']);
    expect(a.parts).toEqual([]);
    expect(a.refused).toHaveLength(2);
    expect(a.refused.every((r) => r.includes('outside the workspace'))).toBe(true);
  });

  it('never follows a symlink (to a file or a folder) out of the workspace', async () => {
    symlinkSync(join(outside, 'id_secret'), join(root, 'notes.md'));
    symlinkSync(outside, join(root, 'docs'));
    const a = await attach(['notes.md', 'docs/id_secret']);
    expect(a.parts).toEqual([]);
    expect(a.refused).toEqual([
      `notes.md -> ${join(outside, 'id_secret')} leads outside the workspace; not attached`,
      `docs/id_secret -> ${join(outside, 'id_secret')} leads outside the workspace; not attached`,
    ]);
    expect(JSON.stringify(a)).not.toContain('PRIVATE KEY');
  });

  it('refuses a hard link, whose other name may be outside', async () => {
    linkSync(join(outside, 'id_secret'), join(root, 'innocent.txt'));
    const a = await attach(['innocent.txt']);
    expect(a.parts).toEqual([]);
    expect(a.refused[0]).toMatch(/^innocent\.txt \(one of 2 hard links/);
  });

  it('refuses secret files inside the workspace (the read tool asks first)', async () => {
    writeFileSync(join(root, '.env'), 'API_KEY=sk-live\n');
    const a = await attach(['.env']);
    expect(a.parts).toEqual([]);
    expect(a.refused).toEqual(['.env looks like a secret file; not attached (the read tool asks first)']);
  });

  it('a named pipe or a device planted in the workspace does not hang the app: refused at once', async () => {
    execFileSync('mkfifo', [join(root, 'pipe.txt')]);
    symlinkSync('/dev/zero', join(root, 'zeros.txt'));
    const a = await attach(['pipe.txt', 'zeros.txt']);
    expect(a.parts).toEqual([]);
    expect(a.refused).toEqual([
      'pipe.txt is not a regular file inside the workspace; not attached',
      'zeros.txt -> /dev/zero leads outside the workspace; not attached',
    ]);
  });

  it('attaches a link that stays inside the workspace', async () => {
    writeFileSync(join(root, 'src/real.ts'), 'ok\n');
    symlinkSync(join(root, 'src/real.ts'), join(root, 'alias.ts'));
    const a = await attach(['alias.ts']);
    expect(a.refused).toEqual([]);
    expect(texts(a.parts)).toContain('ok\n');
  });
});

describe('mentions', () => {
  it('finds @path and @"quoted path" mentions, once each, not mail addresses nor MCP resources', () => {
    expect(findFileMentions('look at @src/a.ts, then @"my notes.md" and @src/a.ts. mail me@example.com @docs:readme', ['docs'])).toEqual([
      { path: 'src/a.ts' },
      { path: 'my notes.md' },
    ]);
  });

  it('turns a pasted image path (quoted, escaped or a file URL) into a mention, and nothing else', () => {
    const isImage = (p: string) => IMAGE_NAME.test(p);
    expect(pastedImageMention('/tmp/shot.png', isImage)).toBe('@/tmp/shot.png');
    expect(pastedImageMention("'/tmp/my shot.PNG'", isImage)).toBe('@"/tmp/my shot.PNG"');
    expect(pastedImageMention('/tmp/my\\ shot.jpg ', isImage)).toBe('@"/tmp/my shot.jpg"');
    expect(pastedImageMention('file:///tmp/a%20b.webp', isImage)).toBe('@"/tmp/a b.webp"');
    expect(pastedImageMention('src/a.ts', isImage)).toBeUndefined();
    expect(pastedImageMention('a.png\nb.png', isImage)).toBeUndefined();
  });

  it('knows images by their bytes, not their names', () => {
    expect(sniffImageType(PNG_1X1)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('not an image'))).toBeUndefined();
  });
});
