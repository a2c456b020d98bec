import { beforeAll, describe, expect, it } from 'vitest';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { width } from '../../src/modes/interactive/text/text.js';
import { wrapAsciiLine, wrapLine } from '../../src/modes/interactive/text/wrap.js';
import { renderDiff } from '../../src/modes/interactive/view/diff-view.js';
import { renderFooter } from '../../src/modes/interactive/view/footer.js';
import { composeLive, lastLines } from '../../src/modes/interactive/view/live.js';
import { renderQueue } from '../../src/modes/interactive/view/queue-view.js';
import { renderToolCall, type ToolCallView } from '../../src/modes/interactive/view/tool-view.js';

const plain = (lines: string[]) => lines.map(stripAnsi);

beforeAll(() => setColorLevel('color'));

describe('queue view', () => {
  it('lists steering before follow-ups, one line each, cut to the width', () => {
    const lines = plain(renderQueue({ steering: ['use port 8080', 'and\nmore'], followUp: ['then write tests'] }, 30));
    expect(lines).toEqual(['↳ steer: use port 8080', '↳ steer: and …', '↳ follow-up: then write tests']);
    expect(plain(renderQueue({ steering: ['x'.repeat(100)], followUp: [] }, 20))[0]).toHaveLength(20);
    expect(renderQueue({ steering: [], followUp: [] }, 40)).toEqual([]);
  });

  it("shows a job's end told to the model as what happened, not the note written for the model", () => {
    const ended = '[tack: background job 2 (npm run dev) exited with code 1 after 14 s; its last lines:\nError: listen EADDRINUSE]';
    const silent = '[tack: background job 3 (sleep 1) exited with code 0 after 1 s, printing nothing]';
    expect(plain(renderQueue({ steering: [ended, silent], followUp: [] }, 100))).toEqual([
      '↳ background job 2 (npm run dev) exited with code 1 after 14 s (the model is told)',
      '↳ background job 3 (sleep 1) exited with code 0 after 1 s (the model is told)',
    ]);
  });

  it('caps a long queue with a count', () => {
    const lines = plain(renderQueue({ steering: Array.from({ length: 10 }, (_, i) => `m${i}`), followUp: [] }, 40, 4));
    expect(lines).toEqual(['↳ steer: m0', '↳ steer: m1', '↳ steer: m2', '  … 7 more queued']);
  });
});

describe('tool views', () => {
  const bash = (over: Partial<ToolCallView>): ToolCallView => ({ id: '1', name: 'bash', args: { command: 'npm test' }, status: 'running', ...over });
  const output = (n: number) => ({ content: [{ type: 'text' as const, text: Array.from({ length: n }, (_, i) => `out ${i + 1}`).join('\n') }] });

  it('a running bash call shows its last 5 output lines under a header with a still mark (the status line spins)', () => {
    const lines = plain(renderToolCall(bash({ result: output(12) }), 80));
    expect(lines).toEqual(['○ bash npm test', '  out 8', '  out 9', '  out 10', '  out 11', '  out 12']);
  });

  it('a finished bash call says what was left out, and a non-zero exit', () => {
    const lines = plain(renderToolCall(bash({ status: 'done', result: { ...output(7), details: { exitCode: 0 } } }), 80));
    expect(lines[0]).toBe('✓ bash npm test');
    expect(lines[1]).toBe('  … 2 more lines above (Ctrl+O to show)');
    const one = plain(renderToolCall(bash({ status: 'done', result: { ...output(6), details: { exitCode: 0 } } }), 80));
    expect(one[1]).toBe('  … 1 more line above (Ctrl+O to show)');
    const failed = plain(renderToolCall(bash({ status: 'failed', result: { ...output(1), details: { exitCode: 2 }, isError: true } }), 80));
    expect(failed).toEqual(['✗ bash npm test (exit 2)', '  out 1']);
    const expanded = plain(renderToolCall(bash({ status: 'done', result: output(7) }), 80, { expanded: true }));
    expect(expanded).toHaveLength(8);
  });

  it('an edit shows a numbered, coloured diff, capped with a count', () => {
    const diff = ['--- a/x.ts', '+++ b/x.ts', '@@ -10,3 +10,3 @@', ' keep', '-old line', '+new line', ' tail'].join('\n');
    const view: ToolCallView = {
      id: '2',
      name: 'edit',
      args: { path: 'x.ts' },
      status: 'done',
      result: { content: [], details: { diff, added: 1, removed: 1 } },
    };
    const lines = renderToolCall(view, 80);
    expect(plain(lines).map((l) => l.trimEnd())).toEqual(['✓ edit x.ts +1 -1', '   10   keep', '   11 - old line', '   11 + new line', '   12   tail']);
    expect(lines[2]).toContain('\x1b[31m');
    expect(lines[3]).toContain('\x1b[32m');
    const long = ['@@ -1,40 +1,40 @@', ...Array.from({ length: 40 }, (_, i) => `+l${i}`)].join('\n');
    const capped = plain(renderDiff(long, 60, 20));
    expect(capped).toHaveLength(20);
    expect(capped.at(-1)).toBe('… 21 more lines');
  });

  it('read, find and ls show counts; a failure shows its message in red', () => {
    const read = plain(
      renderToolCall(
        {
          id: '3',
          name: 'read',
          args: { path: 'a.ts', offset: 1, limit: 200 },
          status: 'done',
          result: { content: [], details: { firstLine: 1, lastLine: 200, totalLines: 950 } },
        },
        80,
      ),
    );
    expect(read).toEqual(['✓ read a.ts 1-200', '  200 lines (1-200 of 950)']);
    const find = plain(
      renderToolCall(
        { id: '4', name: 'find', args: { pattern: '*.ts' }, status: 'done', result: { content: [], details: { matches: 12, truncated: false } } },
        80,
      ),
    );
    expect(find[1]).toBe('  12 paths');
    const err = renderToolCall(
      {
        id: '5',
        name: 'read',
        args: { path: 'nope.ts' },
        status: 'failed',
        result: { content: [{ type: 'text', text: 'no such file: nope.ts' }], isError: true },
      },
      80,
    );
    // a running search is one line: its count comes with its result
    expect(renderToolCall({ id: '7', name: 'grep', args: { pattern: 'x' }, status: 'running' }, 80)).toHaveLength(1);
    // the reason is said once, in the header
    expect(err.map(stripAnsi)).toEqual(['✗ read nope.ts (failed: no such file: nope.ts)']);
    const longer = renderToolCall(
      {
        id: '6',
        name: 'write',
        args: { path: 'x' },
        status: 'failed',
        result: { content: [{ type: 'text', text: 'refused by a rule\nthe rule: deny write(x)' }], isError: true },
      },
      80,
    );
    expect(longer.map(stripAnsi)).toEqual(['✗ write x (failed: refused by a rule)', '  the rule: deny write(x)']);
    expect(longer[1]).toContain('\x1b[31m');
  });
});

