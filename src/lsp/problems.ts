// A file's errors as a server reports them, which of them an edit introduced, and the note that
// names those for the model. Pure.

/** One error, 1-based as an editor shows it. */
export interface Problem {
  line: number;
  column: number;
  message: string;
  /** the server's code for it: `TS2322`, `reportAssignmentType` */
  code?: string;
}

/** LSP's Diagnostic, as much as tack reads of it. */
export interface LspDiagnostic {
  range: { start: { line: number; character: number } };
  message: string;
  /** 1 error, 2 warning, 3 information, 4 hint; absent: the client decides (an error here) */
  severity?: number;
  code?: number | string;
  source?: string;
}

/** tsserver's own diagnostic (`semanticDiagnosticsSync`), which typescript-language-server passes on. */
export interface TsDiagnostic {
  start: { line: number; offset: number };
  text: string;
  code?: number;
  category?: string;
}

/** The errors of a list of LSP diagnostics; warnings and hints are left out. */
export function fromLsp(diagnostics: readonly LspDiagnostic[]): Problem[] {
  return diagnostics
    .filter((d) => (d.severity ?? 1) === 1)
    .map((d) => ({
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      message: d.message,
      code: d.code === undefined ? undefined : typeof d.code === 'number' && d.source === 'typescript' ? `TS${d.code}` : String(d.code),
    }));
}

export function fromTsserver(diagnostics: readonly TsDiagnostic[]): Problem[] {
  return diagnostics
    .filter((d) => (d.category ?? 'error') === 'error')
    .map((d) => ({ line: d.start.line, column: d.start.offset, message: d.text, code: d.code === undefined ? undefined : `TS${d.code}` }));
}

const keyOf = (p: Problem) => `${p.code ?? ''}\u0000${p.message}`;

/**
 * The errors of `after` that were not in `before`: the same code and message count as the same
 * error wherever the edit moved it, each matched once, to the nearest line.
 */
export function introduced(before: readonly Problem[], after: readonly Problem[]): Problem[] {
  const left = new Map<string, Problem[]>();
  for (const p of after) left.set(keyOf(p), [...(left.get(keyOf(p)) ?? []), p]);
  for (const old of before) {
    const same = left.get(keyOf(old));
    if (!same || same.length === 0) continue;
    let nearest = 0;
    for (let i = 1; i < same.length; i++) {
      if (Math.abs(same[i]!.line - old.line) < Math.abs(same[nearest]!.line - old.line)) nearest = i;
    }
    same.splice(nearest, 1);
  }
  return after.filter((p) => left.get(keyOf(p))?.includes(p));
}

/** The most characters a note about new errors takes in a tool's result. */
export const NOTE_LIMIT = 600;
const MESSAGE_LIMIT = 200;

/** `file:line:column: message [code]`, one line each, within NOTE_LIMIT; undefined when there are none. */
export function describeIntroduced(shown: string, server: string, problems: readonly Problem[]): string | undefined {
  if (problems.length === 0) return undefined;
  const sorted = [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
  const head = `${server} reports ${sorted.length === 1 ? 'an error' : `${sorted.length} errors`} this change introduced:`;
  const lines: string[] = [];
  let size = head.length;
  for (const [i, p] of sorted.entries()) {
    const first = p.message.split('\n')[0]!.trim();
    const message = first.length > MESSAGE_LIMIT ? `${first.slice(0, MESSAGE_LIMIT - 1)}…` : first;
    const line = `${shown}:${p.line}:${p.column}: ${message}${p.code ? ` [${p.code}]` : ''}`;
    const rest = sorted.length - i - 1;
    const more = rest > 0 ? `\n… and ${rest} more` : '';
    if (lines.length > 0 && size + 1 + line.length + more.length > NOTE_LIMIT) {
      lines.push(`… and ${sorted.length - i} more`);
      break;
    }
    lines.push(line);
    size += 1 + line.length;
  }
  return [head, ...lines].join('\n');
}
