// A workspace is one project: every file in it is read without a question (and changed in auto-edit).
// The root of the file system is refused: the whole machine would be the workspace. The home folder
// is allowed with a warning: people start there on purpose (Claude Code warns there too).
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname } from 'node:path';

export type WorkFolderWidth = { refuse: string } | { warn: string } | undefined;

/** Judged on real paths (a link to `/` is `/`). */
export function judgeWorkFolder(real: string, realHome: string): WorkFolderWidth {
  if (dirname(real) === real) {
    return {
      refuse: `the root of the file system (${real}) cannot be the workspace: the agent would read every file on this machine without a question (and in auto-edit change any); start tack in a project's folder`,
    };
  }
  if (real === realHome) {
    return {
      warn: `${real} is your home folder: all of it is the workspace, so the agent reads any file in it without a question (secret files still ask); start tack in a project's folder for a narrower one`,
    };
  }
  return undefined;
}

const realOrSelf = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

export function workFolderWidth(dir: string): WorkFolderWidth {
  return judgeWorkFolder(realOrSelf(dir), realOrSelf(homedir()));
}
