// Whether a folder's own files apply: trusted (pinned content unchanged), untrusted, or changed.
import { readConfigFile } from '../config/files.js';
import { readMcpFile } from '../config/mcp-servers.js';
import { describeMcpServers, describeSettings, type SettingsEffects } from './describe.js';
import { describeExtensionFile } from './extension-effects.js';
import { findProjectFiles, type ProjectFile } from './project-files.js';
import { readTrust, writeTrust, type TrustRecord } from './store.js';

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
}

export interface TrustAssessment {
  root: string;
  status: TrustStatus;
  files: FileReport[];
  record: TrustRecord | undefined;
}

function effectsOf(file: ProjectFile): SettingsEffects {
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
  const { root, files } = findProjectFiles(cwd, home);
  if (files.length === 0) return { root, status: 'none', files: [], record: undefined };
  const record = readTrust(home).folders[root];
  const reports = files.map((file): FileReport => {
    const { lines: effects, risky } = effectsOf(file);
    const pinned = record?.files[file.rel];
    const change = !pinned ? 'new' : pinned.sha256 === file.sha256 ? 'same' : 'changed';
    const added = pinned ? effects.filter((e) => !pinned.effects.includes(e)) : effects;
    return { ...file, effects, risky: risky > 0, change, added };
  });
  const status = reports.every((r) => r.change === 'same') ? 'trusted' : record ? 'changed' : 'untrusted';
  return { root, status, files: reports, record };
}

/** Remembers the folder as trusted, pinned to the files as they are now. */
export function trustFolder(home: string, assessment: Pick<TrustAssessment, 'root' | 'files'>): void {
  const data = readTrust(home);
  const files = Object.fromEntries(assessment.files.map((f) => [f.rel, { sha256: f.sha256, effects: f.effects }]));
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
 * After tack itself wrote the project settings for the user (an "always" answer saved), the folder
 * stays trusted with the new content; a folder the user did not trust for good is left alone.
 */
export function repinAfterOwnWrite(cwd: string, home: string): void {
  const now = assessTrust(cwd, home);
  trustFolder(home, now);
}
