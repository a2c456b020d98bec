// What a bash call reports besides its text (the UI's status line, the goal's checks), for a
// command run to its end and for one started as a background job alike.
import type { ModelOnly } from '../model-only.js';

export interface BashDetails extends ModelOnly {
  command: string;
  /** null when the command was killed by a signal */
  exitCode: number | null;
  signal?: string;
  timedOut: boolean;
  aborted: boolean;
  truncated: boolean;
  /** the complete output, when it was too long to show whole */
  fullOutputPath?: string;
  /** the output's true line count (the text shown may hold only its head and tail) */
  totalLines?: number;
  durationMs: number;
  /** the job it started (run_in_background) */
  job?: number;
  /** that job was still running when the call returned */
  jobRunning?: boolean;
}