describe('live region height', () => {
  const parts = (body: number) => ({
    body: Array.from({ length: body }, (_, i) => `body ${i}`),
    status: ['status'],
    queue: ['↳ steer: x'],
    input: ['---', '> hi', '---'],
    menu: [],
    footer: ['footer'],
  });

  it('is never as tall as the terminal: the body keeps its last lines under a marker', () => {
    for (const rows of [5, 10, 24, 40]) {
      for (const body of [0, 3, 50, 500]) {
        const out = composeLive(parts(body), rows);
        expect(out.length).toBeLessThanOrEqual(rows - 1);
        expect(out.at(-1)).toBe('footer');
      }
    }
    const out = composeLive(parts(100), 20);
    expect(out).toHaveLength(19);
    expect(out[0]).toBe('… 88 lines above');
    expect(out[12]).toBe('body 99');
  });

  it('lastLines leaves short lists alone', () => {
    expect(lastLines(['a', 'b'], 5)).toEqual(['a', 'b']);
    expect(lastLines(['a', 'b', 'c'], 2)).toEqual(['… 2 lines above', 'c']);
  });
});

describe('footer', () => {
  const base = {
    model: 'gpt-x',
    contextWindow: 200_000,
    context: 50_000,
    totalInput: 120_000,
    totalOutput: 3400,
    sessionId: '1234567890abcdef',
  };

  it('shows context used, tokens, cost, branch and session; the model only when the header names another', () => {
    expect(stripAnsi(renderFooter({ ...base, headerModel: 'gpt-x', cost: 0.4567, branch: 'main' }, 200))).toBe(
      '25% of 200k · ↑120k ↓3.4k · $0.46 · git:main · 12345678',
    );
    expect(stripAnsi(renderFooter({ ...base, headerModel: 'gpt-y', cost: null }, 200))).toBe('gpt-x · 25% of 200k · ↑120k ↓3.4k · 12345678');
    expect(stripAnsi(renderFooter({ ...base, headerModel: 'gpt-x', cost: null, firstScreen: true }, 200))).toMatch(/ · \? for keys$/);
  });

  it('colours yolo as a warning', () => {
    expect(renderFooter({ ...base, cost: null, approvals: 'yolo' }, 200)).toContain('\x1b[31myolo');
  });

  it('leaves the cost out when it is unknown, never $0', () => {
    expect(stripAnsi(renderFooter({ ...base, cost: null }, 200))).not.toContain('$');
  });
});

describe('wrapLine', () => {
  it('breaks at spaces, hard-breaks long words, keeps indentation on the first line', () => {
    expect(wrapLine('hello world this is', 11)).toEqual(['hello world', 'this is']);
    expect(wrapLine('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapLine('    x = 1', 20)).toEqual(['    x = 1']);
  });

  it('closes styles at a break and reopens them on the next line', () => {
    expect(wrapLine('\x1b[1mbold words here\x1b[22m end', 10)).toEqual(['\x1b[1mbold words\x1b[0m', '\x1b[1mhere\x1b[22m end']);
  });

  it('starts a word too long for the line on a line of its own, never glued to the word before', () => {
    expect(wrapLine('see https://example.com/a/long/path', 20)).toEqual(['see', 'https://example.com/', 'a/long/path']);
    expect(wrapLine('\x1b[1msee\x1b[22m https://example.com/a', 20)).toEqual(['\x1b[1msee\x1b[22m', 'https://example.com/', 'a']);
  });

  it('adds no empty line for spaces at the end of a full line', () => {
    expect(wrapLine('abcdefghij   ', 10)).toEqual(['abcdefghij']);
  });

  it('breaks a line of plain ASCII the same way on its fast path', () => {
    let seed = 11;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const pieces = ['a', 'word', 'longer-word', 'https://example.com/a/very/long/path/that/goes/on', ' ', ' ', '  ', '   '];
    for (let t = 0; t < 3000; t++) {
      const line = Array.from({ length: 1 + rnd(30) }, () => pieces[rnd(pieces.length)]).join('');
      const cols = 1 + rnd(60);
      expect(wrapAsciiLine(line, cols), `${JSON.stringify(line)} at ${cols}`).toEqual(wrapLine(line, cols));
    }
  });

  it('counts wide characters as two columns', () => {
    const lines = wrapLine('漢字かな交じり文', 5);
    for (const l of lines) expect(width(l)).toBeLessThanOrEqual(5);
    expect(lines.join('')).toBe('漢字かな交じり文');
  });
});
