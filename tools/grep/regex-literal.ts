// A literal every match must contain, found in the pattern: grep's fast byte search skips the files
// that cannot match without decoding them.
/**
 * The longest run of plain characters that every match of a regular expression must contain, or
 * undefined when none can be proven. Lets grep skip, with a fast byte search, the files that cannot
 * match without decoding them. Conservative: gives up on alternation and skips groups and classes.
 */
export function requiredLiteral(pattern: string): string | undefined {
  const runs: string[] = [];
  let run = '';
  const endRun = () => {
    if (run) runs.push(run);
    run = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '|') return undefined;
    if (char === '\\') {
      const next = pattern[i + 1];
      i++;
      if (next !== undefined && /[^A-Za-z0-9]/.test(next)) run += next;
      else endRun();
      continue;
    }
    if (char === '[' || char === '(') {
      endRun();
      i = skipBracket(pattern, i);
      if (i === -1) return undefined;
      continue;
    }
    if (char === '?' || char === '*' || char === '{') {
      // the character before is optional (or repeated a variable number of times): not required
      run = [...run].slice(0, -1).join('');
      endRun();
      if (char === '{') i = pattern.indexOf('}', i);
      if (i === -1) return undefined;
      continue;
    }
    if (char === '+') {
      endRun();
      continue;
    }
    if ('.^$)]}'.includes(char)) {
      endRun();
      continue;
    }
    run += char;
  }
  endRun();
  const longest = runs.reduce((best, candidate) => (candidate.length > best.length ? candidate : best), '');
  return longest.length >= 3 ? longest : undefined;
}

/** Index of the bracket closing the one at `open`, honouring escapes and nesting; -1 if unbalanced. */
function skipBracket(pattern: string, open: number): number {
  const closing = pattern[open] === '[' ? ']' : ')';
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (closing === ')' && char === '[') {
      i = skipBracket(pattern, i);
      if (i === -1) return -1;
      continue;
    }
    if (char === pattern[open]) depth++;
    else if (char === closing && --depth === 0) return i;
  }
  return -1;
}
