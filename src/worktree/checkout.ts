// A new worktree's files when the repository is not trusted. Its config, and every file that config
// includes (`includeIf "onbranch:tack/**"` among them), may name a program git runs at a checkout:
// a filter, a hook, fsmonitor. Switching keys off by name misses what an include brings, so git
// checks the files out here with a git folder of tack's own: its config holds nothing but the object
// format, the objects are the repository's, the index is the worktree's, and neither the user's
// config nor the system's is read. Nothing of the repository's config is read, no filter of anyone's
// runs, and the files are the committed bytes.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitEnv, gitOut } from './git.js';

export interface Checkout {
  /** git's own words when the files could not be checked out */
  error?: string;
  /** a `.gitattributes` names a filter, which did not run */
  filtersSkipped: boolean;
}

/** Checks out `base` into the worktree at `path` (made with `git worktree add --no-checkout`), whose admin folder is `adminDir`. */
export function checkoutCommitted(commonDir: string, adminDir: string, path: string, base: string): Checkout {
  const format = gitOut(['rev-parse', '--show-object-format'], path);
  const own = mkdtempSync(join(tmpdir(), 'tack-checkout-'));
  try {
    writeFileSync(join(own, 'HEAD'), `${base}\n`);
    mkdirSync(join(own, 'refs'));
    const extensions = format === 'sha1' ? '\trepositoryformatversion = 0\n' : `\trepositoryformatversion = 1\n[extensions]\n\tobjectFormat = ${format}\n`;
    // the user's attributes file would convert line endings: the bytes stay as committed
    writeFileSync(join(own, 'config'), `[core]\n\tattributesFile = /dev/null\n${extensions}`);
    const env = {
      ...gitEnv(),
      GIT_DIR: own,
      GIT_WORK_TREE: path,
      GIT_INDEX_FILE: join(adminDir, 'index'),
      GIT_OBJECT_DIRECTORY: join(commonDir, 'objects'),
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_ATTR_NOSYSTEM: '1',
    };
    const git = (args: string[]) => spawnSync('git', args, { cwd: path, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const read = git(['read-tree', '--reset', '-u', base]);
    if (read.error || read.status !== 0) return { error: (read.stderr || read.error?.message || '').trim().split('\n')[0], filtersSkipped: false };
    const attributes = git(['ls-files', '-z', '--', ':(glob)**/.gitattributes']).stdout.split('\0').filter(Boolean);
    return { filtersSkipped: attributes.some((rel) => /\bfilter\s*=/.test(readSmall(join(path, rel)))) };
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
}

/** A committed `.gitattributes` can be a link to anything (`/dev/zero`): only a small regular file is read. */
function readSmall(file: string): string {
  const st = lstatSync(file, { throwIfNoEntry: false });
  return st?.isFile() && st.size < 1024 * 1024 ? readFileSync(file, 'utf8') : '';
}
