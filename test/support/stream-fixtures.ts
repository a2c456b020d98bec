// Recorded streams (test/fixtures/streams): one chunk per line, as a server sent them.
import { readFileSync } from 'node:fs';

export function recordedChunks(name: string): unknown[] {
  const text = readFileSync(new URL(`../fixtures/streams/${name}`, import.meta.url), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}
