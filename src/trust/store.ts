// $TACK_HOME/trust.json: the folders the user trusts, each pinned to the content of its files (like
// direnv's allow). A file that changes, or a new one, is no longer trusted until the user says so.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeBesideSync } from '../../tools/fs/atomic-write.js';
import { UsageError } from '../config/errors.js';

export interface TrustedFile {
  sha256: string;
  /** what the file did when it was trusted, to show what changed */
  effects: string[];
  /** a script a hook or server runs: its text when trusted (up to 64 KB), to show the diff */
  text?: string;
}

export interface TrustRecord {
  trustedAt: string;
  files: Record<string, TrustedFile>;
}

export interface TrustData {
  version: 1;
  folders: Record<string, TrustRecord>;
}

export function trustFile(home: string): string {
  return join(home, 'trust.json');
}

export function readTrust(home: string): TrustData {
  const path = trustFile(home);
  if (!existsSync(path)) return { version: 1, folders: {} };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`the trust file ${path} is not valid JSON (${(err as Error).message}); fix it or delete it (then trust your folders again)`);
  }
  const folders = (value as TrustData | null)?.folders;
  if (typeof folders !== 'object' || folders === null || Array.isArray(folders)) {
    throw new UsageError(`the trust file ${path} has no "folders" object; fix it or delete it (then trust your folders again)`);
  }
  return { version: 1, folders };
}

export function writeTrust(home: string, data: TrustData): void {
  const path = trustFile(home);
  writeBesideSync(path, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
}
