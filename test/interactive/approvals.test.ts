// The approval question in the app: keys to answers, one question at a time, and how it looks.
import { beforeAll, describe, expect, it } from 'vitest';
import { ApprovalPrompt } from '../../src/modes/interactive/app/approval-prompt.js';
import { keyCommand } from '../../src/modes/interactive/input/keymap.js';
import { KeyParser } from '../../src/modes/interactive/input/keys.js';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { renderQuestion } from '../../src/modes/interactive/view/approval-view.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../src/session/permissions/index.js';

beforeAll(() => setColorLevel('color'));

const editRequest = (over: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  toolCallId: 'c1',
  tool: 'edit',
  args: { path: 'calc.js' },
  kind: 'edit',
  summary: 'Edit calc.js',
  reason: 'Changing files asks in the ask mode',
  diff: '--- calc.js\n+++ calc.js\n@@ -1,3 +1,3 @@\n function add(a, b) {\n-  return a - b;\n+  return a + b;\n }\n',
  choices: [
    { label: 'Yes', key: 'y', answer: { answer: 'yes' } },
    {
      label: "Yes, and don't ask again for calc.js this session",
      key: 'f',
      answer: { answer: 'always', scope: { kind: 'path', path: '/p/calc.js', access: 'edit' } },
    },
    { label: 'Yes to all edits in the workspace this session', key: 'a', answer: { answer: 'always', scope: { kind: 'all-edits' } } },
    { label: 'No (Esc), optionally telling the model why', key: 'n', answer: { answer: 'no' } },
  ],
  ...over,
});

const bashRequest = (command: string): ApprovalRequest => ({
  toolCallId: 'c2',
  tool: 'bash',
  args: { command },
  kind: 'bash',
  summary: `Run ${command.split('\n')[0]}`,
  reason: 'Running commands asks in the ask mode',
  command,
  choices: [
    { label: 'Yes', key: 'y', answer: { answer: 'yes' } },
    {
      label: 'Always allow `npm test …` this session',
      key: 'a',
      answer: { answer: 'always', scope: { kind: 'commands', prefixes: ['npm test'], save: false } },
    },
    {
      label: 'Always allow `npm test …`, and save it to .tack/config.json',
      key: 's',
      answer: { answer: 'always', scope: { kind: 'commands', prefixes: ['npm test'], save: true } },
    },
    { label: 'No (Esc), optionally telling the model why', key: 'n', answer: { answer: 'no' } },
  ],
});

/** Feeds raw terminal input to the prompt; keys it does not take are returned (they go to the input). */
function typer(prompt: ApprovalPrompt, inputEmpty = () => true) {
  const parser = new KeyParser();
  return (raw: string) =>
    parser
      .feed(raw)
      .map(keyCommand)
      .filter((cmd) => !prompt.handle(cmd, inputEmpty()));
}

function setup() {
  let changes = 0;
  const prompt = new ApprovalPrompt(() => changes++);
  return { prompt, type: typer(prompt), changes: () => changes };
}

