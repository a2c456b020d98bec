// Background jobs: the table, one job, and the two tools beside bash's run_in_background.
import type { AnyAgentTool } from '../../src/agent/types.js';
import { createJobOutputTool } from './job-output.js';
import { createJobStopTool } from './job-stop.js';
import type { Jobs } from './jobs.js';

export { Jobs, DEFAULT_MAX_JOBS, type JobEvent } from './jobs.js';
export type { JobInfo } from './job.js';
export type { KeptJob } from './keep.js';

/** job_output and job_stop, for the jobs bash starts. */
export function createJobTools(jobs: Jobs): AnyAgentTool[] {
  return [createJobOutputTool(jobs), createJobStopTool(jobs)];
}
