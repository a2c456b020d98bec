// What both grep engines are asked and answer, and how their matches are shown to the model: the
// same text whichever engine ran.
import { cutLine } from '../format.js';
import { displayPath } from '../fs/paths.js';

/** What both grep engines are asked. */
export interface SearchQuery {
  /** absolute path of the directory (or file) to search */
  root: string;
  rootIsFile: boolean;
  pattern: string;
  ignoreCase: boolean;
  literal: boolean;
  glob?: string;
  context: number;
  /** matches to show; an engine collects matches in path order until it has more than this */
  limit: number;
  includeNodeModules: boolean;
  /** files whose lines are never shown (secrets): their matches are only counted */
  secret?: (absolute: string) => string | undefined;
  signal?: AbortSignal;
}

/** Matches in a file whose lines are not shown, and why. */
export interface Withheld {
  path: string;
  matches: number;
  why: string;
}

/** What an engine found: the files to show, in path order, and the ones held back. */
export interface SearchOutcome {
  files: FileHits[];
  withheld: Withheld[];
}

/** The matches of one file: line numbers (ascending) and the text of match and context lines. */
export interface FileHits {
  /** absolute */
  path: string;
  matches: number[];
  lines: Map<number, string>;
}

/** Both engines order files by this, so they cut a long result at the same place. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Per file, an engine keeps this many matches: enough that every line shown around the last match
 * that fits the limit is known to be a match or not.
 */
export function matchesPerFile(query: Pick<SearchQuery, 'limit' | 'context'>): number {
  return query.limit + query.context + 1;
}

export const MAX_LINE_CHARS = 500;

export interface FormattedHits {
  text: string;
  matches: number;
  files: number;
  truncated: boolean;
}

/** "2 matches in .env not shown: secret file", one line per file. */
export function formatWithheld(withheld: readonly Withheld[], cwd: string): string[] {
  return withheld.map((w) => `${w.matches === 1 ? '1 match' : `${w.matches} matches`} in ${displayPath(cwd, w.path)} not shown: ${w.why}`);
}

/**
 * `path:12: text` for matches and `path-13- text` for context lines, grouped by file in path order,
 * `--` between separate blocks; at most `limit` matches.
 */
export function formatHits(files: FileHits[], cwd: string, limit: number, context: number): FormattedHits {
  const out: string[] = [];
  let budget = limit;
  let shownFiles = 0;
  let available = 0;
  for (const file of files) available += file.matches.length;
  for (const file of files) {
    if (budget === 0) break;
    const kept = file.matches.slice(0, budget);
    if (kept.length === 0) continue;
    budget -= kept.length;
    shownFiles++;
    const shown = displayPath(cwd, file.path);
    const isMatch = new Set(file.matches);
    const numbers = new Set<number>();
    for (const line of kept) {
      for (let n = Math.max(1, line - context); n <= line + context; n++) if (file.lines.has(n)) numbers.add(n);
    }
    let previous: number | undefined;
    for (const n of [...numbers].sort((a, b) => a - b)) {
      if (context > 0 && out.length > 0 && previous !== n - 1) out.push('--');
      const mark = isMatch.has(n) ? ':' : '-';
      const text = file.lines.get(n)!.replace(/\r$/, '');
      out.push(`${shown}${mark}${n}${mark} ${cutLine(text, MAX_LINE_CHARS)}`);
      previous = n;
    }
  }
  const matches = limit - budget;
  const truncated = available > matches;
  if (truncated) {
    out.push('', `[showing the first ${matches} matches; there are more. Narrow the pattern, path or glob, or raise limit]`);
  }
  return { text: out.join('\n'), matches, files: shownFiles, truncated };
}
