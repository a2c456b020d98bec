// The interactive app's rooms, read from the imports: inside src/modes/interactive every import
// between its folders points down this order, so the app cannot grow a knot between them again
// (completion pulling in the command list, the commands reaching back into the app). A new folder
// must be given its place here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/cli.js';

const APP = join(repoRoot, 'src', 'modes', 'interactive');

/** Lowest first: a folder may import from folders before it, never after. `index` is the entry file. */
const ROOMS = ['text', 'input', 'editor', 'markdown', 'os', 'view', 'conversation', 'complete', 'input-box', 'commands', 'setup', 'app', 'index'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `app/controller.ts` → `app`; `index.ts` → `index`; outside the app → null. */
function roomOf(path: string): string | null {
  const rel = relative(APP, path);
  if (rel.startsWith('..')) return null;
  return rel.split(sep)[0]!.replace(/\.tsx?$/, '');
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g;

function crossings(): { from: string; to: string; file: string }[] {
  return sources(APP).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((m) => {
      const from = roomOf(file)!;
      const to = roomOf(resolve(dirname(file), m[1]!));
      return to === null || to === from ? [] : [{ from, to, file: relative(repoRoot, file) }];
    }),
  );
}

describe('the interactive app’s rooms', () => {
  const found = crossings();

  it('every folder of src/modes/interactive has its place', () => {
    const folders = readdirSync(APP, { withFileTypes: true }).map((e) => e.name.replace(/\.tsx?$/, ''));
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
