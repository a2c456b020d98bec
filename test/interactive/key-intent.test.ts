// What a key means, decided without the app: the pure keyIntent, from a key and a snapshot of what
// is on screen. The tmux tests (vim, approvals, everyday, escapes …) show the same keys end to end.
import { describe, expect, it } from 'vitest';
import { DOUBLE_ESCAPE_MS, type Intent, type KeyState, keyIntent, QUIT_WINDOW_MS } from '../../src/modes/interactive/app/key-intent.js';
import { emptyEditor } from '../../src/modes/interactive/editor/editor.js';
import { vimStart } from '../../src/modes/interactive/editor/vim.js';
import type { Command } from '../../src/modes/interactive/input/keymap.js';
import type { InputKeys } from '../../src/modes/interactive/input-box/input-box.js';
import type { OpenQuestion } from '../../src/modes/interactive/view/approval-view.js';
import type { ApprovalRequest } from '../../src/session/permissions/index.js';

const T0 = 1_000_000;

function state(over: Partial<Omit<KeyState, 'input'>> = {}, input: Partial<InputKeys> = {}): KeyState {
  return {
    now: T0,
    quitting: false,
    picker: false,
    question: null,
    running: false,
    queued: 0,
    cancellable: false,
    canEditExternally: false,
    memory: { quitArmedUntil: 0, lastEscape: 0 },
    ...over,
    input: { text: '', empty: true, menu: null, menuHasItems: false, completes: false, continues: false, vim: null, ...input },
  };
}

const key = (type: Exclude<Command['type'], 'edit' | 'insert' | 'paste' | 'focus'>): Command => ({ type }) as Command;
const typed = (text: string): Command => ({ type: 'insert', text });

/** Keys pressed one after another, `ms` apart, the memory an intent leaves carried to the next key. */
function press(keys: Command[], st: KeyState, ms = 100): Intent[] {
  let memory = st.memory;
  return keys.map((cmd, i) => {
    const intent = keyIntent(cmd, { ...st, now: st.now + i * ms, memory });
    if ('memory' in intent && intent.memory) memory = intent.memory;
    return intent;
  });
}

function question(over: Partial<ApprovalRequest> = {}): OpenQuestion {
  const request = {
    kind: 'bash',
    tool: 'bash',
    summary: 'run ls',
    args: { command: 'ls' },
    choices: [
      { key: 'y', label: 'yes', answer: { answer: 'yes' } },
      { key: 'n', label: 'no', answer: { answer: 'no' } },
    ],
    ...over,
  } as ApprovalRequest;
  return { request, selected: 0, reason: null };
}

