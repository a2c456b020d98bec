// /jobs: the background jobs the model started, with their command, state, uptime and last line;
// `/jobs stop N` ends one (and everything it started). A command and its output are shown with their
// control characters visible: they come from the model and from a program.
import type { JobInfo } from '../../../../tools/jobs/index.js';
import { visible } from '../../../text/terminal-text.js';
import { s } from '../text/style.js';
import { truncate } from '../text/text.js';
import type { Command } from './command.js';

/** "42 s", "3m 05s", "2h 10m". */
export function uptime(ms: number): string {
  const sec = Math.floor(ms / 1000);
  if (sec < 60) return `${sec} s`;
  if (sec < 3600) return `${Math.floor(sec / 60)}m ${String(sec % 60).padStart(2, '0')}s`;
  return `${Math.floor(sec / 3600)}h ${String(Math.floor((sec % 3600) / 60)).padStart(2, '0')}m`;
}

function stateText(job: JobInfo): string {
  if (job.state === 'running') return s.green('running');
  if (job.state === 'stopped') return s.yellow('stopped');
  return job.signal ? s.red(`killed (${job.signal})`) : job.exitCode === 0 ? 'exited 0' : s.red(`exited ${job.exitCode}`);
}

export function jobsLines(jobs: readonly JobInfo[], now: number, cols: number): string[] {
  if (jobs.length === 0) return ['no background jobs: the model starts them with bash run_in_background'];
  const lines = [s.bold('Background jobs')];
  for (const job of jobs) {
    const time = uptime((job.endedAt ?? now) - job.startedAt);
    lines.push(truncate(`  ${job.id}  ${stateText(job)}  ${time}  ${visible(job.command.split('\n')[0] ?? '')}`, cols));
    if (job.lastLine) lines.push(s.gray(truncate(`       ${visible(job.lastLine)}`, cols)));
  }
  if (jobs.some((job) => job.state === 'running')) lines.push(s.gray('/jobs stop N ends job N and everything it started'));
  return lines;
}

export const jobs: Command = {
  name: 'jobs',
  args: '[stop N]',
  description: 'background jobs: command, state, uptime, last line; stop one',
  async run(ctx, args) {
    const table = ctx.session().view().jobs;
    const t = ctx.transcript;
    const stop = /^stop\s+(\d+)$/.exec(args.trim());
    if (args.trim() !== '' && !stop) {
      t.error('usage: /jobs, or /jobs stop N');
      return;
    }
    if (!stop) {
      t.push(jobsLines(table?.list().map((job) => job.info()) ?? [], Date.now(), t.width));
      return;
    }
    const job = table?.get(Number(stop[1]));
    if (!job) {
      t.error(`there is no job ${stop[1]}; /jobs lists them`);
      return;
    }
    if (job.state !== 'running') {
      t.notice(`job ${job.id} has already ended`);
      return;
    }
    t.notice(`stopping job ${job.id}…`);
    await ctx.session().submit({ type: 'stop_job', id: job.id });
  },
};
