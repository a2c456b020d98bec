// Checkpoints' settings with their defaults: on, kept 30 days, files up to 10 MB, snapshots up to
// 30,000 files and 1 GB.
import type { ConfigFile } from './schema.js';

export interface CheckpointSettings {
  enabled: boolean;
  retentionDays: number;
  maxFileBytes: number;
  /** the most one snapshot copies (a folder that needs more gets no checkpoints) */
  limits: { files: number; bytes: number };
}

/** `flag`: `--no-checkpoints` (false) turns them off whatever the settings say. */
export function checkpointSettings(c: ConfigFile['checkpoints'] = {}, flag?: boolean): CheckpointSettings {
  return {
    enabled: c.enabled !== false && flag !== false,
    retentionDays: c.retentionDays ?? 30,
    maxFileBytes: Math.round((c.maxFileMB ?? 10) * 1048576),
    limits: { files: c.maxFiles ?? 30_000, bytes: Math.round((c.maxCopyMB ?? 1024) * 1048576) },
  };
}