describe('keyIntent: who gets a key', () => {
  it('the quit question takes every key, before the picker; focus reports go to the attention first', () => {
    const st = state({ quitting: true, picker: true });
    expect(keyIntent(typed('k'), st)).toEqual({ type: 'quitQuestion', cmd: typed('k') });
    expect(keyIntent(key('interrupt'), st)).toEqual({ type: 'quitQuestion', cmd: key('interrupt') });
    expect(keyIntent({ type: 'focus', focused: false }, st)).toEqual({ type: 'focus', focused: false });
    expect(keyIntent(key('escape'), state({ picker: true }))).toEqual({ type: 'picker', cmd: key('escape') });
  });

  it('Shift+Tab cycles the approval mode, even while a question is open', () => {
    expect(keyIntent(key('cycleMode'), state({ question: question() }))).toEqual({ type: 'cycleMode' });
  });

  it('a question takes its letters, arrows and Enter while nothing is typed; once text is typed they go to the input', () => {
    const q = question();
    expect(keyIntent(typed('y'), state({ question: q }))).toEqual({ type: 'question', cmd: typed('y') });
    expect(keyIntent(key('submit'), state({ question: q }))).toEqual({ type: 'question', cmd: key('submit') });
    expect(keyIntent(typed('x'), state({ question: q }))).toEqual({ type: 'input', cmd: typed('x') });
    const typing = state({ question: q }, { text: 'why', empty: false });
    expect(keyIntent(typed('y'), typing)).toEqual({ type: 'input', cmd: typed('y') });
    expect(keyIntent(key('escape'), typing)).toEqual({ type: 'question', cmd: key('escape') });
  });

  it('Esc closes an open completion menu before it answers the question', () => {
    const st = state({ question: question() }, { text: '/he', empty: false, menu: 'command', menuHasItems: true, completes: true });
    expect(keyIntent(key('escape'), st)).toEqual({ type: 'closeMenu' });
  });

  it('while the reason for a "no" is typed, Ctrl+C keeps its meaning: it interrupts the run', () => {
    const st = state({ question: { ...question(), reason: emptyEditor }, running: true });
    expect(keyIntent(typed('n'), st)).toEqual({ type: 'question', cmd: typed('n') });
    expect(keyIntent(key('interrupt'), st)).toEqual({ type: 'interrupt' });
  });

  it('Ctrl+G opens a plan in the editor only where there is an editor to open', () => {
    const plan = question({ kind: 'plan', plan: '1. do it' } as Partial<ApprovalRequest>);
    expect(keyIntent(key('externalEditor'), state({ question: plan, canEditExternally: true }))).toEqual({ type: 'question', cmd: key('externalEditor') });
    expect(keyIntent(key('externalEditor'), state({ question: plan }))).toEqual({ type: 'none' });
    expect(keyIntent(key('externalEditor'), state({ canEditExternally: true }))).toEqual({ type: 'editExternally' });
  });

  it('Up on an empty input takes the queued messages back; with text or a menu it moves as usual', () => {
    expect(keyIntent(key('up'), state({ running: true, queued: 2 }))).toEqual({ type: 'takeQueue' });
    expect(keyIntent(key('up'), state({ running: true, queued: 2 }, { text: 'x', empty: false }))).toEqual({ type: 'input', cmd: key('up') });
    expect(keyIntent(key('up'), state({ queued: 1 }, { text: '/', empty: false, menu: 'command', menuHasItems: true }))).toEqual({
      type: 'input',
      cmd: key('up'),
    });
    expect(keyIntent(key('up'), state())).toEqual({ type: 'input', cmd: key('up') });
  });

  it('vim: Esc in insert mode goes to normal mode, unless tack works and the input is empty (then it interrupts)', () => {
    const insert = { vim: vimStart };
    expect(keyIntent(key('escape'), state({}, { ...insert, text: 'ab', empty: false }))).toEqual({ type: 'vim', cmd: key('escape') });
    expect(keyIntent(key('escape'), state({}, insert))).toEqual({ type: 'vim', cmd: key('escape') });
    expect(keyIntent(key('escape'), state({ running: true }, insert))).toEqual({ type: 'interrupt' });
    expect(keyIntent(typed('a'), state({}, insert))).toEqual({ type: 'input', cmd: typed('a') });
    const normal = { vim: { ...vimStart, mode: 'normal' as const } };
    expect(keyIntent(typed('d'), state({}, normal))).toEqual({ type: 'vim', cmd: typed('d') });
    expect(keyIntent(key('submit'), state({}, { ...normal, text: 'hi', empty: false }))).toEqual({ type: 'submit', kind: 'enter' });
    // a panel in the menu's place takes every key, vim's too
    expect(keyIntent(typed('d'), state({}, { ...normal, menu: 'panel' }))).toEqual({ type: 'input', cmd: typed('d') });
  });

  it('`?` on an empty input opens the keys; typed after text it is text', () => {
    expect(keyIntent(typed('?'), state())).toEqual({ type: 'command', name: 'help' });
    expect(keyIntent(typed('?'), state({}, { text: 'why', empty: false }))).toEqual({ type: 'input', cmd: typed('?') });
  });

  it('an image paste (Ctrl+V, or an empty bracketed paste) goes to the clipboard reader', () => {
    expect(keyIntent(key('pasteImage'), state())).toEqual({ type: 'pasteImage' });
    expect(keyIntent({ type: 'paste', text: '' }, state())).toEqual({ type: 'pasteImage' });
    expect(keyIntent({ type: 'paste', text: 'some text' }, state())).toEqual({ type: 'input', cmd: { type: 'paste', text: 'some text' } });
  });
});

