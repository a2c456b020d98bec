// Terminal notifications (issue 20): the sequence each terminal understands, never a control
// character from the model's text, and only while the terminal reports it is not focused.
import { describe, expect, it } from 'vitest';
import { KeyParser } from '../../src/modes/interactive/input/keys.js';
import { Attention, notificationSequence } from '../../src/modes/interactive/os/notify.js';

describe('notifications', () => {
  it('speaks OSC 9 to iTerm2, WezTerm, Ghostty and kitty, OSC 777 to VTE and foot, the bell elsewhere', () => {
    expect(notificationSequence({ TERM_PROGRAM: 'iTerm.app' }, 'tack', 'done')).toBe('\x1b]9;tack: done\x07');
    expect(notificationSequence({ TERM: 'xterm-kitty' }, 'tack', 'done')).toBe('\x1b]9;tack: done\x07');
    expect(notificationSequence({ VTE_VERSION: '7600' }, 'tack', 'done')).toBe('\x1b]777;notify;tack;done\x07');
    expect(notificationSequence({ TERM: 'foot' }, 'tack', 'done')).toBe('\x1b]777;notify;tack;done\x07');
    expect(notificationSequence({ TERM: 'xterm-256color' }, 'tack', 'done')).toBe('\x07');
    // tmux forwards a bell; the OSC of the terminal around it goes wrapped for passthrough (allow-passthrough on)
    expect(notificationSequence({ TMUX: '/tmp/t,1,0', TERM_PROGRAM: 'tmux' }, 'tack', 'done')).toBe('\x07');
    expect(notificationSequence({ TMUX: '/tmp/t,1,0', TERM_PROGRAM: 'tmux', LC_TERMINAL: 'iTerm2' }, 'tack', 'done')).toBe(
      '\x07\x1bPtmux;\x1b\x1b]9;tack: done\x07\x1b\\',
    );
    expect(notificationSequence({ TMUX: '/tmp/t,1,0', TERM_PROGRAM: 'tmux', VTE_VERSION: '7600' }, 'tack', 'done')).toBe(
      '\x07\x1bPtmux;\x1b\x1b]777;notify;tack;done\x07\x1b\\',
    );
  });

  it('keeps control characters and separators out of the sequence', () => {
    const seq = notificationSequence({ VTE_VERSION: '1' }, 'tack', 'Run rm x\x07\x1b]0;evil\x07; more');
    expect(seq.slice(2, -1)).not.toMatch(/[\x00-\x1f]/);
    expect(seq.split(';')).toHaveLength(4);
    // a sequence's own parameters go with it, and a bidi override too
    expect(notificationSequence({ TERM_PROGRAM: 'iTerm.app' }, 'tack', 'Run \x1b[31mrm\x1b[0m \u202ex')).toBe('\x1b]9;tack: Run rm x\x07');
  });

  it('notifies only while the terminal is unfocused, and not at all when turned off', () => {
    const written: string[] = [];
    const a = new Attention((d) => written.push(d), true, { TERM_PROGRAM: 'WezTerm' });
    a.turnEnded('done');
    expect(written).toEqual([]);
    a.focus(false);
    a.question('Edit calc.js');
    a.turnEnded('done');
    a.turnEnded('aborted');
    expect(written).toEqual(['\x1b]9;tack: waiting for your answer: Edit calc.js\x07', '\x1b]9;tack: done, waiting for you\x07']);
    a.focus(true);
    a.turnEnded('done');
    expect(written).toHaveLength(2);
    const off = new Attention((d) => written.push(d), false, {});
    off.focus(false);
    off.turnEnded('done');
    expect(written).toHaveLength(2);
  });

  it('reads focus reports from the terminal as focus events, not keys', () => {
    expect(new KeyParser().feed('\x1b[Oa\x1b[I')).toEqual([
      { kind: 'focus', focused: false },
      { kind: 'text', text: 'a' },
      { kind: 'focus', focused: true },
    ]);
  });
});
