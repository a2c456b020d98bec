// The import graph of tack's own sources, as TypeScript resolves it: every relative import and
// re-export (type-only ones too, and `import('./x.js')`), `./x.js` read as `./x.ts` or `./x.tsx`, a
// folder as its `index.ts`; and the strongly connected components of such a graph (Tarjan), which
// are its import circles. The architecture tests read the layers and the circles from it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from '../support/cli.js';

/** A file (relative to the repository, `/`-separated) and the files it imports. */
export type ImportGraph = Map<string, string[]>;

/** `import … from`, `export … from` (the clause holds no quote, so a string cannot end it early). */
const STATIC = /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm;
/** `import './polyfill.js'`, for its effects only. */
const BARE = /^\s*import\s*['"]([^'"]+)['"]/gm;
/** `await import('./x.js')` and the type `import('./x.js').T`. */
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative specifiers a source imports or re-exports, in the order written per kind. */
export function relativeSpecifiers(text: string): string[] {
  const found = [STATIC, BARE, DYNAMIC].flatMap((re) => [...text.matchAll(re)].map((m) => m[1]!));
  return found.filter((s) => s.startsWith('./') || s.startsWith('../'));
}

/**
 * The source file a relative specifier names, as TypeScript's NodeNext resolution finds it: `.js`
 * is the `.ts` or `.tsx` beside it, `.mjs` the `.mts`, a folder its `index.ts`. Undefined when it
 * names no source (a `.json`, a file that is missing).
 */
export function resolveSpecifier(fromFile: string, specifier: string, isSource: (path: string) => boolean): string | undefined {
  const target = join(dirname(fromFile), specifier);
  const candidates = [target, ...sourceSpellings(target), join(target, 'index.ts'), join(target, 'index.tsx')];
  return candidates.find(isSource);
}

function sourceSpellings(target: string): string[] {
  if (target.endsWith('.js')) return [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')];
  if (target.endsWith('.jsx')) return [target.replace(/\.jsx$/, '.tsx')];
  if (target.endsWith('.mjs')) return [target.replace(/\.mjs$/, '.mts')];
  return [`${target}.ts`, `${target}.tsx`];
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(path);
    return /\.(?:ts|tsx|mts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The graph of the sources under the given folders of the repository, with the specifiers that named no source. */
export function repoImportGraph(folders: readonly string[] = ['src', 'tools']): { graph: ImportGraph; unresolved: string[] } {
  const files = folders.flatMap((f) => sourcesUnder(join(repoRoot, f))).map((p) => relative(repoRoot, p).split('\\').join('/'));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  const unresolved: string[] = [];
  for (const file of files) {
    const targets = relativeSpecifiers(readFileSync(join(repoRoot, file), 'utf8')).flatMap((spec) => {
      const target = resolveSpecifier(file, spec, (p) => known.has(p));
      // a relative import of something that is not a source (package.json) must at least exist
      if (target === undefined && !existsSync(resolve(repoRoot, dirname(file), spec))) unresolved.push(`${file} imports ${spec}`);
      return target === undefined ? [] : [target];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return { graph, unresolved };
}

/** The strongly connected components of the graph (Tarjan), each in the order the search closed it; lone files included. */
export function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    components.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components;
}

/** Each circle of more than `allowed` files, as a sentence naming its files and the imports that close it. */
export function circlesOver(graph: ImportGraph, allowed: number): string[] {
  return stronglyConnected(graph)
    .filter((c) => c.length > allowed)
    .map((component) => {
      const members = new Set(component);
      const edges = [...component].sort().map((f) => `${f} imports ${(graph.get(f) ?? []).filter((t) => members.has(t)).join(', ')}`);
      return `a circle of ${component.length} files: ${edges.join('; ')}`;
    });
}
