// What a key means in the input box. Pure: app/key-intent.ts decides what each command does given
// the state (idle or working, menu open or not).
import type { KeyEvent } from './keys.js';

// biome-ignore format: the commands read as a list by kind
export type EditCommand =
  | 'left'
  | 'right'
  | 'wordLeft'
  | 'wordRight'
  | 'home'
  | 'end'
  | 'backspace'
  | 'delete'
  | 'deleteWordBack'
  | 'deleteWordForward'
  | 'killLineStart'
  | 'killLineEnd';

export type Command =
  | { type: 'submit' } // Enter
  | { type: 'followUp' } // Alt+Enter
  | { type: 'newline' } // Shift+Enter, Ctrl+J
  | { type: 'escape' }
  | { type: 'interrupt' } // Ctrl+C
  | { type: 'eof' } // Ctrl+D
  | { type: 'toggleTools' } // Ctrl+O
  | { type: 'toggleTodos' } // Ctrl+T
  | { type: 'tab' }
  | { type: 'cycleMode' } // Shift+Tab: the approval mode
  | { type: 'up' }
  | { type: 'down' }
  | { type: 'pageUp' }
  | { type: 'pageDown' }
  | { type: 'edit'; op: EditCommand }
  | { type: 'insert'; text: string }
  | { type: 'paste'; text: string }
  | { type: 'focus'; focused: boolean }
  | { type: 'externalEditor' } // Ctrl+G
  | { type: 'pasteImage' } // Ctrl+V, Alt+V (for terminals that keep Ctrl+V for their own paste)
  | { type: 'none' };

const edit = (op: EditCommand): Command => ({ type: 'edit', op });

export function keyCommand(ev: KeyEvent): Command {
  if (ev.kind === 'text') return { type: 'insert', text: ev.text };
  if (ev.kind === 'paste') return { type: 'paste', text: ev.text };
  if (ev.kind === 'focus') return { type: 'focus', focused: ev.focused };
  const { name, ctrl, meta, shift } = ev;
  if (name === 'enter') {
    if (shift || ctrl) return { type: 'newline' };
    return meta ? { type: 'followUp' } : { type: 'submit' };
  }
  if (ctrl && !meta) {
    // biome-ignore format: one key per line, a table
    switch (name) {
      case 'j':
        return { type: 'newline' };
      case 'c':
        return { type: 'interrupt' };
      case 'd':
        return { type: 'eof' };
      case 'o':
        return { type: 'toggleTools' };
      case 't':
        return { type: 'toggleTodos' };
      case 'g':
        return { type: 'externalEditor' };
      case 'v':
        return { type: 'pasteImage' };
      case 'a':
        return edit('home');
      case 'e':
        return edit('end');
      case 'b':
        return edit('left');
      case 'f':
        return edit('right');
      case 'w':
        return edit('deleteWordBack');
      case 'u':
        return edit('killLineStart');
      case 'k':
        return edit('killLineEnd');
      case 'h':
        return edit('backspace');
      case 'p':
        return { type: 'up' };
      case 'n':
        return { type: 'down' };
      case 'left':
        return edit('wordLeft');
      case 'right':
        return edit('wordRight');
      case 'home':
        return edit('home');
      case 'end':
        return edit('end');
      default:
        return { type: 'none' };
    }
  }
  if (meta) {
    // biome-ignore format: one key per line, a table
    switch (name) {
      case 'b':
      case 'left':
        return edit('wordLeft');
      case 'f':
      case 'right':
        return edit('wordRight');
      case 'd':
        return edit('deleteWordForward');
      case 'v':
        return { type: 'pasteImage' };
      case 'backspace':
        return edit('deleteWordBack');
      default:
        return { type: 'none' };
    }
  }
  // biome-ignore format: one key per line, a table
  switch (name) {
    case 'escape':
      return { type: 'escape' };
    case 'tab':
      return shift ? { type: 'cycleMode' } : { type: 'tab' };
    case 'up':
      return { type: 'up' };
    case 'down':
      return { type: 'down' };
    case 'pageup':
      return { type: 'pageUp' };
    case 'pagedown':
      return { type: 'pageDown' };
    case 'left':
      return edit('left');
    case 'right':
      return edit('right');
    case 'home':
      return edit('home');
    case 'end':
      return edit('end');
    case 'backspace':
      return edit('backspace');
    case 'delete':
      return edit('delete');
    default:
      return { type: 'none' };
  }
}
