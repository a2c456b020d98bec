// The layers one folder down, read from the imports (type-only ones too): inside src/session, src/extensions,
// src/config and tools/, every import between their parts points down the order below, so no part
// grows a knot with another. (src/modes/interactive has its own test; the top folders layers.test.ts.)
// A part is a subfolder or a file of the folder itself; a new one must be given its place here.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/cli.js';
import { repoImportGraph } from './import-graph.js';

interface Layering {
  folder: string;
  /** Lowest first: a part may import from parts before it, never after. Parts listed together import none of each other. */
  order: (string | string[])[];
  /** whether the folder's own files are parts too (else only its subfolders are ordered) */
  files: boolean;
  /** one import the reader must see, so a reader that sees nothing cannot pass */
  seen: [from: string, to: string];
}

const LAYERINGS: Layering[] = [
  {
    // the session's own files (session.ts, session-core.ts and their helpers) are left out: agents/ and input/ import the core; a child's prompt takes the front door (input/)
    folder: 'src/session',
    files: false,
    order: ['todo', 'prompt', 'file', 'permissions', 'attachments', 'setup', 'compaction', 'input', 'agents', 'context'],
    seen: ['compaction', 'file'],
  },
  {
    // each kind of extension stands alone on the shared reading of sources and files
    folder: 'src/extensions',
    files: true,
    order: [
      ['claude-names', 'files', 'frontmatter', 'user-command'],
      'sources',
      ['agents', 'commands', 'hooks', 'mcp', 'skills'],
      ['project-files', 'status-line'],
    ],
    seen: ['commands', 'sources'],
  },
  {
    // the settings' format, then what reads a file, then one part of the settings, then the whole
    folder: 'src/config',
    files: true,
    order: [
      ['errors', 'paths', 'bounded-read', 'mcp-vars', 'subcommand', 'work-folder', 'agents-settings', 'hooks-schema', 'mcp-schema', 'web-schema'],
      'schema',
      ['files', 'json-edit', 'probe', 'checkpoint-settings'],
      ['base-url', 'status-line', 'web-settings', 'mcp-servers'],
      ['mcp-scopes', 'server-setup'],
      'resolve',
      ['load', 'provider-list'],
    ],
    seen: ['files', 'schema'],
  },
  {
    // the tools import none of each other (write shows edit's diff); what they share is below them
    folder: 'tools',
    files: true,
    order: [
      ['format', 'model-only', 'names', 'errors'],
      'process',
      'fs',
      'sandbox',
      'shell',
      'context',
      'jobs',
      ['bash', 'edit', 'grep', 'web', 'find', 'ls', 'read'],
      'write',
      'index',
    ],
    seen: ['bash', 'shell'],
  },
];

/** `tools/bash/bash.ts` → `bash`; `tools/errors.ts` → `errors` (or null when the folder's files are not parts); outside → null. */
function partOf(layering: Layering, file: string): string | null {
  if (!file.startsWith(`${layering.folder}/`)) return null;
  const [first, ...rest] = file.slice(layering.folder.length + 1).split('/');
  if (rest.length > 0) return first!;
  return layering.files ? first!.replace(/\.tsx?$/, '') : null;
}

const rank = (layering: Layering, part: string) => layering.order.findIndex((p) => [p].flat().includes(part));

function crossings(layering: Layering, graph: Map<string, string[]>): { from: string; to: string; file: string; target: string }[] {
  return [...graph].flatMap(([file, targets]) => {
    const from = partOf(layering, file);
    if (from === null) return [];
    return targets.flatMap((target) => {
      const to = partOf(layering, target);
      return to === null || to === from ? [] : [{ from, to, file, target }];
    });
  });
}

/** Each import that does not point down, as a sentence naming the file, what it imports and why that is wrong. */
function wrongWay(layering: Layering, graph: Map<string, string[]>): string[] {
  return crossings(layering, graph)
    .filter((c) => rank(layering, c.to) >= rank(layering, c.from))
    .map(
      (c) =>
        `${c.file} imports ${c.target}: ${c.from} may not import ${c.to} (${rank(layering, c.to) > rank(layering, c.from) ? 'it is above' : 'they are peers'})`,
    );
}

describe('the layers one folder down', () => {
  const { graph } = repoImportGraph();

  describe.each(LAYERINGS)('$folder', (layering) => {
    const found = crossings(layering, graph);

    it('every part has its place', () => {
      const entries = readdirSync(join(repoRoot, layering.folder), { withFileTypes: true });
      const parts = entries.filter((e) => e.isDirectory() || (layering.files && /\.tsx?$/.test(e.name))).map((e) => e.name.replace(/\.tsx?$/, ''));
      expect(parts.filter((p) => rank(layering, p) < 0)).toEqual([]);
    });

    it('imports between its parts point down only', () => {
      expect(wrongWay(layering, graph)).toEqual([]);
    });

    it('the reader sees imports', () => {
      const [from, to] = layering.seen;
      expect(found.some((c) => c.from === from && c.to === to)).toBe(true);
    });
  });

  it('a planted upward import is named with the file that makes it', () => {
    const layering: Layering = { folder: 'x', files: true, order: ['low', ['a', 'b'], 'top'], seen: ['top', 'low'] };
    const planted = new Map([
      ['x/low/one.ts', ['x/top.ts']],
      ['x/a/one.ts', ['x/b/two.ts', 'x/low/one.ts']],
      ['x/top.ts', ['x/a/one.ts']],
    ]);
    expect(wrongWay(layering, planted)).toEqual([
      'x/low/one.ts imports x/top.ts: low may not import top (it is above)',
      'x/a/one.ts imports x/b/two.ts: a may not import b (they are peers)',
    ]);
  });
});
