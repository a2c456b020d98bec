// The bash tool's background side with real processes, no model: the limit, the waits' words, errors.
import { afterEach, describe, expect, it } from 'vitest';
import { createBashTool } from '../../tools/bash/bash.js';
import { createJobTools, Jobs } from '../../tools/jobs/index.js';
import { tempDir } from '../tools/helpers.js';
import { summarize } from '../../src/session/permissions/questions.js';

const tables: Jobs[] = [];
afterEach(async () => {
  await Promise.all(tables.splice(0).map((jobs) => jobs.stopAll()));
});

function setup(max = 8) {
  const cwd = tempDir();
  const jobs = new Jobs(cwd, {}, max);
  tables.push(jobs);
  const bash = createBashTool({ cwd }, { jobs });
  const [output, stop] = createJobTools(jobs);
  const run = async (args: Record<string, unknown>) => {
    const r = await bash.execute('id', args as never);
    return { text: (r.content[0] as { text: string }).text, isError: r.isError === true };
  };
  return { jobs, run, output: output!, stop: stop! };
}

describe('a job that ends', () => {
  it('keeps what it printed just before it exited: its last lines are read before the report', async () => {
    const { jobs } = setup(20);
    // a burst of output, then the line that matters and the exit: the exit can be seen before the pipe is read dry
    const started = Array.from({ length: 12 }, () => jobs.start('head -c 3000000 /dev/zero | tr "\\0" x; echo; echo the-last-line; exit 7'));
    for (const job of started) {
      if (typeof job === 'string') throw new Error(job);
      expect((await job.ended).exitCode).toBe(7);
      expect(job.lastLines(1)).toEqual(['the-last-line']);
    }
  });
});

describe('bash run_in_background', () => {
  it('jobs.max: one more job than the limit is refused, naming the running ones', async () => {
    const { run } = setup(1);
    expect((await run({ command: 'sleep 100', run_in_background: true })).text).toMatch(/^job 1 started: sleep 100/);
    const refused = await run({ command: 'sleep 100', run_in_background: true });
    expect(refused).toEqual({ isError: true, text: '1 job is running already (jobs 1), the limit (jobs.max); stop one with job_stop first' });
  });

  it('says plainly when the bound passed, when the job ended first, and when wait_for is not a pattern', async () => {
    const { run } = setup();
    const bound = await run({ command: 'echo starting; sleep 100', run_in_background: true, wait_for: 'never printed', wait_timeout: 1 });
    expect(bound.text).toContain('not ready after 1 s: no line matched /never printed/; the job is still running');
    const ended = await run({ command: 'echo oops; exit 4', run_in_background: true, wait_for: 'port:1' });
    expect(ended.isError).toBe(true);
    expect(ended.text).toMatch(/^not ready: the job ended after \d+\.\d s, before port 1 was ready\njob 2 exited with code 4 after \d+\.\d s\n\noops$/);
    expect(await run({ command: 'true', run_in_background: true, wait_for: '(' })).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^wait_for is not a valid regular expression/),
    });
  });

  it('job_output and job_stop name the jobs there are when asked for one that is not', async () => {
    const { run, output } = setup();
    await run({ command: 'sleep 100', run_in_background: true });
    const r = await output.execute('id', { job_id: 7 } as never);
    expect((r.content[0] as { text: string }).text).toBe('there is no job 7; the jobs are: 1 (running)');
  });
});

describe('job_output', () => {
  it('paging with since from 0 gives every line once, in order, and then only what is new', async () => {
    const { run, output } = setup();
    await run({ command: 'seq 1 1000; echo waiting; while [ ! -e more ]; do sleep 0.05; done; echo later', run_in_background: true, wait_for: 'waiting' });
    const read = async (args: Record<string, unknown>) => {
      const r = await output.execute('id', { job_id: 1, ...args } as never);
      return { text: (r.content[0] as { text: string }).text, next: (r.details as { next: number }).next };
    };
    const lines: string[] = [];
    let since = 0;
    for (let page = 0; page < 5; page++) {
      const { text, next } = await read({ since });
      lines.push(...text.split('\n').filter((line) => /^\d+$|^waiting$/.test(line)));
      if (next === since) break;
      since = next;
    }
    expect(lines).toEqual([...Array.from({ length: 1000 }, (_, i) => String(i + 1)), 'waiting']);
    const { text: nothingNew } = await read({ since });
    expect(nothingNew).toContain('(nothing new)');
  });
});

describe('approvals', () => {
  it('the question for a background command says so', () => {
    const where = { cwd: '/w', home: '/h' };
    expect(summarize('bash', { command: 'npm run dev', run_in_background: true }, where)).toBe('Run npm run dev in the background');
    expect(summarize('bash', { command: 'npm test' }, where)).toBe('Run npm test');
  });
});
