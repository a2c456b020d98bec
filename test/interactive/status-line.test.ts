// The status line's command as it runs: its colours kept and every other escape removed (a hostile
// script cannot retitle the window, clear the screen or write the clipboard), at most three lines.
import { describe, expect, it } from 'vitest';
import { runStatusCommand } from '../../src/extensions/status-line.js';

const run = (command: string) => runStatusCommand(command, '{}', { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '' }, timeoutMs: 5000 }).done;

describe('the status command', () => {
  it('keeps colours, drops other escapes and controls, closes colours left open, shows three lines', async () => {
    const out = await run("printf '\\033]0;owned\\007\\033[2J\\033[31mred\\033[0m ok\\rX\\n\\033]52;c;ZXZpbA==\\007two\\033[1m\\nthree\\nfour\\n'");
    expect(out).toEqual({ lines: ['\u001b[31mred\u001b[0m okX\u001b[0m', 'two\u001b[1m\u001b[0m', 'three'] });
  });

  it('an empty output blanks the line; a failure says its status and first error line', async () => {
    expect(await run('true')).toEqual({ lines: [] });
    expect(await run('echo nope >&2; echo more >&2; exit 2')).toEqual({ error: 'it exited with status 2: nope' });
  });
});
