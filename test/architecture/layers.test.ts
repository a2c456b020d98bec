// The layers, read from the imports: every import between top-level folders points down, so there
// is no cycle between them. A new folder must be given its place here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/cli.js';

/** Lowest first: a folder may import from folders before it, never after. */
const LAYERS = [
  'src/text',
  'src/net',
  'src/ai',
  'src/agent',
  'tools',
  'src/config',
  'src/extensions',
  'src/trust',
  'src/checkpoints',
  'src/worktree',
  'src/jobs',
  'src/plan',
  'src/lsp',
  'src/goal',
  'src/session',
  'src/modes',
  'src/cli',
  'src/index',
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `src/session/x.ts` → `src/session`; `src/cli.ts` → `src/cli`; `tools/bash/bash.ts` → `tools`. */
function layerOf(path: string): string {
  const parts = relative(repoRoot, path).split(sep);
  if (parts[0] === 'tools') return 'tools';
  return `src/${parts[1]!.replace(/\.tsx?$/, '')}`;
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g;

function crossings(): { from: string; to: string; file: string }[] {
  const files = [...sources(join(repoRoot, 'src')), ...sources(join(repoRoot, 'tools'))];
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(IMPORT)].flatMap((m) => {
      const from = layerOf(file);
      const to = layerOf(resolve(dirname(file), m[1]!));
      return from === to ? [] : [{ from, to, file: relative(repoRoot, file) }];
    });
  });
}

describe('layers', () => {
  const found = crossings();

  it('every top-level folder has its place', () => {
    const unknown = [...new Set(found.flatMap((c) => [c.from, c.to]))].filter((l) => !LAYERS.includes(l));
    expect(unknown).toEqual([]);
  });

  it('imports between top-level folders point down only (so no cycle between them)', () => {
    const upward = found.filter((c) => LAYERS.indexOf(c.to) > LAYERS.indexOf(c.from)).map((c) => `${c.file} imports ${c.to}`);
    expect(upward).toEqual([]);
  });

  it('the reader sees imports: the session imports the agent, the modes the session', () => {
    expect(found.some((c) => c.from === 'src/session' && c.to === 'src/agent')).toBe(true);
    expect(found.some((c) => c.from === 'src/modes' && c.to === 'src/session')).toBe(true);
  });
});
