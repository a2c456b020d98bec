// Bundles the command (dist/src/cli.js from tsc, with its lazily imported modes) and the library entry
// points (tack, tack/agent, tack/ai, tack/tools) into a few files that carry their dependencies: Node
// spends most of a cold start resolving and reading hundreds of small dependency modules, and a user's
// install then fetches one package instead of ~190. The files overwrite tsc's at the same paths, so the
// package's `exports` and the `.d.ts` beside them stay as they are.
import { defineConfig } from 'rolldown';

export const entries = {
  'src/cli': 'dist/src/cli.js',
  'src/index': 'dist/src/index.js',
  'src/agent/index': 'dist/src/agent/index.js',
  'src/ai/index': 'dist/src/ai/index.js',
  'tools/index': 'dist/tools/index.js',
};

export default defineConfig({
  input: entries,
  platform: 'node',
  // Dev-only Ink integration, never loaded unless DEV=true.
  external: ['react-devtools-core'],
  output: {
    dir: 'dist',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'src/chunks/[name]-[hash].js',
    // No source maps: they would point at src/, which the package does not ship.
    sourcemap: false,
  },
});
