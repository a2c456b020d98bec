// What the shell may still make of a word the parser gives the judge. The parser keeps `$(…)`,
// backquotes and variables as written and no longer knows what was quoted, so such a word may
// become any text, split into any number of words: options, or paths anywhere (`src/$(echo ../..)`
// climbs out). A pattern at the start of a word may match a file named like an option (`-o`). Pure.

/**
 * A part only the shell knows: a variable, `$(…)`, `${…}`, `$((…))`, `$'…'` (which the parser keeps
 * as `$` and the quoted text, `$'\055o'` being `-o`), backquotes, or `~user`. A leading `$HOME` is
 * the home folder; a `$` that ends the word is itself.
 */
export function unknowable(word: string): boolean {
  // a process substitution is one path, a pipe from a command judged on its own
  if (/^[<>]\(/.test(word)) return false;
  if (/^~[^/]/.test(word)) return true;
  return /`|\$./s.test(word.replace(/^\$(?:HOME|\{HOME\})(?=\/|$)/, ''));
}

/** A word that starts with a pattern, so it may match names that start with `-`. */
export function globbedAtStart(word: string): boolean {
  return /^[*?[]/.test(word);
}
