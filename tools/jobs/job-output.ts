// job_output: what a background job printed, bounded like bash's output, with the offset to ask from
// next time, so a long log is read in steps and a running one only for what is new.
import { Type, type Static } from 'typebox';
import type { AgentTool, AgentToolResult } from '../../src/agent/types.js';
import { cleanTerminalText, MAX_OUTPUT_BYTES, TAIL_LINES } from '../shell/output.js';
import { errorResult } from '../errors.js';
import { formatSize, plural } from '../format.js';
import type { Job } from './job.js';
import type { ModelOnly } from '../model-only.js';
import type { Jobs } from './jobs.js';

/** Lines shown when neither `since` nor `tail` says which. */
const DEFAULT_TAIL = 100;

const parameters = Type.Object({
  job_id: Type.Integer({ minimum: 1, description: 'The job number bash gave when it started the job' }),
  filter: Type.Optional(Type.String({ description: 'Only lines matching this regular expression' })),
  since: Type.Optional(Type.Integer({ minimum: 0, description: 'Byte offset to read from (each answer gives the next one): only what is new' })),
  tail: Type.Optional(Type.Integer({ minimum: 1, maximum: TAIL_LINES, description: `Only the last N lines (default ${DEFAULT_TAIL} without since)` })),
});

export interface JobOutputDetails extends ModelOnly {
  job: number;
  state: Job['state'];
  /** the offset to read from next time */
  next: number;
}

interface Line {
  text: string;
  /** the byte offset just after it */
  end: number;
}

/** The raw output from `from` cut into lines, each with the offset after it (for the next `since`). */
function linesFrom(raw: Buffer, from: number): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (let i = raw.indexOf(10); i !== -1; i = raw.indexOf(10, start)) {
    lines.push({ text: cleanTerminalText(raw.subarray(start, i).toString('utf8')), end: from + i + 1 });
    start = i + 1;
  }
  if (start < raw.length) lines.push({ text: cleanTerminalText(raw.subarray(start).toString('utf8')), end: from + raw.length });
  return lines;
}

/** Lines from the end back while they fit in `bytes`; or from the start forward. */
function fit(lines: Line[], bytes: number, fromEnd: boolean): Line[] {
  const kept: Line[] = [];
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[fromEnd ? lines.length - 1 - i : i]!;
    used += Buffer.byteLength(line.text) + 1;
    if (used > bytes && kept.length > 0) break;
    kept.push(line);
  }
  return fromEnd ? kept.reverse() : kept;
}

function state(job: Job): string {
  const seconds = Math.round(((job.endedAt ?? Date.now()) - job.startedAt) / 1000);
  if (job.state === 'running') return `running for ${seconds} s`;
  if (job.state === 'stopped') return `stopped after ${seconds} s`;
  const e = job.ending!;
  return `${e.signal ? `killed by ${e.signal}` : `exited with code ${e.exitCode}`} after ${seconds} s`;
}

export function readJobOutput(job: Job, params: Omit<Static<typeof parameters>, 'job_id'>): AgentToolResult<JobOutputDetails> | string {
  let filter: RegExp | undefined;
  try {
    filter = params.filter === undefined ? undefined : new RegExp(params.filter);
  } catch (error) {
    return `filter is not a valid regular expression: ${(error as Error).message}`;
  }
  const total = job.log.written;
  const from = Math.min(params.since ?? 0, total);
  const { bytes, dropped } = job.log.readFrom(from);
  const all = linesFrom(bytes, from);
  const matching = filter ? all.filter((line) => filter.test(line.text)) : all;
  // with `since` alone the model pages forward; otherwise it sees the end
  const forward = params.since !== undefined && params.tail === undefined;
  const wanted = forward ? matching.slice(0, TAIL_LINES) : matching.slice(-(params.tail ?? DEFAULT_TAIL));
  const shown = fit(wanted, MAX_OUTPUT_BYTES, !forward);
  const next = forward && shown.length < matching.length ? shown[shown.length - 1]!.end : total;
  const left = matching.length - shown.length;
  const what = filter ? 'matching lines' : 'lines';
  const before = [
    dropped > 0 ? `[${formatSize(dropped)} of the middle of its output were not kept: tack keeps the first and the last part of a long log]` : '',
    left > 0 && !forward ? `[${left} earlier ${what} not shown: use since (0 for the start) to page through them, or filter]` : '',
  ];
  const after = left > 0 && forward ? `[${plural(left, 'more line')} ${filter ? 'match' : 'follow'}: call again with since: ${next}]` : '';
  const none = filter ? '(no line matches)' : params.since !== undefined && params.since > 0 ? '(nothing new)' : '(no output)';
  const body = shown.length === 0 ? none : shown.map((line) => line.text).join('\n');
  const header = `job ${job.id} (${state(job)}): ${job.command.split('\n')[0]}`;
  const footer = `[output up to byte ${next} of ${total}; since: ${next} reads only what comes after]`;
  const text = [header, ...before, body, after, footer].filter(Boolean).join('\n');
  // how to page on is for the model; the user reads the job's lines
  const modelOnly = [...before, after, footer].filter(Boolean);
  return { content: [{ type: 'text', text }], details: { job: job.id, state: job.state, next, modelOnly } };
}

export function createJobOutputTool(jobs: Jobs): AgentTool<typeof parameters, JobOutputDetails> {
  return {
    name: 'job_output',
    label: 'Job output',
    readOnly: true,
    description:
      'What a background job (bash with run_in_background) printed: the last lines by default; since (a byte offset each answer ' +
      'gives) for only what is new, or to page forward; tail for the last N lines; filter for the lines matching a regular expression.',
    parameters,
    execute: async (_id, params) => {
      const job = jobs.get(params.job_id);
      if (!job) return errorResult(unknownJob(jobs, params.job_id));
      const result = readJobOutput(job, params);
      if (typeof result === 'string') return errorResult(result);
      // an ended job seen ended here needs no note of its own
      if (job.state !== 'running') job.told = true;
      return result;
    },
  };
}

export function unknownJob(jobs: Jobs, id: number): string {
  const known = jobs.list().map((job) => `${job.id} (${job.state})`);
  return `there is no job ${id}; ${known.length > 0 ? `the jobs are: ${known.join(', ')}` : 'no job was started in this session'}`;
}
