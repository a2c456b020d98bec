// The interactive app's rooms, read from the imports: inside src/modes/interactive every import
// between its folders points down this order, so the app cannot grow a knot between them again
// (completion pulling in the command list, the commands reaching back into the app). A new folder
// must be given its place here.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/cli.js';
import { repoImportGraph } from './import-graph.js';

const APP = 'src/modes/interactive';

/** Lowest first: a folder may import from folders before it, never after. `index` is the entry file. */
const ROOMS = ['text', 'input', 'editor', 'markdown', 'os', 'view', 'conversation', 'complete', 'input-box', 'commands', 'setup', 'app', 'index'];

/** `src/modes/interactive/app/controller.ts` → `app`; its `index.ts` → `index`; outside the app → null. */
function roomOf(file: string): string | null {
  if (!file.startsWith(`${APP}/`)) return null;
  return file
    .slice(APP.length + 1)
    .split('/')[0]!
    .replace(/\.tsx?$/, '');
}

function crossings(): { from: string; to: string; file: string }[] {
  return [...repoImportGraph(['src']).graph].flatMap(([file, targets]) => {
    const from = roomOf(file);
    if (from === null) return [];
    return targets.flatMap((target) => {
      const to = roomOf(target);
      return to === null || to === from ? [] : [{ from, to, file }];
    });
  });
}

describe('the interactive app’s rooms', () => {
  const found = crossings();

  it('every folder of src/modes/interactive has its place', () => {
    const folders = readdirSync(join(repoRoot, APP), { withFileTypes: true }).map((e) => e.name.replace(/\.tsx?$/, ''));
    expect(folders.filter((f) => !ROOMS.includes(f))).toEqual([]);
  });

  it('imports between its folders point down only: completion below the commands, the commands below the app', () => {
    const upward = found.filter((c) => ROOMS.indexOf(c.to) > ROOMS.indexOf(c.from)).map((c) => `${c.file} imports ${c.to}/`);
    expect(upward).toEqual([]);
  });

  it('the reader sees imports: the app imports the commands, the commands the input box', () => {
    expect(found.some((c) => c.from === 'app' && c.to === 'commands')).toBe(true);
    expect(found.some((c) => c.from === 'commands' && c.to === 'input-box')).toBe(true);
  });
});
