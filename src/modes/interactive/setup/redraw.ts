// Drawing in place before Ink runs (the trust question, the setup screen): the cursor goes up over
// the previous drawing and each line is erased and rewritten. Erasing everything below the cursor
// from the screen's first row instead makes tmux move the screen into its scrollback: a copy per redraw.

/** Bytes that replace a drawing of `previous` lines (the cursor on the line below it) with `lines`, the cursor below them. Pure. */
export function redrawLines(previous: number, lines: readonly string[]): string {
  const up = previous > 0 ? `\x1b[${previous}A` : '';
  // erased before it is written: a line as wide as the terminal keeps its last character
  const body = lines.map((line) => `\r\x1b[K${line}\n`).join('');
  const extra = previous - lines.length;
  const rest = extra > 0 ? `${'\r\x1b[K\n'.repeat(extra)}\x1b[${extra}A` : '';
  return `${up}${body}${rest}`;
}
