// Copy to the clipboard with OSC 52: the terminal does it, so it also works over ssh (inside tmux
// it needs `set -g set-clipboard on`).

export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}
