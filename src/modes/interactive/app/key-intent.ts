// What a key means, given what is on screen: a pure function from the key and a snapshot of the
// app's state to an intent, which the controller carries out (controller.ts, `carryOut`). The
// order in which the app's parts get a key lives here: the quit question, the session picker,
// Shift+Tab, an approval question, the queue, vim, the input box, then the app's own keys.
import type { Command } from '../input/keymap.js';
import type { InputKeys } from '../input-box/input-box.js';
import { vimTakes } from '../editor/vim.js';
import type { OpenQuestion } from '../view/approval-view.js';
import { isImagePaste } from './pasted-images.js';
import { questionTakes } from './question-keys.js';

/** Two Ctrl+C presses within this time quit. */
export const QUIT_WINDOW_MS = 2000;
/** Two Esc presses on an empty box within this time open the rewind chooser. */
export const DOUBLE_ESCAPE_MS = 800;

/** What the keys remember between presses: the times that make a second press mean more. */
export interface KeyMemory {
  /** a Ctrl+C before this time makes the next one quit */
  quitArmedUntil: number;
  /** when Esc was last pressed on an empty, idle box (0: not lately) */
  lastEscape: number;
}

export interface KeyState {
  now: number;
  /** the question quitting asks while background jobs run is open */
  quitting: boolean;
  /** the session picker is open */
  picker: boolean;
  /** the approval question on screen */
  question: OpenQuestion | null;
  input: InputKeys;
  /** the session is at work */
  running: boolean;
  /** messages queued for the running session */
  queued: number;
  /** a command started something Esc stops (a /compact) */
  cancellable: boolean;
  /** Ctrl+G can hand the text to the user's editor */
  canEditExternally: boolean;
  memory: KeyMemory;
}

export type Intent =
  | { type: 'none' }
  | { type: 'focus'; focused: boolean }
  /** the key belongs to the quit question, the session picker, the approval question, vim or the input box */
  | { type: 'quitQuestion' | 'picker' | 'question' | 'vim' | 'input'; cmd: Command }
  | { type: 'cycleMode' }
  /** the queued messages back into the input (Up on an empty input) */
  | { type: 'takeQueue' }
  /** stop the run; its queued messages go back into the input */
  | { type: 'interrupt' }
  /** stop what a command started */
  | { type: 'cancel' }
  /** `memory`: the double Esc that opened /rewind is used up */
  | { type: 'command'; name: 'help' | 'rewind'; memory?: KeyMemory }
  | { type: 'pasteImage' }
  /** the selected completion into the text; `thenSend`: a command chosen with Enter is sent at once */
  | { type: 'complete'; thenSend: boolean }
  /** the model selected in the model menu is switched to */
  | { type: 'chooseModel' }
  /** Enter after a backslash: a newline */
  | { type: 'continueLine' }
  | { type: 'submit'; kind: 'enter' | 'followUp' }
  | { type: 'closeMenu' }
  | { type: 'clearInput' }
  /** a first Esc or Ctrl+C: remembered, so that a second one means more */
  | { type: 'remember'; memory: KeyMemory; flash?: { text: string; ms: number } }
  | { type: 'quit' }
  | { type: 'toggleTools' }
  | { type: 'toggleTodos' }
  | { type: 'editExternally' };

const NONE: Intent = { type: 'none' };

/** The input box's own keys: editing, and Up/Down (menu, lines, history). */
const INPUT_KEYS = new Set<Command['type']>(['insert', 'paste', 'newline', 'edit', 'up', 'down']);

export function keyIntent(cmd: Command, st: KeyState): Intent {
  const input = st.input;
  if (cmd.type === 'focus') return { type: 'focus', focused: cmd.focused };
  if (st.quitting) return { type: 'quitQuestion', cmd };
  if (st.picker) return { type: 'picker', cmd };
  if (cmd.type === 'cycleMode') return { type: 'cycleMode' };
  // Esc closes an open completion menu before it answers the question.
  const forQuestion = !(cmd.type === 'escape' && input.menu);
  if (forQuestion && st.question && questionTakes(st.question, cmd, input.empty && !input.menu, st.canEditExternally)) return { type: 'question', cmd };
  if (cmd.type === 'up' && !input.menuHasItems && input.empty && st.queued > 0) return { type: 'takeQueue' };
  if (vimTakes(input.vim, cmd, { panel: input.menu === 'panel', menu: input.menu !== null, busy: st.running, empty: input.empty })) return { type: 'vim', cmd };
  // `?` on an empty input shows the keys, as the footer's first-screen hint says
  if (cmd.type === 'insert' && cmd.text === '?' && input.empty && !input.menu) return { type: 'command', name: 'help' };
  if (isImagePaste(cmd)) return { type: 'pasteImage' };
  if (input.menu === 'panel' || INPUT_KEYS.has(cmd.type)) return { type: 'input', cmd };
  return appKey(cmd, st);
}

/** The keys the input box leaves to the app. */
function appKey(cmd: Command, st: KeyState): Intent {
  const { input, now, memory } = st;
  switch (cmd.type) {
    case 'submit':
      if (input.menu === 'model') return { type: 'chooseModel' };
      if (input.menu && input.completes) return { type: 'complete', thenSend: input.menu === 'command' };
      return input.continues ? { type: 'continueLine' } : { type: 'submit', kind: 'enter' };
    case 'tab':
      if (input.menu === 'model') return { type: 'chooseModel' };
      return input.menu && input.completes ? { type: 'complete', thenSend: false } : NONE;
    case 'followUp':
      return { type: 'submit', kind: 'followUp' };
    case 'escape':
      if (input.menu) return { type: 'closeMenu' };
      if (st.cancellable) return { type: 'cancel' };
      if (st.running || st.queued > 0) return { type: 'interrupt' };
      if (input.empty && now - memory.lastEscape < DOUBLE_ESCAPE_MS) return { type: 'command', name: 'rewind', memory: { ...memory, lastEscape: 0 } };
      return { type: 'remember', memory: { ...memory, lastEscape: input.empty ? now : 0 } };
    case 'interrupt':
      if (input.text !== '') return { type: 'clearInput' };
      if (st.running) return { type: 'interrupt' };
      if (st.cancellable) return { type: 'cancel' };
      if (now < memory.quitArmedUntil) return { type: 'quit' };
      return {
        type: 'remember',
        memory: { ...memory, quitArmedUntil: now + QUIT_WINDOW_MS },
        flash: { text: 'press Ctrl+C again to quit', ms: QUIT_WINDOW_MS },
      };
    case 'eof':
      return input.text === '' ? { type: 'quit' } : { type: 'input', cmd: { type: 'edit', op: 'delete' } };
    case 'toggleTools':
    case 'toggleTodos':
      return { type: cmd.type };
    case 'externalEditor':
      return st.canEditExternally ? { type: 'editExternally' } : NONE;
    default:
      return NONE;
  }
}