describe('keyIntent: Enter, Tab and Alt+Enter', () => {
  const text = { text: 'hello', empty: false };

  it('Enter sends; after a backslash it makes a newline; Alt+Enter queues a follow-up', () => {
    expect(keyIntent(key('submit'), state({}, text))).toEqual({ type: 'submit', kind: 'enter' });
    expect(keyIntent(key('submit'), state({}, { ...text, continues: true }))).toEqual({ type: 'continueLine' });
    expect(keyIntent(key('followUp'), state({ running: true }, text))).toEqual({ type: 'submit', kind: 'followUp' });
  });

  it('Enter on the command menu completes and sends; on the path menu, Tab or Enter only completes', () => {
    const command = { text: '/he', empty: false, menu: 'command' as const, menuHasItems: true, completes: true };
    expect(keyIntent(key('submit'), state({}, command))).toEqual({ type: 'complete', thenSend: true });
    expect(keyIntent(key('tab'), state({}, command))).toEqual({ type: 'complete', thenSend: false });
    const path = { ...command, text: '@sr', menu: 'path' as const };
    expect(keyIntent(key('submit'), state({}, path))).toEqual({ type: 'complete', thenSend: false });
  });

  it('Enter on a menu with nothing to complete sends the text as it is; Tab does nothing', () => {
    const empty = { text: '/nosuch', empty: false, menu: 'command' as const, menuHasItems: false, completes: false };
    expect(keyIntent(key('submit'), state({}, empty))).toEqual({ type: 'submit', kind: 'enter' });
    expect(keyIntent(key('tab'), state({}, empty))).toEqual({ type: 'none' });
  });

  it('Enter or Tab on the model menu switches to the model chosen', () => {
    const models = { menu: 'model' as const, menuHasItems: true };
    expect(keyIntent(key('submit'), state({}, models))).toEqual({ type: 'chooseModel' });
    expect(keyIntent(key('tab'), state({}, models))).toEqual({ type: 'chooseModel' });
  });
});

describe('keyIntent: Esc and Ctrl+C', () => {
  it('Esc stops a command’s work first, then the run (its queued messages come back), even with only a queue left', () => {
    expect(keyIntent(key('escape'), state({ cancellable: true, running: true }))).toEqual({ type: 'cancel' });
    expect(keyIntent(key('escape'), state({ running: true }))).toEqual({ type: 'interrupt' });
    expect(keyIntent(key('escape'), state({ queued: 1 }))).toEqual({ type: 'interrupt' });
  });

  it('two Esc on an empty, idle input open /rewind; slower, or with text typed, they do not', () => {
    const quick = press([key('escape'), key('escape')], state());
    expect(quick[0]).toEqual({ type: 'remember', memory: { quitArmedUntil: 0, lastEscape: T0 } });
    expect(quick[1]).toEqual({ type: 'command', name: 'rewind', memory: { quitArmedUntil: 0, lastEscape: 0 } });
    // the pair is used up: a third Esc starts over
    expect(press([key('escape'), key('escape'), key('escape')], state())[2]).toMatchObject({ type: 'remember' });
    expect(press([key('escape'), key('escape')], state(), DOUBLE_ESCAPE_MS).map((i) => i.type)).toEqual(['remember', 'remember']);
    expect(press([key('escape'), key('escape')], state({}, { text: 'x', empty: false })).map((i) => i.type)).toEqual(['remember', 'remember']);
  });

  it('Ctrl+C clears typed text, else interrupts the run, else stops a command, else arms quitting: a second one quits', () => {
    expect(keyIntent(key('interrupt'), state({ running: true }, { text: 'half', empty: false }))).toEqual({ type: 'clearInput' });
    expect(keyIntent(key('interrupt'), state({ running: true, cancellable: true }))).toEqual({ type: 'interrupt' });
    expect(keyIntent(key('interrupt'), state({ cancellable: true }))).toEqual({ type: 'cancel' });
    const twice = press([key('interrupt'), key('interrupt')], state());
    expect(twice[0]).toEqual({
      type: 'remember',
      memory: { quitArmedUntil: T0 + QUIT_WINDOW_MS, lastEscape: 0 },
      flash: { text: 'press Ctrl+C again to quit', ms: QUIT_WINDOW_MS },
    });
    expect(twice[1]).toEqual({ type: 'quit' });
    // too slow: the second press arms again instead of quitting
    expect(press([key('interrupt'), key('interrupt')], state(), QUIT_WINDOW_MS)[1]).toMatchObject({ type: 'remember' });
  });

  it('Ctrl+D quits on an empty input and deletes forward otherwise', () => {
    expect(keyIntent(key('eof'), state())).toEqual({ type: 'quit' });
    expect(keyIntent(key('eof'), state({}, { text: 'ab', empty: false }))).toEqual({ type: 'input', cmd: { type: 'edit', op: 'delete' } });
  });

  it('with a panel open, every key is the panel’s (Esc closes it rather than interrupting)', () => {
    expect(keyIntent(key('escape'), state({ running: true }, { menu: 'panel' }))).toEqual({ type: 'input', cmd: key('escape') });
    expect(keyIntent(key('submit'), state({}, { menu: 'panel' }))).toEqual({ type: 'input', cmd: key('submit') });
  });

  it('Ctrl+O and Ctrl+T fold and unfold the tool output and the todo list', () => {
    expect(keyIntent(key('toggleTools'), state())).toEqual({ type: 'toggleTools' });
    expect(keyIntent(key('toggleTodos'), state())).toEqual({ type: 'toggleTodos' });
  });
});
