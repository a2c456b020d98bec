// No import circle of more than two files in src/ or tools/ (issue 53): a circle makes its files one
// piece that can only be read, tested and loaded whole, and it grows (the interactive app's had 21
// files). Type-only imports count: they tie the files' contracts together just the same. Two files
// that import each other are allowed; the fix for more is to move what they share down into its own
// file.
import { describe, expect, it } from 'vitest';
import { circlesOver, type ImportGraph, relativeSpecifiers, repoImportGraph, resolveSpecifier, stronglyConnected } from './import-graph.js';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('the circle finder', () => {
  it('finds a planted circle of three files, and names the imports that close it', () => {
    const graph = graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts', 'd.ts'], 'd.ts': [], 'e.ts': ['a.ts'] });
    expect(circlesOver(graph, 2)).toEqual(['a circle of 3 files: a.ts imports b.ts; b.ts imports c.ts; c.ts imports a.ts']);
  });

  it('allows two files that import each other, and finds every circle apart', () => {
    const graph = graphOf({
      'a.ts': ['b.ts'],
      'b.ts': ['a.ts', 'c.ts'],
      'c.ts': ['d.ts'],
      'd.ts': ['e.ts'],
      'e.ts': ['c.ts', 'f.ts'],
      'f.ts': ['g.ts'],
      'g.ts': ['f.ts'],
    });
    expect(circlesOver(graph, 2)).toEqual(['a circle of 3 files: c.ts imports d.ts; d.ts imports e.ts; e.ts imports c.ts']);
    const components = stronglyConnected(graph).map((c) => [...c].sort());
    expect(components).toContainEqual(['a.ts', 'b.ts']);
    expect(components).toContainEqual(['f.ts', 'g.ts']);
  });

  it('finds one long circle whole, not the short paths through it', () => {
    const names = Array.from({ length: 30 }, (_, i) => `f${i}.ts`);
    const graph = graphOf(Object.fromEntries(names.map((n, i) => [n, [names[(i + 1) % names.length]!, names[(i + 7) % names.length]!]])));
    const circles = stronglyConnected(graph).filter((c) => c.length > 2);
    expect(circles.map((c) => c.length)).toEqual([30]);
  });

  it('reads every kind of import: type-only, re-exports, multi-line, bare and dynamic', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      'import {',
      '  c,',
      '  type C,',
      "} from './c/index.js';",
      "export * from './d.js';",
      "export type { E } from './e.js';",
      "import './f.js';",
      "const g = await import('./g.js');",
      "let h: import('./h.js').H;",
      "import { readFileSync } from 'node:fs';",
      'const text = \'import x from "./not-an-import.js"\';',
    ].join('\n');
    expect(relativeSpecifiers(text).sort()).toEqual(['../b.js', './a.js', './c/index.js', './d.js', './e.js', './f.js', './g.js', './h.js']);
  });

  it('resolves a specifier as TypeScript does: .js is the .ts or .tsx beside it, a folder its index.ts', () => {
    const files = new Set(['src/x/a.ts', 'src/x/view.tsx', 'src/y/index.ts', 'src/z.ts']);
    const isSource = (p: string) => files.has(p);
    expect(resolveSpecifier('src/x/b.ts', './a.js', isSource)).toBe('src/x/a.ts');
    expect(resolveSpecifier('src/x/b.ts', './view.js', isSource)).toBe('src/x/view.tsx');
    expect(resolveSpecifier('src/x/b.ts', '../y', isSource)).toBe('src/y/index.ts');
    expect(resolveSpecifier('src/x/b.ts', '../z.js', isSource)).toBe('src/z.ts');
    expect(resolveSpecifier('src/x/b.ts', '../../package.json', isSource)).toBeUndefined();
  });
});

describe('import circles in src/ and tools/', () => {
  const { graph, unresolved } = repoImportGraph();

  it('every relative import names a file that exists', () => {
    expect(unresolved).toEqual([]);
  });

  it('the reader sees the imports: a type-only import and a re-export are edges', () => {
    expect(graph.get('src/session/permissions/web-policy.ts')).toContain('src/session/permissions/decision.ts');
    expect(graph.get('tools/index.ts')).toContain('tools/bash/details.ts');
  });

  it('no circle of more than two files', () => {
    expect(circlesOver(graph, 2)).toEqual([]);
  });
});
