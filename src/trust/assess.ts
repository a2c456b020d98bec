// Whether a folder's own files apply: trusted (pinned content unchanged), untrusted, or changed.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { createTwoFilesPatch } from 'diff';
import { readConfigFile } from '../config/files.js';
import { readMcpFile } from '../config/mcp-servers.js';
import { describeMcpServers, describeSettings, type SettingsEffects } from './describe.js';
import { describeExtensionFile } from './extension-effects.js';
import { findProjectFiles, type ProjectFile } from './project-files.js';
import type { ProjectCommand } from './run-files.js';
import { ABSENT, KEPT_TEXT_LIMIT } from './run-pins.js';
import { readTrust, writeTrust, type TrustedFile, type TrustRecord } from './store.js';

export type TrustStatus = 'none' | 'trusted' | 'untrusted' | 'changed';

export interface FileReport extends ProjectFile {
  /** in plain words, what the file would do */
  effects: string[];
  /** some effect loosens a protection or sends something somewhere */
  risky: boolean;
  /** `new`: not there when the folder was trusted (or never trusted) */
  change: 'same' | 'new' | 'changed';
  /** effects the trusted version did not have */
  added: string[];
  /** a changed script a hook or server runs: what changed, as a unified diff, when the trusted text was kept */
  diff?: string;
}

export interface TrustAssessment {
  root: string;
  status: TrustStatus;
  files: FileReport[];
  record: TrustRecord | undefined;
}

function effectsOf(file: ProjectFile, commands: readonly ProjectCommand[]): SettingsEffects {
  if (file.runBy) {
    const absent = file.sha256 === ABSENT ? ' (not there yet: creating it counts as a change)' : '';
    return { lines: file.runBy.map((by) => `is run by ${by}, outside the sandbox${absent}`), risky: file.runBy.length };
  }
  const own = effectsOfFile(file);
  // where tack cannot tell what a command runs, the question says so
  const unknown = commands.filter((c) => c.from === file.rel).flatMap((c) => c.runs.unknown.map((u) => `${c.label}: ${u}`));
  return { lines: [...own.lines, ...unknown], risky: own.risky };
}

function effectsOfFile(file: ProjectFile): SettingsEffects {
  try {
    const extension = describeExtensionFile(file.rel, file.path);
    if (extension) return extension;
    if (file.rel.endsWith('.mcp.json')) {
      const lines = describeMcpServers(readMcpFile(file.path).servers);
      return { lines, risky: lines.length };
    }
    return describeSettings(readConfigFile(file.path));
  } catch (err) {
    return { lines: [`cannot be applied: ${(err as Error).message}`], risky: 0 };
  }
}

export function assessTrust(cwd: string, home: string): TrustAssessment {
  const { root, files, commands } = findProjectFiles(cwd, home);
  if (files.length === 0) return { root, status: 'none', files: [], record: undefined };
  const record = readTrust(home).folders[root];
  const reports = files.map((file): FileReport => {
    const { lines: effects, risky } = effectsOf(file, commands);
    const pinned = record?.files[file.rel];
    const change = !pinned ? 'new' : pinned.sha256 === file.sha256 ? 'same' : 'changed';
    const added = pinned ? effects.filter((e) => !pinned.effects.includes(e)) : effects;
    const diff = change === 'changed' && file.runBy ? diffOf(file, pinned!) : undefined;
    return { ...file, effects, risky: risky > 0, change, added, ...(diff ? { diff } : {}) };
  });
  const status = reports.every((r) => r.change === 'same') ? 'trusted' : record ? 'changed' : 'untrusted';
  return { root, status, files: reports, record };
}

function diffOf(file: ProjectFile, pinned: TrustedFile): string | undefined {
  if (pinned.text === undefined) return undefined;
  return createTwoFilesPatch(file.rel, file.rel, pinned.text, file.text, 'trusted', 'now').split('\n').slice(2).join('\n').trimEnd();
}

function pinOf(f: Pick<FileReport, 'sha256' | 'effects' | 'text' | 'runBy'>): TrustedFile {
  // a script's text is kept so that a later change can be shown as a diff
  const keep = f.runBy && f.text.length <= KEPT_TEXT_LIMIT;
  return { sha256: f.sha256, effects: f.effects, ...(keep ? { text: f.text } : {}) };
}

/** Remembers the folder as trusted, pinned to the files as they are now. */
export function trustFolder(home: string, assessment: Pick<TrustAssessment, 'root' | 'files'>): void {
  const data = readTrust(home);
  const files = Object.fromEntries(assessment.files.map((f) => [f.rel, pinOf(f)]));
  data.folders[assessment.root] = { trustedAt: new Date().toISOString(), files };
  writeTrust(home, data);
}

/** Forgets a folder; false when it was not trusted. */
export function revokeFolder(home: string, root: string): boolean {
  const data = readTrust(home);
  if (!data.folders[root]) return false;
  delete data.folders[root];
  writeTrust(home, data);
  return true;
}

/**
 * After tack itself wrote a project file for the user (an "always" answer saved, `tack mcp add
 * --project`), the folder stays trusted with that file's new content, and with nothing else: a file
 * someone else changed or added meanwhile keeps asking. `before` is the file's text before tack
 * wrote it (undefined: it was not there); when that was not what the user trusted, tack's write
 * carries an unreviewed change, and the file stays unpinned too.
 */
export function repinAfterOwnWrite(cwd: string, home: string, written: string, before: string | undefined): void {
  const now = assessTrust(cwd, home);
  const real = realPath(written);
  const file = now.files.find((f) => realPath(f.path) === real);
  if (!file) return;
  const pinned = now.record?.files[file.rel];
  const beforeSha = before === undefined ? undefined : createHash('sha256').update(before).digest('hex');
  if (pinned ? pinned.sha256 !== beforeSha : before !== undefined) return;
  const data = readTrust(home);
  // a folder with no files of its own until now (the rule tack saved made the first) is trusted with that one
  const record = data.folders[now.root] ?? { trustedAt: new Date().toISOString(), files: {} };
  record.files[file.rel] = pinOf(file);
  data.folders[now.root] = record;
  writeTrust(home, data);
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
