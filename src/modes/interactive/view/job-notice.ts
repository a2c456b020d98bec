// The line the transcript gets when a background job ends and no tool call said so: which, how, and
// what it printed last.
import type { JobEvent } from '../../../../tools/jobs/index.js';
import { visible } from '../../../text/terminal-text.js';

export function jobExitNotice(e: Extract<JobEvent, { type: 'job_exited' }>): string {
  const { job, ending } = e;
  const how =
    job.state === 'stopped'
      ? 'stopped'
      : ending.spawnError
        ? 'could not start'
        : ending.signal
          ? `was killed by ${ending.signal}`
          : `exited with code ${ending.exitCode}`;
  const last = e.lastLines.at(-1);
  return `background job ${job.id} ${how}: ${visible(job.command.split('\n')[0] ?? '')}${last ? ` · last: ${visible(last)}` : ''} (the model is told)`;
}
