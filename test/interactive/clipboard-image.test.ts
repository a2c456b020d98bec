// Reading the clipboard's image (Ctrl+V): which program each platform asks, and what comes of its
// output, with stand-in programs (shell scripts) run for real from a folder on PATH.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clipboardReaders, decodeOutput, readClipboardImage } from '../../src/modes/interactive/os/clipboard-image.js';
import { GIF_1X1, pngOf } from '../support/images.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A folder of stand-in programs, each a shell script. */
function programs(scripts: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tack-clip-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(scripts)) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

const PNG = pngOf(3, 2);
// the stand-ins run with a PATH of their own folder only, so the tools they use are named in full
const tool = (name: string) => execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
const CAT = tool('cat');
const HEAD = tool('head');

describe('clipboard readers', () => {
  it('asks wl-paste on Wayland, xclip on X11, both when both are there, and Windows through WSL', () => {
    const names = (env: NodeJS.ProcessEnv) => clipboardReaders('linux', env).map((r) => r.program);
    expect(names({ WAYLAND_DISPLAY: 'wayland-0' })).toEqual(['wl-paste']);
    expect(names({ DISPLAY: ':0' })).toEqual(['xclip']);
    expect(names({ WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' })).toEqual(['wl-paste', 'xclip']);
    expect(names({ WSL_DISTRO_NAME: 'Debian' })).toEqual(['powershell.exe']);
    expect(names({})).toEqual([]);
    expect(clipboardReaders('darwin', {}).map((r) => r.program)).toEqual(['pngpaste', 'osascript']);
    expect(clipboardReaders('win32', {}).map((r) => r.program)).toEqual(['powershell.exe']);
  });

  it("decodes AppleScript's «data PNGf…» and PowerShell's base64", () => {
    expect(decodeOutput(Buffer.from(`«data PNGf${PNG.toString('hex').toUpperCase()}»\n`), 'applescript')).toEqual(PNG);
    expect(decodeOutput(Buffer.from(`${PNG.toString('base64')}\r\n`), 'base64')).toEqual(PNG);
  });
});

describe('reading the clipboard image', () => {
  it('takes the image xclip prints', async () => {
    const file = join(programs({}), 'shot.png');
    writeFileSync(file, PNG);
    const bin = programs({ xclip: `${CAT} '${file}'` });
    const got = await readClipboardImage('linux', { PATH: bin, DISPLAY: ':0' });
    expect(got).toMatchObject({ ok: true, program: 'xclip', image: { type: 'image', mimeType: 'image/png', data: PNG.toString('base64') } });
  });

  it('goes on to xclip when wl-paste has no image, and takes a GIF', async () => {
    const file = join(programs({}), 'shot.gif');
    writeFileSync(file, GIF_1X1);
    const bin = programs({ 'wl-paste': 'echo "No suitable type of content copied" >&2; exit 1', xclip: `${CAT} '${file}'` });
    const got = await readClipboardImage('linux', { PATH: bin, DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' });
    expect(got).toMatchObject({ ok: true, program: 'xclip', image: { mimeType: 'image/gif' } });
  });

  it('no image: one line with what each program said', async () => {
    const bin = programs({ 'wl-paste': 'echo "No suitable type of content copied" >&2; exit 1', xclip: 'printf "hello"' });
    const got = await readClipboardImage('linux', { PATH: bin, DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' });
    expect(got).toEqual({
      ok: false,
      notice: 'no image on the clipboard (wl-paste: No suitable type of content copied; xclip gave 5 B that is no png, jpeg, gif or webp)',
    });
  });

  it('what a program says is shown with its control characters visible', async () => {
    const bin = programs({ xclip: `printf 'bad\\033[2Jthing\\n' >&2; exit 1` });
    const got = await readClipboardImage('linux', { PATH: bin, DISPLAY: ':0' });
    expect(got).toEqual({ ok: false, notice: 'no image on the clipboard (xclip: bad␛[2Jthing)' });
  });

  it('no program: names the ones tried and what to install', async () => {
    const got = await readClipboardImage('linux', { PATH: programs({}), DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' });
    expect(got).toEqual({ ok: false, notice: 'no clipboard program found: tried wl-paste, xclip (install xclip (X11) or wl-clipboard (Wayland))' });
  });

  it('no display at all: says so, without running anything', async () => {
    const got = await readClipboardImage('linux', { PATH: programs({ xclip: 'exit 0' }) });
    expect(got).toMatchObject({ ok: false, notice: expect.stringContaining('neither WAYLAND_DISPLAY nor DISPLAY is set') });
  });

  it('macOS without pngpaste: osascript hands the image over as hex', async () => {
    const bin = programs({ osascript: `printf '«data PNGf${PNG.toString('hex')}»\\n'` });
    const got = await readClipboardImage('darwin', { PATH: bin });
    expect(got).toMatchObject({ ok: true, program: 'osascript', image: { data: PNG.toString('base64') } });
  });

  it('a clipboard image over 5 MB is refused without reading it all', async () => {
    const bin = programs({ xclip: `printf '\\211PNG\\r\\n\\032\\n'; ${HEAD} -c 12000000 /dev/zero` });
    const got = await readClipboardImage('linux', { PATH: bin, DISPLAY: ':0' });
    expect(got).toEqual({ ok: false, notice: 'the clipboard image is too big to send (images up to 5.0 MB)' });
  });
});
