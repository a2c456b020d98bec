// Writes "always" answers into the project settings (.tack/config.json, permissions.allow), so the
// next session does not ask again either.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeBesideSync } from '../../../tools/fs/atomic-write.js';
import { findProjectConfig, readConfigFile } from '../../config/files.js';
import { findRepoRoot } from '../../config/paths.js';
import { repinAfterOwnWrite } from '../../trust/index.js';

/** Adds the rules to the project settings file (created at the repository root if missing); returns its path. */
export function saveAllowRules(cwd: string, home: string, rules: readonly string[]): string {
  const file = findProjectConfig(cwd, join(home, 'config.json')) ?? join(findRepoRoot(cwd) ?? cwd, '.tack', 'config.json');
  const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const current = before !== undefined ? readConfigFile(file) : {};
  const allow = [...(current.permissions?.allow ?? [])];
  for (const rule of rules) if (!allow.includes(rule)) allow.push(rule);
  const next = { ...current, permissions: { ...current.permissions, allow } };
  // written beside and renamed, so a crash never leaves half a settings file
  writeBesideSync(file, `${JSON.stringify(next, null, 2)}\n`);
  // the user's own answer changed the file: the folder stays trusted with it (and only it)
  repinAfterOwnWrite(cwd, home, file, before);
  return file;
}
