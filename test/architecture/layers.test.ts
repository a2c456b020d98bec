// The layers, read from the imports: every import between top-level folders points down, so there
// is no cycle between them. A new folder must be given its place here.
import { describe, expect, it } from 'vitest';
import { repoImportGraph } from './import-graph.js';

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

/** `src/session/x.ts` → `src/session`; `src/cli.ts` → `src/cli`; `tools/bash/bash.ts` → `tools`. */
function layerOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'tools') return 'tools';
  return `src/${parts[1]!.replace(/\.tsx?$/, '')}`;
}

function crossings(): { from: string; to: string; file: string }[] {
  return [...repoImportGraph().graph].flatMap(([file, targets]) =>
    targets.flatMap((target) => {
      const from = layerOf(file);
      const to = layerOf(target);
      return from === to ? [] : [{ from, to, file }];
    }),
  );
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
