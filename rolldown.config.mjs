// Bundles the command (dist/src/cli.js from tsc, with its lazily imported modes) into a few files:
// Node spends most of a cold start resolving and reading hundreds of small dependency modules.
// The library entry points (tack/agent, tack/ai, tack/tools) stay as tsc emitted them.
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: { cli: 'dist/src/cli.js' },
  platform: 'node',
  // Dev-only Ink integration, never loaded unless DEV=true.
  external: ['react-devtools-core'],
  output: {
    dir: 'dist/src',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
});
