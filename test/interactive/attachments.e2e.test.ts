// `@path` in the app (issue 20): the file goes to the model with the message, the transcript shows
// one dim line per file, and a pasted image path attaches the image.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, projectWithSettings } from '../support/cli.js';
import { PNG_1X1 } from '../support/images.js';
import { startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const userParts = (body: any): any[] => {
  // the user's message, after the run's note
  const user = body.messages.findLast((m: any) => m.role === 'user');
  return typeof user.content === 'string' ? [{ type: 'text', text: user.content }] : user.content;
};

run('attachments in the app', () => {
  it('@file sends the file with the message and shows it as one dim line with its size', async () => {
    const { term, server } = await startApp([{ text: 'It exports a.' }], { files: { 'src/a.ts': 'export const a = 1;\n' } });
    term.type('explain @src/a.ts please');
    term.keys('Enter');
    const screen = await term.waitFor('It exports a.', 10_000, 'the answer');
    expect(screen).toMatch(/explain @src\/a\.ts please\n\s+⎘ src\/a\.ts \(20 B\)/);
    // text parts only: the adapter sends them as one string, the typed text first
    expect(userParts(server.chatRequests()[0]!.body)).toEqual([
      { type: 'text', text: 'explain @src/a.ts please\n<file path="src/a.ts" size="20 B">\nexport const a = 1;\n</file>' },
    ]);
  });

  it('a pasted path to an image attaches the image', async () => {
    const project = makeProject();
    writeFileSync(join(project.dir, 'shot.png'), PNG_1X1);
    const { term, server } = await startApp([{ text: 'A single pixel.' }], { project });
    term.paste(`${join(project.dir, 'shot.png')}`);
    await term.waitFor('@/', 5000, 'the mention in the input');
    term.type('what is this?');
    term.keys('Enter');
    const screen = await term.waitFor('A single pixel.', 10_000, 'the answer');
    expect(screen).toContain('⎘ shot.png (70 B image)');
    const parts = userParts(server.chatRequests()[0]!.body);
    expect(parts.map((p) => p.type)).toEqual(['text', 'text', 'image_url']);
    expect(parts[2].image_url.url).toBe(`data:image/png;base64,${PNG_1X1.toString('base64')}`);
  });

  it('a model that reads text only gets no image, and the user is told in one sentence', async () => {
    const project = projectWithSettings({ models: { 'mock-model': { images: false } } });
    writeFileSync(join(project.dir, 'shot.png'), PNG_1X1);
    const { term, server } = await startApp([{ text: 'No image here.' }], { project });
    term.type('look at @shot.png now');
    term.keys('Enter');
    const screen = await term.waitFor('No image here.', 10_000, 'the answer');
    expect(screen).toContain('mock-model does not take images, so shot.png was not sent');
    expect(JSON.stringify(server.chatRequests()[0]!.body)).not.toContain('image_url');
  });
});
