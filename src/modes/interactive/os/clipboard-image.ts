// Ctrl+V / Alt+V: the image on the system clipboard, read through the platform's own program
// (terminals hand over text only in a paste). The copy side is clipboard.ts (OSC 52).
//
// Programs are looked up in the absolute folders of PATH only: a relative entry (`.`, an empty one)
// would run whatever a repository keeps under that name in the folder tack runs in.
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { ImageContent } from '../../../ai/types.js';
import { IMAGE_MAX_BYTES, sniffImageType } from '../../../session/attachments/image-file.js';
import { visible } from '../../../text/terminal-text.js';
import { formatSize } from '../../../../tools/format.js';

/** A program that prints the clipboard's image, and how its output holds it. */
export interface ClipboardReader {
  program: string;
  args: string[];
  /** raw bytes; base64 text (PowerShell); AppleScript's `«data PNGf…»` hex */
  output: 'bytes' | 'base64' | 'applescript';
}

export type ClipboardImage = { ok: true; image: ImageContent; bytes: Uint8Array; program: string } | { ok: false; notice: string };

const READ_TIMEOUT_MS = 5000;

const POWERSHELL = [
  '-NoProfile',
  '-NonInteractive',
  '-Command',
  'Add-Type -AssemblyName System.Windows.Forms; $i = [Windows.Forms.Clipboard]::GetImage(); if ($i) { $m = New-Object IO.MemoryStream; $i.Save($m, [Drawing.Imaging.ImageFormat]::Png); [Convert]::ToBase64String($m.ToArray()) } else { exit 1 }',
];

/** The programs to ask, in order, on this platform and display. Pure. */
export function clipboardReaders(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): ClipboardReader[] {
  if (platform === 'darwin')
    return [
      { program: 'pngpaste', args: ['-'], output: 'bytes' },
      { program: 'osascript', args: ['-e', 'the clipboard as «class PNGf»'], output: 'applescript' },
    ];
  if (platform === 'win32') return [{ program: 'powershell.exe', args: POWERSHELL, output: 'base64' }];
  const readers: ClipboardReader[] = [];
  if (env.WAYLAND_DISPLAY) readers.push({ program: 'wl-paste', args: ['--no-newline', '--type', 'image/png'], output: 'bytes' });
  if (env.DISPLAY) readers.push({ program: 'xclip', args: ['-selection', 'clipboard', '-t', 'image/png', '-o'], output: 'bytes' });
  // WSL: the clipboard is Windows'
  if (env.WSL_DISTRO_NAME) readers.push({ program: 'powershell.exe', args: POWERSHELL, output: 'base64' });
  return readers;
}

/** What to install when none of the programs is there. */
function installHint(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'brew install pngpaste';
  if (platform === 'win32') return 'PowerShell is needed';
  return 'install xclip (X11) or wl-clipboard (Wayland)';
}

/** The image bytes in a program's output, as that program writes them. Pure. */
export function decodeOutput(out: Buffer, output: ClipboardReader['output']): Buffer {
  if (output === 'bytes') return out;
  if (output === 'base64') return Buffer.from(out.toString('latin1').trim(), 'base64');
  const hex = /«data PNGf([0-9a-fA-F]*)»/.exec(out.toString('utf8'));
  return hex ? Buffer.from(hex[1]!, 'hex') : Buffer.alloc(0);
}

/** Where `program` is in the absolute folders of `PATH`, or undefined. */
export function findProgram(program: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const path = join(dir, program);
    try {
      accessSync(path, constants.X_OK);
      if (statSync(path).isFile()) return path;
    } catch {
      // not here
    }
  }
  return undefined;
}

interface RunResult {
  out: Buffer;
  code: number | null;
  err: string;
  tooBig: boolean;
  timedOut: boolean;
}

function run(path: string, args: string[], env: NodeJS.ProcessEnv, limit: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(path, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let err = '';
    let tooBig = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, READ_TIMEOUT_MS);
    child.stdout.on('data', (d: Buffer) => {
      size += d.length;
      if (size > limit) {
        tooBig = true;
        child.kill('SIGKILL');
      } else chunks.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 1000) err += d.toString('utf8');
    });
    const done = (code: number | null) => {
      clearTimeout(timer);
      resolve({ out: Buffer.concat(chunks), code, err, tooBig, timedOut });
    };
    child.on('error', () => done(null));
    child.on('close', done);
  });
}

/** The first line a program wrote to stderr, safe to show. */
function said(err: string): string {
  const line = err.trim().split('\n')[0]?.trim() ?? '';
  return line ? `: ${visible(line.slice(0, 120))}` : '';
}

/** Asks each reader that is installed until one hands over an image; otherwise one sentence saying what was tried. */
export async function readClipboardImage(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): Promise<ClipboardImage> {
  const readers = clipboardReaders(platform, env);
  if (readers.length === 0)
    return {
      ok: false,
      notice: 'no display to read the clipboard from: tack asks wl-paste (Wayland) or xclip (X11), and neither WAYLAND_DISPLAY nor DISPLAY is set',
    };
  const failures: string[] = [];
  for (const reader of readers) {
    const path = findProgram(reader.program, env);
    if (!path) continue;
    // hex and base64 take more room than the bytes they carry
    const r = await run(path, reader.args, env, IMAGE_MAX_BYTES * 2 + 64);
    if (r.tooBig) return { ok: false, notice: `the clipboard image is too big to send (images up to ${formatSize(IMAGE_MAX_BYTES)})` };
    if (r.timedOut) {
      failures.push(`${reader.program} did not answer in ${READ_TIMEOUT_MS / 1000} s`);
      continue;
    }
    const bytes = decodeOutput(r.out, reader.output);
    const mimeType = sniffImageType(bytes);
    if (r.code === 0 && mimeType) {
      if (bytes.length > IMAGE_MAX_BYTES)
        return { ok: false, notice: `the clipboard image is too big to send (${formatSize(bytes.length)}; images up to ${formatSize(IMAGE_MAX_BYTES)})` };
      return { ok: true, image: { type: 'image', data: bytes.toString('base64'), mimeType }, bytes, program: reader.program };
    }
    failures.push(
      r.code === 0 && bytes.length > 0
        ? `${reader.program} gave ${formatSize(bytes.length)} that is no png, jpeg, gif or webp`
        : `${reader.program}${said(r.err)}`,
    );
  }
  const tried = readers.map((r) => r.program).join(', ');
  if (failures.length === 0) return { ok: false, notice: `no clipboard program found: tried ${tried} (${installHint(platform)})` };
  return { ok: false, notice: `no image on the clipboard (${failures.join('; ')})` };
}
