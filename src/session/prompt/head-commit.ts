// The repository of a folder and its last commit's subject, read from the disk with no process: a git
// call costs a process on every start, and outside a repository there is nothing to ask.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';

/** The subject of commit `oid` when it is a loose object (a new commit is); undefined when packed or unreadable. */
export function looseSubject(gitDir: string, oid: string): string | undefined {
  if (!/^[0-9a-f]{40,64}$/.test(oid)) return undefined;
  const commonFile = join(gitDir, 'commondir');
  const common = existsSync(commonFile) ? resolve(gitDir, readFileSync(commonFile, 'utf8').trim()) : gitDir;
  try {
    const body = inflateSync(readFileSync(join(common, 'objects', oid.slice(0, 2), oid.slice(2)))).toString('utf8');
    if (!body.startsWith('commit ')) return undefined;
    const message = body.slice(body.indexOf('\n\n') + 2);
    // git's %s: the first paragraph, its lines joined by spaces
    return message
      .split('\n\n')[0]!
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ');
  } catch {
    return undefined;
  }
}
