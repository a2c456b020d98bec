// job_stop: ends a background job and everything it started (its sandbox's pid namespace, or its
// process group and what carries its marker), then says how it ended.
import { Type } from 'typebox';
import type { AgentTool } from '../../src/agent/types.js';
import { errorResult, textResult } from '../errors.js';
import { unknownJob } from './job-output.js';
import type { Jobs } from './jobs.js';

const parameters = Type.Object({
  job_id: Type.Integer({ minimum: 1, description: 'The job number bash gave when it started the job' }),
});

export interface JobStopDetails {
  job: number;
  /** it had ended before the call */
  alreadyEnded: boolean;
}

export function createJobStopTool(jobs: Jobs): AgentTool<typeof parameters, JobStopDetails> {
  return {
    name: 'job_stop',
    label: 'Stop job',
    description: 'End a background job and every process it started (SIGTERM, then SIGKILL after 2 s).',
    parameters,
    execute: async (_id, params) => {
      const job = jobs.get(params.job_id);
      if (!job) return errorResult(unknownJob(jobs, params.job_id));
      const alreadyEnded = job.state !== 'running';
      job.told = true;
      const ending = await job.stop();
      const last = job.lastLines(3);
      const how = alreadyEnded
        ? `job ${job.id} had already ended (${ending.signal ? `killed by ${ending.signal}` : `exit code ${ending.exitCode}`})`
        : `job ${job.id} stopped: it and every process it started have ended`;
      const text = last.length > 0 ? `${how}; its last lines:\n${last.join('\n')}` : how;
      return textResult(text, { job: job.id, alreadyEnded });
    },
  };
}
