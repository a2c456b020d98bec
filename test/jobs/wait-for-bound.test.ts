// wait_for on a job that prints one endless line: what tack keeps of it is bounded (issue 50: it
// grew to 350 MB and on), and the wait still ends at its bound with a sentence.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBashTool } from '../../tools/bash/bash.js';
import { Jobs } from '../../tools/jobs/index.js';
import { LINE_WINDOW, LineWatch } from '../../tools/jobs/line-watch.js';
import { tempDir } from '../tools/helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LineWatch', () => {
  it('keeps at most LINE_WINDOW characters of an unfinished line, however long it grows', () => {
    const watch = new LineWatch(/never-matches/);
    const chunk = Buffer.alloc(64 * 1024, 'y');
    for (let i = 0; i < 300; i++) {
      expect(watch.push(chunk)).toBeUndefined();
      expect(watch.retained).toBeLessThanOrEqual(LINE_WINDOW);
    }
  });

  it('still finds a match in a long line, across chunks, and in a finished line', () => {
    const long = new LineWatch(/ready on \d+/);
    long.push(Buffer.alloc(200_000, 'x'));
    long.push(Buffer.from('xx ready on '));
    expect(long.push(Buffer.from('8080 and more'))).toMatch(/ready on 8080 and more$/);
    expect(new LineWatch(/^done$/).push(Buffer.from('a\ndone\nb'))).toBe('done');
  });
});

// one line of 20 MB (as `yes | tr -d '\n'` would print, without holding a core for the whole test), then quiet
const ENDLESS_LINE = "head -c 20000000 /dev/zero | tr '\\0' y; sleep 100";

describe('bash run_in_background with wait_for', () => {
  it('on a job printing one endless line: the text kept stays within the bound, and the wait ends at its bound', async () => {
    const cwd = tempDir();
    const jobs = new Jobs(cwd, {}, 8);
    const bash = createBashTool({ cwd }, { jobs });
    let kept = 0;
    let chunks = 0;
    const push = LineWatch.prototype.push;
    vi.spyOn(LineWatch.prototype, 'push').mockImplementation(function (this: LineWatch, chunk: Buffer) {
      const line = push.call(this, chunk);
      kept = Math.max(kept, this.retained);
      chunks++;
      return line;
    });
    try {
      const r = await bash.execute('id', { command: ENDLESS_LINE, run_in_background: true, wait_for: 'never-matches', wait_timeout: 2 } as never);
      expect((r.content[0] as { text: string }).text).toContain('not ready after 2 s: no line matched /never-matches/; the job is still running');
      expect(chunks).toBeGreaterThan(10);
      expect(kept).toBeLessThanOrEqual(LINE_WINDOW);
    } finally {
      await jobs.stopAll();
    }
  }, 20_000);
});
