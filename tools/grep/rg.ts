// grep through ripgrep: its filters set to match the built-in engine, its JSON output read into the
// same hits, so the model sees no difference between the two.
import { dirname } from 'node:path';
import { ToolError } from '../errors.js';
import { comparePaths, matchesPerFile, type FileHits, type SearchOutcome, type SearchQuery, type Withheld } from './format.js';

/**
 * rg's filters set to match the built-in engine: .gitignore files (also outside a git repository)
 * and nothing else, hidden files included, .git and node_modules skipped.
 */
function filterArgs(query: SearchQuery): string[] {
  return [
    '--no-config',
    '--hidden',
    '--no-require-git',
    '--no-ignore-dot',
    '--no-ignore-exclude',
    '--no-ignore-global',
    '--with-filename',
    query.ignoreCase ? '--ignore-case' : '--case-sensitive',
    ...(query.literal ? ['--fixed-strings'] : []),
    // later globs win in rg, so the exclusions come last
    ...(query.glob ? ['--glob', query.glob] : []),
    '--glob',
    '!.git',
    ...(query.includeNodeModules ? [] : ['--glob', '!node_modules']),
  ];
}

async function runRg(rg: string, args: string[], query: SearchQuery) {
  // loaded on the first search: a run that never searches keeps execa out of start-up
  const { execa } = await import('execa');
  const result = await execa(rg, args, {
    // rg anchors globs that contain a slash at its working directory: make that the search root
    cwd: query.rootIsFile ? dirname(query.root) : query.root,
    reject: false,
    cancelSignal: query.signal,
    stdin: 'ignore',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (result.isCanceled) throw new ToolError('the search was aborted');
  // rg exits 1 when nothing matched and 2 on errors, which may still come with results (an unreadable file)
  if (result.exitCode === 2 && result.stdout === '') throw new ToolError(rgErrorSentence(result.stderr));
  return result.stdout;
}

function rgErrorSentence(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.some((line) => line.includes('regex parse error'))) {
    const reason = lines.filter((line) => line.startsWith('error:')).pop() ?? lines.pop();
    return `invalid regular expression: ${reason?.replace(/^error:\s*/, '')}`;
  }
  return `rg failed: ${lines[0] ?? 'no message'}`;
}

/**
 * Two passes, so the result is the same as the built-in engine's (first matches in path order)
 * while rg still searches in parallel: count matches in every file, then read the lines of just
 * the first files that hold more than `limit` matches.
 */
export async function searchWithRg(rg: string, query: SearchQuery): Promise<SearchOutcome> {
  const filters = filterArgs(query);
  const cap = String(matchesPerFile(query));
  // counting stops at `cap` per file: enough to choose the files, and much less work for common words
  const counts = await runRg(rg, [...filters, '--count', '--null', '--max-count', cap, '-e', query.pattern, '--', query.root], query);
  const counted = counts
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const nul = line.lastIndexOf('\0');
      return { path: line.slice(0, nul), count: Number(line.slice(nul + 1)) };
    })
    .sort((a, b) => comparePaths(a.path, b.path));
  const chosen: string[] = [];
  const withheld: Withheld[] = [];
  let total = 0;
  for (const { path, count } of counted) {
    if (total > query.limit) break;
    const why = query.secret?.(path);
    if (why) {
      withheld.push({ path, matches: count, why });
      continue;
    }
    chosen.push(path);
    total += count;
  }
  if (chosen.length === 0) return { files: [], withheld };

  const json = await runRg(rg, [...filters, '--json', '--context', String(query.context), '--max-count', cap, '-e', query.pattern, '--', ...chosen], query);
  const byPath = new Map<string, FileHits>(chosen.map((path) => [path, { path, matches: [], lines: new Map() }]));
  for (const line of json.split('\n')) {
    if (!line.startsWith('{"type":"match"') && !line.startsWith('{"type":"context"')) continue;
    const event = JSON.parse(line) as RgLineEvent;
    const hits = byPath.get(decode(event.data.path));
    if (!hits) continue;
    const number = event.data.line_number;
    if (event.type === 'match') hits.matches.push(number);
    hits.lines.set(number, decode(event.data.lines).replace(/\n$/, ''));
  }
  return { files: [...byPath.values()].filter((hits) => hits.matches.length > 0), withheld };
}

/** rg writes text that is not valid UTF-8 as base64 bytes. */
interface RgData {
  text?: string;
  bytes?: string;
}

interface RgLineEvent {
  type: 'match' | 'context';
  data: { path: RgData; lines: RgData; line_number: number };
}

function decode(data: RgData): string {
  return data.text ?? Buffer.from(data.bytes ?? '', 'base64').toString('utf8');
}
