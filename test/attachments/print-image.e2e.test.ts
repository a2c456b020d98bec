// `tack -p --image FILE`: the image reaches the model as an image part after the prompt; a bad
// path, a file that is no image, one too big, or a model that reads text only is a usage error (2).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, projectWithSettings, runTack } from '../support/cli.js';
import { GIF_1X1, PNG_1X1 } from '../support/images.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();

describe('tack -p --image', () => {
  it('sends each image as an image_url part after the prompt, named in words', async () => {
    const s = await server([{ text: 'a red dot' }]);
    const { dir, home } = makeProject();
    writeFileSync(join(dir, 'shot.png'), PNG_1X1);
    writeFileSync(join(dir, 'anim.gif'), GIF_1X1);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'vision', '--image', 'shot.png', '--image', 'anim.gif', 'what is this?'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('a red dot\n');
    const user = s.chatRequests()[0]!.body.messages.findLast((m: any) => m.role === 'user');
    expect(user.content.map((p: any) => p.type)).toEqual(['text', 'text', 'image_url', 'text', 'image_url']);
    expect(user.content[0].text).toBe('what is this?');
    expect(user.content[1].text).toContain('path="shot.png"');
    expect(user.content[2].image_url.url).toBe(`data:image/png;base64,${PNG_1X1.toString('base64')}`);
    expect(user.content[4].image_url.url).toBe(`data:image/gif;base64,${GIF_1X1.toString('base64')}`);
  });

  it('refuses a missing file, a file that is not an image and one too big, in one sentence, exit 2, before any request', async () => {
    const s = await server([{ text: 'never' }]);
    const { dir, home } = makeProject({ 'notes.png': 'just text with a png name\n' });
    writeFileSync(join(dir, 'huge.png'), Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024)]));
    const cases: [string, RegExp][] = [
      ['gone.png', /^tack: --image gone\.png: there is no such file\n$/],
      ['notes.png', /^tack: --image notes\.png is not an image \(png, jpeg, gif or webp\)\n$/],
      ['huge.png', /^tack: --image huge\.png is too big to send \(6\.0 MB; images up to 5\.0 MB\)\n$/],
    ];
    for (const [file, message] of cases) {
      const r = await runTack(['-p', '--base-url', s.url, '-m', 'vision', '--image', file, 'look'], { cwd: dir, home });
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
    }
    expect(s.chatRequests()).toHaveLength(0);
  });

  it('refuses a model that reads text only (from the settings), exit 2, without sending', async () => {
    const s = await server([{ text: 'never' }]);
    const { dir, home } = projectWithSettings({ models: { 'text-only': { images: false } } });
    writeFileSync(join(dir, 'shot.png'), PNG_1X1);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'text-only', '--image', 'shot.png', 'look'], { cwd: dir, home });
    expect(r.stderr).toMatch(/^tack: text-only does not take images, so --image cannot be used with it/);
    expect(r.code).toBe(2);
    expect(s.chatRequests()).toHaveLength(0);
  });

  it('is a print-mode flag: without -p it is a usage error', async () => {
    const { dir, home } = makeProject();
    const r = await runTack(['--image', 'x.png', 'hi'], { cwd: dir, home });
    expect(r.stderr).toMatch(/--image goes with -p/);
    expect(r.code).toBe(2);
  });
});
