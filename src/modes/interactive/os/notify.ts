// A desktop notification through the terminal when a turn ends or a question waits while the user
// is in another window: OSC 9 (iTerm2, WezTerm, Ghostty, kitty), OSC 777 (VTE terminals, foot,
// urxvt), the bell elsewhere. Inside tmux: the bell (tmux forwards it), and the OSC of the terminal
// around tmux wrapped for passthrough, which tmux hands on with `allow-passthrough on` and drops
// without it. "Unfocused" comes from focus reports (CSI ?1004h, os/terminal.ts), which tmux sends
// on with `focus-events on`.
import type { AgentEndReason } from '../../../agent/types.js';
import { stripControls } from '../../../text/terminal-text.js';

export interface NotifyEnv {
  TERM?: string;
  TERM_PROGRAM?: string;
  TMUX?: string;
  VTE_VERSION?: string;
  KITTY_WINDOW_ID?: string;
  /** what iTerm2 leaves in the environment for programs tmux starts (tmux sets TERM_PROGRAM to itself) */
  LC_TERMINAL?: string;
  WEZTERM_PANE?: string;
  GHOSTTY_RESOURCES_DIR?: string;
}

const OSC9_PROGRAMS = new Set(['iTerm.app', 'WezTerm', 'ghostty']);
const BELL = '\x07';

/** Printable text only, without the separators the sequences use, and short. */
function clean(text: string): string {
  const words = stripControls(text).replace(/[\s;]+/g, ' ');
  const flat = words.trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/** The OSC the terminal understands, if it is one that has one. */
function oscFor(env: NotifyEnv, title: string, body: string): string | undefined {
  if (OSC9_PROGRAMS.has(env.TERM_PROGRAM ?? '') || env.KITTY_WINDOW_ID || env.TERM === 'xterm-kitty') return `\x1b]9;${clean(title)}: ${clean(body)}${BELL}`;
  if (env.VTE_VERSION || env.TERM?.startsWith('foot') || env.TERM?.startsWith('rxvt')) return `\x1b]777;notify;${clean(title)};${clean(body)}${BELL}`;
  return undefined;
}

/** The terminal around tmux, as far as the environment tmux inherited from it tells. */
function outerTerminal(env: NotifyEnv): NotifyEnv {
  // tmux 3.2 and later set TERM_PROGRAM to themselves; earlier ones leave the outer terminal's
  const inherited = env.TERM_PROGRAM === 'tmux' ? undefined : env.TERM_PROGRAM;
  const program = inherited ?? (env.LC_TERMINAL === 'iTerm2' ? 'iTerm.app' : env.WEZTERM_PANE ? 'WezTerm' : env.GHOSTTY_RESOURCES_DIR ? 'ghostty' : undefined);
  return { TERM_PROGRAM: program, KITTY_WINDOW_ID: env.KITTY_WINDOW_ID, VTE_VERSION: env.VTE_VERSION };
}

export function notificationSequence(env: NotifyEnv, title: string, body: string): string {
  if (env.TMUX) {
    const osc = oscFor(outerTerminal(env), title, body);
    return osc ? `${BELL}\x1bPtmux;${osc.replaceAll('\x1b', '\x1b\x1b')}\x1b\\` : BELL;
  }
  return oscFor(env, title, body) ?? BELL;
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
