// A command may make a repository inside the workspace (`git init sub`, a clone) and write into it
// what runs a program at the user's next git command there: `core.fsmonitor`, an alias with `!`, a
// filter, a hook. Repositories that exist when a command starts are read-only in the sandbox
// (runs-later.ts); a new one is looked at after the command, and what `git init` and
// `git clone` never write is set aside before anyone runs git in it.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The keys `git init` and `git clone` write: nothing in them runs a program. */
const PLAIN_KEY =
  /^(?:core\.(?:repositoryformatversion|filemode|bare|logallrefupdates|ignorecase|precomposeunicode|symlinks)|remote\..+\.(?:url|fetch)|branch\..+\.(?:remote|merge)|init\.defaultbranch|extensions\.objectformat)$/;

export const DISABLED_SUFFIX = '.disabled-by-tack';

/**
 * The config's keys that are not plain (full names, lower-cased sections), and the config with only
 * its plain keys. Parsed as git reads it, enough for these keys: `[section "sub"]`, `[section.sub]`,
 * `key = value`, a bare `key`, comments.
 */
export function splitConfig(text: string): { risky: string[]; plain: string } {
  const risky: string[] = [];
  const kept: string[] = [];
  let section = '';
  let header = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[\s*([^\]\s"]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (head) {
      section = head[2] !== undefined ? `${head[1]!.toLowerCase()}.${head[2]}` : head[1]!.toLowerCase();
      header = raw;
      continue;
    }
    const key = /^([A-Za-z][\w-]*)/.exec(line)?.[1];
    const name = `${section}.${(key ?? line).toLowerCase()}`;
    if (key && PLAIN_KEY.test(name)) {
      if (header) kept.push(header);
      header = '';
      kept.push(raw);
    } else risky.push(name);
  }
  return { risky, plain: kept.length > 0 ? `${kept.join('\n')}\n` : '' };
}

/** Hooks that would run: any file in `hooks/` but git's own `.sample` files. */
function activeHooks(gitDir: string): string[] {
  try {
    return readdirSync(join(gitDir, 'hooks')).filter((name) => !name.endsWith('.sample'));
  } catch {
    return [];
  }
}

/**
 * Sets aside what in a new repository's git directory would run a program: the config's other keys
 * (the original kept as `config.disabled-by-tack`) and its hooks folder. Returns what was found.
 */
export function disarmRepository(gitDir: string): string[] {
  const found: string[] = [];
  const config = join(gitDir, 'config');
  if (existsSync(config)) {
    const { risky, plain } = splitConfig(readFileSync(config, 'utf8'));
    if (risky.length > 0) {
      renameSync(config, `${config}${DISABLED_SUFFIX}`);
      writeFileSync(config, plain);
      found.push(...risky);
    }
  }
  const hooks = activeHooks(gitDir);
  if (hooks.length > 0) {
    renameSync(join(gitDir, 'hooks'), join(gitDir, `hooks${DISABLED_SUFFIX}`));
    found.push(...hooks.map((h) => `hooks/${h}`));
  }
  return found;
}
