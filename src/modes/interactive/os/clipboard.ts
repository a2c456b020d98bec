// Copy to the clipboard with OSC 52: the terminal does it, so it also works over ssh (inside tmux
// it needs `set -g set-clipboard on`).

export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

/**
 * What /copy can honestly say: the text went to the terminal, which may or may not put it on the
 * clipboard (nothing comes back to tell), and a multiplexer passes it on only when set up to.
 */
export function copyNotice(chars: number, env: NodeJS.ProcessEnv): string {
  const sent = `sent the last answer (${chars} characters) to the clipboard through the terminal (OSC 52)`;
  if (env.TMUX) return `${sent}; inside tmux it arrives only with \`set -g set-clipboard on\``;
  if (env.STY) return `${sent}; GNU screen does not pass it on, so it may not have arrived`;
  return `${sent}; a terminal without OSC 52 ignores it`;
}
