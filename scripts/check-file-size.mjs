// The 400-line cap: a source file over it holds more than one job (issue 36). Part of `npm run lint`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX_LINES = 400;

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** As `wc -l` counts, plus a last line without its newline. */
const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const over = ['src', 'tools']
  .flatMap(sources)
  .map((path) => ({ path, lines: lineCount(readFileSync(path, 'utf8')) }))
  .filter((f) => f.lines > MAX_LINES);
for (const f of over) console.error(`${f.path}: ${f.lines} lines (the cap is ${MAX_LINES}: give each job its own file)`);
process.exit(over.length ? 1 : 0);
