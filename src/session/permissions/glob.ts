// Patterns as rules write them. Path globs (`src/**`, `**/.env`, `*.pem`, `config.{json,yaml}`) are
// picomatch's, read with the options globby gives it for find and grep, so a rule and a search
// agree on what a glob names; command patterns are tack's own.
import picomatch from 'picomatch';

const PATH_GLOB: picomatch.PicomatchOptions = {
  // as globby's find and grep: `*` matches dot files, `[!a]` negates a class
  dot: true,
  posix: true,
  strictSlashes: false,
  // a rule has nothing to negate against: a leading `!` is a plain character
  nonegate: true,
};

/** Whether a path (with `/` between its parts) matches a glob; `*` and `?` stay in one part, `**` crosses them, `dir/**` is `dir` too. */
export function pathMatcher(glob: string): (path: string) => boolean {
  return picomatch(glob, PATH_GLOB);
}

/** The text made a literal part of a glob: a home directory spliced in for `~`. */
export function escapeGlob(text: string): string {
  return text.replace(/[\\*?[\]{}()!+@|]/g, '\\$&');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A command pattern: `*` matches anything (spaces and slashes too); `npm test:*` means `npm test` and what follows. */
export function commandPatternToRegExp(pattern: string): RegExp {
  const normalized = pattern.trim().replace(/\s+/g, ' ');
  if (normalized.endsWith(':*')) return new RegExp(`^${escapeRegExp(normalized.slice(0, -2))}(?: .*)?$`, 's');
  return new RegExp(`^${normalized.split('*').map(escapeRegExp).join('.*')}$`, 's');
}
