// `git diff-tree -r -z --raw` output as records (pure).

export const NO_BLOB = '0'.repeat(40);

export interface TreeChange {
  path: string;
  /** A: only in the newer tree · D: only in the older · M: content or mode · T: kind (file ↔ link) */
  status: 'A' | 'D' | 'M' | 'T';
  oldMode: string;
  newMode: string;
  oldId: string;
  newId: string;
}

/** Modes as git writes them: a file, an executable, a symbolic link; 160000 is a nested repository. */
export const MODE = { file: '100644', exec: '100755', link: '120000', gitlink: '160000' } as const;

export function parseRawDiff(out: Buffer): TreeChange[] {
  const fields = out.toString('utf8').split('\0');
  const changes: TreeChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const meta = fields[i]!;
    const path = fields[i + 1]!;
    const m = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([ADMT])/.exec(meta);
    if (!m) continue;
    changes.push({ path, status: m[5] as TreeChange['status'], oldMode: m[1]!, newMode: m[2]!, oldId: m[3]!, newId: m[4]! });
  }
  return changes;
}