describe('approval prompt', () => {
  it('answers with the choice whose key is pressed, unchanged', async () => {
    const { prompt, type } = setup();
    const request = editRequest();
    const answer = prompt.ask(request, new AbortController().signal);
    expect(prompt.current?.request).toBe(request);
    expect(type('f')).toEqual([]);
    expect(await answer).toBe(request.choices[1]!.answer);
    expect(prompt.current).toBeUndefined();
  });

  it('Enter takes the selected choice (the first by default), arrows move', async () => {
    const { prompt, type } = setup();
    const request = bashRequest('npm test');
    let answer = prompt.ask(request, new AbortController().signal);
    type('\r');
    expect(await answer).toBe(request.choices[0]!.answer);
    answer = prompt.ask(request, new AbortController().signal);
    type('\x1b[B\x1b[B\x1b[A\x1b[B');
    expect(prompt.current?.selected).toBe(2);
    type('\r');
    expect(await answer).toEqual({ answer: 'always', scope: { kind: 'commands', prefixes: ['npm test'], save: true } });
  });

  it('"no" asks for an optional reason; Enter sends it, an empty one is left out', async () => {
    const { prompt, type } = setup();
    let answer = prompt.ask(editRequest(), new AbortController().signal);
    type('n');
    expect(prompt.current?.reason).not.toBeNull();
    // while typing the reason, the choice keys are text
    expect(type('keep the subtraction, y')).toEqual([]);
    type('\x7f');
    type('\r');
    expect(await answer).toEqual({ answer: 'no', reason: 'keep the subtraction,' });
    answer = prompt.ask(editRequest(), new AbortController().signal);
    type('n');
    type('\r');
    expect(await answer).toEqual({ answer: 'no' });
  });

  it('Esc answers a plain "no", also while the reason is typed', async () => {
    const { prompt, type } = setup();
    let answer = prompt.ask(editRequest(), new AbortController().signal);
    type('\x1b');
    expect(await answer).toEqual({ answer: 'no' });
    answer = prompt.ask(editRequest(), new AbortController().signal);
    type('nnot this');
    type('\x1b');
    expect(await answer).toEqual({ answer: 'no' });
  });

  it('leaves other keys to the input box, and every key once something is typed there', async () => {
    const prompt = new ApprovalPrompt(() => {});
    let typed = '';
    const type = typer(prompt, () => typed === '');
    const answer = prompt.ask(editRequest(), new AbortController().signal);
    expect(type('q').map((c) => c.type)).toEqual(['insert']);
    typed = 'q';
    expect(type('y\r').map((c) => c.type)).toEqual(['insert', 'submit']);
    expect(prompt.current).toBeDefined();
    // Ctrl+C keeps its meaning (the controller interrupts the run)
    expect(type('\x03').map((c) => c.type)).toEqual(['interrupt']);
    typed = '';
    type('y');
    expect(await answer).toEqual({ answer: 'yes' });
  });

  it('shows one question at a time, in order; an aborted signal closes its question', async () => {
    const { prompt, type } = setup();
    const first = new AbortController();
    const a = prompt.ask(editRequest(), first.signal);
    const b = prompt.ask(bashRequest('npm test'), new AbortController().signal);
    expect(prompt.current?.request.kind).toBe('edit');
    first.abort();
    expect(await a).toEqual({ answer: 'no' });
    expect(prompt.current?.request.kind).toBe('bash');
    type('a');
    expect((await b).answer).toBe('always');
    const gone = new AbortController();
    gone.abort();
    expect(await prompt.ask(editRequest(), gone.signal)).toEqual({ answer: 'no' });
    expect(prompt.current).toBeUndefined();
  });

  it('cancelAll answers every open question with "no"', async () => {
    const { prompt } = setup();
    const answers: Promise<ApprovalAnswer>[] = [
      prompt.ask(editRequest(), new AbortController().signal),
      prompt.ask(editRequest(), new AbortController().signal),
    ];
    prompt.cancelAll();
    expect(await Promise.all(answers)).toEqual([{ answer: 'no' }, { answer: 'no' }]);
  });
});

describe('question view', () => {
  const open = (request: ApprovalRequest) => ({ request, selected: 0, reason: null });

  it('an edit: summary, reason, the diff with line numbers, the choices with their keys', () => {
    const lines = renderQuestion(open(editRequest({ note: 'calc.js changed on disk since it was read' })), 80, 30).map(stripAnsi);
    expect(lines).toContain('? Edit calc.js');
    expect(lines).toContain('  Changing files asks in the ask mode');
    expect(lines.some((l) => /2 \+   return a \+ b;/.test(l))).toBe(true);
    expect(lines.some((l) => /2 -   return a - b;/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('⚠ calc.js changed on disk since it was read'))).toBe(true);
    expect(lines).toContain('› Yes (y)');
    expect(lines).toContain('  Yes to all edits in the workspace this session (a)');
  });

  it('a command verbatim, multi-line ones too; everything fits the height it is given', () => {
    const command = 'for f in *.ts; do\n  npx tsc "$f" && echo "ok: $f"\ndone';
    const lines = renderQuestion(open(bashRequest(command)), 80, 30).map(stripAnsi);
    expect(lines).toContain('  $ for f in *.ts; do');
    expect(lines).toContain('      npx tsc "$f" && echo "ok: $f"');
    expect(lines).toContain('    done');
    const long = { ...editRequest(), diff: `@@ -1,60 +1,60 @@\n${Array.from({ length: 60 }, (_, i) => `-old ${i}\n+new ${i}`).join('\n')}\n` };
    const cut = renderQuestion(open(long), 80, 14).map(stripAnsi);
    expect(cut.length).toBeLessThanOrEqual(14);
    expect(cut.some((l) => /more lines/.test(l))).toBe(true);
    expect(cut.at(-2)).toContain('No (Esc)');
    // a short terminal: the change and the choices stay, folded to one line (issue 37)
    const short = renderQuestion(open(editRequest()), 80, 6).map(stripAnsi);
    expect(short).toHaveLength(6);
    expect(short.some((l) => /2 -   return a - b;/.test(l))).toBe(true);
    expect(short.some((l) => /2 \+   return a \+ b;/.test(l))).toBe(true);
    expect(short.at(-1)).toBe('› Yes (y) · f/a/n or ↑↓');
  });

  it('after "no": the reason field instead of the choices', () => {
    const lines = renderQuestion({ request: editRequest(), selected: 3, reason: { text: 'wrong file', cursor: 10, pastes: [] } }, 80, 30).map(stripAnsi);
    expect(lines.at(-1)).toBe('  why not? wrong file ');
    expect(lines.some((l) => l.includes('(y)'))).toBe(false);
  });
});
