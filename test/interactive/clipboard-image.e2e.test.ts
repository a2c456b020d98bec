// Ctrl+V / Alt+V in the app (issue 20): the image on the system clipboard is read through xclip on a
// private X display (Xvfb), shown as a chip in the input, and sent to the model as an image part.
// Without a program or without an image, one line says which program was asked; what was typed stays.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, projectWithSettings } from '../support/cli.js';
import { pngOf } from '../support/images.js';
import { startApp, stopApps } from './harness.js';
import { hasTmux, inputBox } from './tmux.js';
import { type Display, noDisplayReason, startDisplay } from './xvfb.js';

const run = hasTmux() ? describe : describe.skip;
const displays: Display[] = [];
afterEach(async () => {
  await stopApps();
  for (const d of displays.splice(0)) d.stop();
});

const userParts = (body: any): any[] => {
  // the user's message, after the run's note
  const user = body.messages.findLast((m: any) => m.role === 'user');
  return typeof user.content === 'string' ? [{ type: 'text', text: user.content }] : user.content;
};

const noDisplay = noDisplayReason();
// never passes without a display: it is skipped, and says why
const withDisplay = noDisplay ? it.skip : it;
const why = noDisplay ? ` (skipped: ${noDisplay})` : '';

/** A PATH of one folder with the programs tmux and the app's shell line need, and no clipboard program. */
function pathWithoutClipboard(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tack-path-'));
  for (const name of ['tmux', 'sh', 'stty', 'tr', 'grep', 'sed', 'sleep', 'git']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found) symlinkSync(found, join(dir, name));
  }
  return dir;
}

async function display(): Promise<Display> {
  const d = await startDisplay();
  displays.push(d);
  return d;
}

run('pasting an image from the clipboard', () => {
  withDisplay(`Ctrl+V and Alt+V attach the clipboard's image as a chip, and the model gets it${why}`, async () => {
    const x = await display();
    const project = makeProject();
    const shot = join(project.dir, '..', 'shot.png');
    const png = pngOf(120, 80);
    writeFileSync(shot, png);
    x.copy(shot, 'image/png');
    const { term, server } = await startApp([{ text: 'Two grey rectangles.' }], { project, env: { DISPLAY: x.name, WAYLAND_DISPLAY: '' } });
    term.type('what is in ');
    term.keys('C-v');
    await term.waitFor((s) => inputBox(s).includes('[image 1: 120×80 png]'), 10_000, 'the chip of the first image');
    term.type('and ');
    term.keys('M-v');
    await term.waitFor((s) => inputBox(s).includes('[image 2: 120×80 png]'), 10_000, 'the chip of the second image');
    term.keys('Enter');
    const screen = await term.waitFor('Two grey rectangles.', 10_000, 'the answer');
    expect(screen).toContain('⎘ clipboard image 1 (');
    const parts = userParts(server.chatRequests()[0]!.body);
    expect(parts[0]).toEqual({ type: 'text', text: expect.stringContaining('what is in [image 1: 120×80 png] and [image 2: 120×80 png]') });
    const images = parts.filter((p) => p.type === 'image_url').map((p) => p.image_url.url);
    expect(images).toEqual([`data:image/png;base64,${png.toString('base64')}`, `data:image/png;base64,${png.toString('base64')}`]);
  });

  withDisplay(`a deleted chip leaves its image out${why}`, async () => {
    const x = await display();
    const project = makeProject();
    const shot = join(project.dir, '..', 'shot.png');
    writeFileSync(shot, pngOf(4, 3));
    x.copy(shot, 'image/png');
    const { term, server } = await startApp([{ text: 'Only words.' }], { project, env: { DISPLAY: x.name, WAYLAND_DISPLAY: '' } });
    term.keys('C-v');
    await term.waitFor((s) => inputBox(s).includes('[image 1: 4×3 png]'), 10_000, 'the chip');
    term.keys('C-u');
    term.type('no picture after all');
    term.keys('Enter');
    await term.waitFor('Only words.', 10_000, 'the answer');
    expect(JSON.stringify(server.chatRequests()[0]!.body)).not.toContain('image_url');
  });

  withDisplay(`no image on the clipboard: one line naming xclip, and the typed text stays${why}`, async () => {
    const x = await display();
    const { term, server } = await startApp([{ text: 'unused' }], { env: { DISPLAY: x.name, WAYLAND_DISPLAY: '' } });
    term.type('keep these words');
    term.keys('C-v');
    const screen = await term.waitFor('no image on the clipboard', 10_000, 'the notice');
    expect(screen).toMatch(/no image on the clipboard \(xclip/);
    expect(inputBox(screen)).toContain('keep these words');
    expect(server.chatRequests()).toHaveLength(0);
  });

  it('no clipboard program: one line naming the program tried, and the typed text stays', async () => {
    // a Wayland session whose PATH leads to no wl-paste
    const { term } = await startApp([{ text: 'unused' }], { env: { WAYLAND_DISPLAY: 'wayland-tack-test', DISPLAY: '', PATH: pathWithoutClipboard() } });
    term.type('still here');
    term.keys('C-v');
    const screen = await term.waitFor(/no clipboard program found|no image on the clipboard/, 10_000, 'the notice');
    expect(screen).toContain('no clipboard program found: tried wl-paste (install xclip (X11) or wl-clipboard (Wayland))');
    expect(inputBox(screen)).toContain('still here');
  });

  it('an xclip the repository holds is never run, even with `.` on PATH', async () => {
    // the attacker: a repository with its own `xclip`, opened by a user whose PATH names the current folder
    const project = makeProject({ xclip: '#!/bin/sh\ntouch planted-xclip-ran\n' });
    chmodSync(join(project.dir, 'xclip'), 0o755);
    const { term } = await startApp([{ text: 'unused' }], { project, env: { DISPLAY: ':0', WAYLAND_DISPLAY: '', PATH: `.:${pathWithoutClipboard()}` } });
    term.type('still here');
    term.keys('C-v');
    const screen = await term.waitFor(/no clipboard program found|no image on the clipboard/, 10_000, 'the notice');
    expect(screen).toContain('no clipboard program found: tried xclip');
    expect(existsSync(join(project.dir, 'planted-xclip-ran'))).toBe(false);
  });

  it('a model that reads text only: nothing is read from the clipboard, and the user is told', async () => {
    const project = projectWithSettings({ models: { 'mock-model': { images: false } } });
    const { term } = await startApp([{ text: 'unused' }], { project, env: { DISPLAY: '', WAYLAND_DISPLAY: '' } });
    term.keys('C-v');
    await term.waitFor('mock-model does not take images, so nothing was pasted from the clipboard', 10_000, 'the refusal');
  });
});
