// Fuzzy path matching for `@` completion: the query's characters in order, scored so that matches
// in the file name, at word starts and in runs rank first.

export function fuzzyScore(query: string, candidate: string): number | null {
  if (query === '') return 0;
  const q = query.toLowerCase();
  const c = candidate.toLowerCase();
  const nameStart = c.replace(/\/$/, '').lastIndexOf('/') + 1;
  let score = 0;
  let ci = 0;
  let prev = -2;
  for (const ch of q) {
    const found = c.indexOf(ch, ci);
    if (found < 0) return null;
    score += 1;
    if (found === prev + 1) score += 5; // a run
    if (found === 0 || '/._- '.includes(c[found - 1]!)) score += 8; // a word start
    if (found >= nameStart) score += 3; // in the file name
    prev = found;
    ci = found + 1;
  }
  if (c.includes(q)) score += 20 + (c.slice(nameStart).startsWith(q) ? 20 : 0);
  return score - candidate.length * 0.05;
}

export function fuzzyFilter(query: string, candidates: readonly string[], limit: number): string[] {
  const scored: { c: string; score: number }[] = [];
  for (const c of candidates) {
    const score = fuzzyScore(query, c);
    if (score !== null) scored.push({ c, score });
  }
  scored.sort((a, b) => b.score - a.score || a.c.length - b.c.length || (a.c < b.c ? -1 : 1));
  return scored.slice(0, limit).map((x) => x.c);
}
