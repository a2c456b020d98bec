// bash with `run_in_background`: the command starts as a job (jobs/), and the call returns with its
// number and first lines, at once or, with `wait_for`, once it is ready, has ended, or the bound passed.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentToolResult } from '../../src/agent/types.js';
import type { Job } from '../jobs/job.js';
import type { Jobs } from '../jobs/jobs.js';
import { describeOutcome, parseReadySpec, waitUntilReady } from '../jobs/wait-for.js';
import { cleanTerminalText, headOf, tailOf } from '../shell/output.js';
import type { BashDetails } from './details.js';

/** Without `wait_for` the call waits this long at most for the job's first output. */
const FIRST_OUTPUT_MS = 200;
/** After the first output, a little longer for the lines printed with it. */
const MORE_OUTPUT_MS = 30;
export const DEFAULT_WAIT_S = 30;
const FIRST_LINES = 20;
const FIRST_BYTES = 4096;

export interface BackgroundParams {
  command: string;
  wait_for?: string;
  wait_timeout?: number;
}

function details(command: string, job: Job | undefined, started: number): BashDetails {
  return {
    command,
    exitCode: job?.ending?.exitCode ?? null,
    timedOut: false,
    aborted: false,
    truncated: false,
    durationMs: Date.now() - started,
    ...(job ? { job: job.id } : {}),
  };
}

function fail(text: string, command: string, started: number, job?: Job): AgentToolResult<BashDetails> {
  return { content: [{ type: 'text', text }], details: details(command, job, started), isError: true };
}

/** Resolves at the job's first output (and what follows it at once), its end, or FIRST_OUTPUT_MS. */
async function firstOutput(job: Job): Promise<void> {
  const cap = sleep(FIRST_OUTPUT_MS);
  let stop = () => {};
  const printed = new Promise<void>((resolve) => {
    stop = job.onOutput(() => resolve());
  });
  await Promise.race([printed.then(() => sleep(MORE_OUTPUT_MS)), job.ended, cap]);
  stop();
}

function outputSoFar(job: Job): string {
  return cleanTerminalText(job.log.readFrom(0).bytes.toString('utf8')).replace(/\n+$/, '');
}

function endedText(job: Job): string {
  const ending = job.ending!;
  if (ending.spawnError) return ending.spawnError;
  const how = ending.signal ? `was killed by ${ending.signal}` : `exited with code ${ending.exitCode}`;
  const seconds = (((job.endedAt ?? Date.now()) - job.startedAt) / 1000).toFixed(1);
  const output = outputSoFar(job);
  const shown = output === '' ? '(no output)' : tailOf(output, 40, FIRST_BYTES);
  return [`job ${job.id} ${how} after ${seconds} s`, shown, ending.note].filter(Boolean).join('\n\n');
}

/** `unasked`: nobody was asked about the command, so it may write nothing but /tmp. */
export async function runInBackground(jobs: Jobs, params: BackgroundParams, signal?: AbortSignal, unasked = false): Promise<AgentToolResult<BashDetails>> {
  const started = Date.now();
  const spec = params.wait_for === undefined ? undefined : parseReadySpec(params.wait_for);
  if (typeof spec === 'string') return fail(spec, params.command, started);
  if (signal?.aborted) return fail('Aborted before the command started.', params.command, started);
  const job = jobs.start(params.command, { unasked });
  if (typeof job === 'string') return fail(job, params.command, started);

  const boundS = params.wait_timeout ?? DEFAULT_WAIT_S;
  let readiness: string | undefined;
  if (spec) readiness = describeOutcome(await waitUntilReady(job, spec, boundS, signal), spec, Date.now() - started, boundS);
  else await firstOutput(job);

  if (job.state !== 'running' && job.ending) {
    // said here, so no note follows
    job.told = true;
    const text = [readiness, endedText(job)].filter(Boolean).join('\n');
    return { content: [{ type: 'text', text }], details: details(params.command, job, started), isError: job.ending.exitCode !== 0 };
  }
  const output = outputSoFar(job);
  const first = output === '' ? '(no output yet)' : headOf(output, FIRST_LINES, FIRST_BYTES);
  const howTo =
    `[job ${job.id} runs in the background: read its output with job_output (job_id ${job.id}), end it with job_stop; ` +
    'you are told when it exits. Run other commands with bash as usual.]';
  const text = [`job ${job.id} started: ${params.command.split('\n')[0]}`, readiness, `its first lines:\n${first}`, howTo].filter(Boolean).join('\n');
  // the screen says it runs in the background its own way (tool-view.ts)
  return { content: [{ type: 'text', text }], details: { ...details(params.command, job, started), jobRunning: true, modelOnly: [howTo] } };
}
