// When old_text is not found: the file's closest region and how it differs, so the model's next try
// quotes the file as it is instead of guessing again.
import { toLf, typographicToAscii } from './normalize.js';

/** 1-based line number of a character offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const MAX_SHOWN_LINES = 15;
const MAX_QUOTED_DIFFERENCES = 3;

/** What two lines have in common, 0..1 (Dice coefficient over character pairs). */
function likeness(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const pairs = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const pair = a.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const pair = b.slice(i, i + 2);
    const left = pairs.get(pair) ?? 0;
    if (left > 0) {
      pairs.set(pair, left - 1);
      shared++;
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}

/** Where old_text probably was meant to match: the window with the most equal lines, else the likeliest line. */
function closestStart(fileKeys: string[], quotedKeys: string[]): number | undefined {
  let best = -1;
  let bestScore = 0;
  for (let i = 0; i <= Math.max(0, fileKeys.length - quotedKeys.length); i++) {
    let score = 0;
    quotedKeys.forEach((key, j) => {
      if (key !== '' && fileKeys[i + j] === key) score++;
    });
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  if (best >= 0) return best;
  const anchor = quotedKeys.findIndex((key) => key !== '');
  if (anchor === -1) return undefined;
  let bestLikeness = 0.5;
  fileKeys.forEach((key, i) => {
    const score = likeness(key, quotedKeys[anchor]!);
    if (score > bestLikeness) {
      bestLikeness = score;
      best = i - anchor;
    }
  });
  return best === -1 ? undefined : Math.max(0, best);
}

/**
 * The refusal for an old_text found nowhere: the closest region of the file with line numbers, the
 * lines that differ marked, and what old_text had there, so the model can correct its quote.
 */
export function closestRegionHint(body: string, oldText: string, path: string): string {
  const fileLines = toLf(body).split('\n');
  const quotedLines = toLf(oldText).replace(/\n$/, '').split('\n');
  const key = (line: string) => typographicToAscii(line).trim();
  const start = body === '' ? undefined : closestStart(fileLines.map(key), quotedLines.map(key));
  if (start === undefined) {
    return `old_text was not found in ${path}, and nothing in the file resembles it; read the file and copy old_text from it`;
  }
  const count = Math.min(quotedLines.length, MAX_SHOWN_LINES, fileLines.length - start);
  const shown: string[] = [];
  const differences: string[] = [];
  for (let j = 0; j < count; j++) {
    const line = fileLines[start + j]!;
    const differs = line !== quotedLines[j];
    shown.push(`${differs ? '!' : ' '}${String(start + j + 1).padStart(6)}\t${line.slice(0, 300)}`);
    if (differs && differences.length < MAX_QUOTED_DIFFERENCES) {
      differences.push(`old_text line ${j + 1} is ${JSON.stringify(quotedLines[j]!.slice(0, 200))}`);
    }
  }
  return [
    `old_text was not found in ${path}. Closest region, lines ${start + 1}-${start + count} ("!" marks lines that differ from old_text):`,
    ...shown,
    ...differences,
    'Copy old_text exactly from the file (read it again if it may have changed).',
  ].join('\n');
}
