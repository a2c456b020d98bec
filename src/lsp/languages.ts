// Which language server speaks for a file, by its extension: the servers tack knows how to start.
import { extname } from 'node:path';

export interface ServerSpec {
  /** the program, looked for in the workspace's node_modules/.bin, then on PATH; also its name in notes */
  command: string;
  args: readonly string[];
  /** extension (with its dot) → the LSP language id */
  languages: Readonly<Record<string, string>>;
}

const JS = { '.ts': 'typescript', '.mts': 'typescript', '.cts': 'typescript', '.tsx': 'typescriptreact' };
const C = { '.c': 'c', '.h': 'c', '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.hpp': 'cpp', '.hh': 'cpp', '.hxx': 'cpp' };

export const SERVERS: readonly ServerSpec[] = [
  {
    command: 'typescript-language-server',
    args: ['--stdio'],
    languages: { ...JS, '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.jsx': 'javascriptreact' },
  },
  { command: 'pyright-langserver', args: ['--stdio'], languages: { '.py': 'python', '.pyi': 'python' } },
  { command: 'gopls', args: [], languages: { '.go': 'go' } },
  { command: 'rust-analyzer', args: [], languages: { '.rs': 'rust' } },
  { command: 'clangd', args: [], languages: C },
];

/** The server for a file and the file's language id, or undefined when tack knows none. */
export function serverFor(path: string): { spec: ServerSpec; languageId: string } | undefined {
  const ext = extname(path).toLowerCase();
  for (const spec of SERVERS) {
    const languageId = spec.languages[ext];
    if (languageId) return { spec, languageId };
  }
  return undefined;
}
