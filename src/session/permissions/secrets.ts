// Files that usually hold secrets: reading them asks in every mode but yolo.
import { join, sep } from 'node:path';
import picomatch from 'picomatch';
import { HOME_SECRET_DIRS, HOME_SECRET_FILES } from '../../../tools/sandbox/sandbox.js';
import { isInside } from '../../../tools/fs/paths.js';
import { secretFileName, type SecretTest } from '../../../tools/fs/secret-files.js';
import { matchesPath, ruleCovers, type Rules } from './rules.js';

/** The file name (or home directory) that makes `absolute` a secret, or undefined. */
export function secretMatch(absolute: string, home: string): string | undefined {
  for (const dir of HOME_SECRET_DIRS) {
    const full = join(home, dir);
    if (isInside(full, absolute)) return `~/${dir}`;
  }
  for (const file of HOME_SECRET_FILES) if (absolute === join(home, file)) return `~/${file}`;
  const name = secretFileName(absolute);
  if (name) return name;
  // a secret directory elsewhere, such as a copied `.ssh`
  return absolute.split(sep).includes('.ssh') ? '.ssh' : undefined;
}

/** The home folder's secret places, relative to it: its secret folders and files. */
const HOME_SECRET_PLACES = [...HOME_SECRET_DIRS, ...HOME_SECRET_FILES];

/** The home folder's secret places (`~/.aws`, …) inside folder `absolute`, which a recursive read would reach. */
export function secretsBelow(absolute: string, home: string): string[] {
  return HOME_SECRET_PLACES.filter((name) => isInside(absolute, join(home, name))).map((name) => `~/${name}`);
}

/** A home folder's secret place, or a secret file name, that a word names in its literal parts (`$(…)/.aws/x`). */
export function secretNamedIn(word: string): string | undefined {
  const padded = `/${word}/`;
  const place = HOME_SECRET_PLACES.find((name) => padded.includes(`/${name}/`));
  return place ? `~/${place}` : secretFileName(word);
}

/** Longer patterns are not compiled. */
const MAX_PATTERN_LENGTH = 1024;

/** Compiled patterns, kept: a session judges the same few again and again. */
const matchers = new Map<string, (path: string) => boolean>();
const MAX_MATCHERS = 256;

function matcher(pattern: string): (path: string) => boolean {
  let match = matchers.get(pattern);
  if (!match) {
    if (matchers.size >= MAX_MATCHERS) matchers.clear();
    match = picomatch(pattern, { dot: false });
    matchers.set(pattern, match);
  }
  return match;
}

/**
 * The home folder's secret places a path pattern (`~/.aw?/credentials`, absolute) reaches: it matches
 * the place or a path inside it, or, for a command that reads folders whole, a folder holding it.
 * Patterns match names that start with a dot only where they say so, as the shell's do.
 */
export function secretsReached(pattern: string, home: string, recursive = false): string[] {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    // too long to compile: judged by the folder holding its first pattern character
    const first = pattern.search(/[*?[{]/);
    return secretsBelow((first < 0 ? pattern : pattern.slice(0, first)).replace(/\/[^/]*$/, '') || '/', home);
  }
  const parts = pattern.split('/');
  return HOME_SECRET_PLACES.filter((name) => {
    const place = join(home, name).split('/');
    const matches = (n: number) => matcher(parts.slice(0, n).join('/'))(place.slice(0, n).join('/'));
    if (parts.length >= place.length) return matches(place.length);
    return recursive && matches(parts.length);
  }).map((name) => `~/${name}`);
}

/**
 * The test the tools and the sandbox use for files inside a workspace: the names above, and the
 * user's own `read(…)` deny rules, which name files the tools must never show.
 */
export function workspaceSecretTest(rules: Rules, cwd: string, home: string): SecretTest {
  const denied = rules.deny.filter((rule) => ruleCovers(rule, 'read') && rule.matcher);
  return (absolute) => {
    if (secretMatch(absolute, home)) return 'secret file';
    const rule = denied.find((r) => matchesPath(r, absolute, cwd));
    return rule ? `denied by "${rule.text}"` : undefined;
  };
}
