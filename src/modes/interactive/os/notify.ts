// A desktop notification through the terminal when a turn ends or a question waits while the user
// is in another window: OSC 9 (iTerm2, WezTerm, Ghostty, kitty), OSC 777 (VTE terminals, foot,
// urxvt), the bell elsewhere and inside tmux (which forwards a bell but not OSCs by default).
import type { AgentEndReason } from '../../../agent/types.js';
import { stripControls } from '../../../text/terminal-text.js';

export interface NotifyEnv {
  TERM?: string;
  TERM_PROGRAM?: string;
  TMUX?: string;
  VTE_VERSION?: string;
  KITTY_WINDOW_ID?: string;
}

const OSC9_PROGRAMS = new Set(['iTerm.app', 'WezTerm', 'ghostty']);
const BELL = '\x07';

/** Printable text only, without the separators the sequences use, and short. */
function clean(text: string): string {
  const words = stripControls(text).replace(/[\s;]+/g, ' ');
  const flat = words.trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

export function notificationSequence(env: NotifyEnv, title: string, body: string): string {
  if (env.TMUX) return BELL;
  if (OSC9_PROGRAMS.has(env.TERM_PROGRAM ?? '') || env.KITTY_WINDOW_ID || env.TERM === 'xterm-kitty') return `\x1b]9;${clean(title)}: ${clean(body)}${BELL}`;
  if (env.VTE_VERSION || env.TERM?.startsWith('foot') || env.TERM?.startsWith('rxvt')) return `\x1b]777;notify;${clean(title)};${clean(body)}${BELL}`;
  return BELL;
}

/** Knows whether the terminal has focus (from its focus reports) and notifies only when it has not. */
export class Attention {
  private focused = true;

  constructor(
    private readonly write: (data: string) => void,
    private readonly enabled: boolean,
    private readonly env: NotifyEnv = process.env,
  ) {}

  focus(focused: boolean): void {
    this.focused = focused;
  }

  turnEnded(reason: AgentEndReason): void {
    if (reason === 'aborted') return;
    this.notify(reason === 'error' ? 'the turn failed' : 'done, waiting for you');
  }

  question(summary: string): void {
    this.notify(`waiting for your answer: ${summary}`);
  }

  private notify(body: string): void {
    if (this.enabled && !this.focused) this.write(notificationSequence(this.env, 'tack', body));
  }
}
