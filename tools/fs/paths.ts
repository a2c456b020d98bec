// A path a tool was given, resolved against the workspace root and shown relative to it; `~`
// expanded here (tack's one `expandHome`).
import { homedir } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** A path a tool was given, resolved against the workspace root. */
export interface ResolvedPath {
  absolute: string;
  /** how the path is shown to the model: relative to the workspace when inside it, else absolute */
  display: string;
  /** false for paths outside the workspace root (the safety layer asks before touching those) */
  insideWorkspace: boolean;
}

/**
 * `~` and `~/…` name the home directory; nothing else is expanded. The tools run no shell, so
 * `$HOME/x` is the relative path `./$HOME/x`, and the safety layer judges exactly that.
 */
export function expandHome(input: string, home = homedir()): string {
  if (input === '~') return home;
  if (input.startsWith('~/')) return home + input.slice(1);
  return input;
}

export function isInside(root: string, absolute: string): boolean {
  const rel = relative(root, absolute);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

/** How an absolute path is shown to the model (relative inside the workspace, `.` for its root). */
export function displayPath(root: string, absolute: string): string {
  if (!isInside(root, absolute)) return absolute;
  return relative(root, absolute) || '.';
}

/** A directory named in a sentence: the workspace root by name rather than as ".". */
export function describeDirectory(shown: string): string {
  return shown === '.' ? 'the workspace root' : shown;
}

/** The one reading of a tool's path argument, for the tool and for the policy that judges the call. */
export function resolvePath(root: string, input: string, home = homedir()): ResolvedPath {
  const absolute = resolve(root, expandHome(input.trim(), home));
  return { absolute, display: displayPath(root, absolute), insideWorkspace: isInside(root, absolute) };
}
