// Drawing in place before Ink runs (the trust question, the setup screen): the cursor goes up over
// the previous drawing and each line is erased and rewritten. Erasing everything below the cursor
// from the screen's first row instead makes tmux move the screen into its scrollback: a copy per redraw.
import { width } from '../text/text.js';

/** Bytes that replace a drawing `previous` rows tall (the cursor on the row below it) with `lines`, the cursor below them. Pure. */
export function redrawLines(previous: number, lines: readonly string[]): string {
  const up = previous > 0 ? `\x1b[${previous}A` : '';
  // erased before it is written: a line as wide as the terminal keeps its last character
  const body = lines.map((line) => `\r\x1b[K${line}\n`).join('');
  const extra = previous - lines.length;
  const rest = extra > 0 ? `${'\r\x1b[K\n'.repeat(extra)}\x1b[${extra}A` : '';
  return `${up}${body}${rest}`;
}

/** The rows `lines` take at `cols` columns: a terminal narrowed since re-wraps each longer line. Pure. */
export function rowsTaken(lines: readonly string[], cols: number): number {
  return lines.reduce((rows, line) => rows + Math.max(1, Math.ceil(width(line) / Math.max(cols, 1))), 0);
}

/** A drawing kept in place on `stdout`: redrawn over itself on `draw()` and when the terminal is resized. */
export function drawInPlace(stdout: NodeJS.WriteStream, render: (size: { cols: number; rows: number }) => string[]) {
  let last: string[] = [];
  const size = () => ({ cols: stdout.columns || 80, rows: stdout.rows || 24 });
  const replace = (lines: string[]) => {
    stdout.write(redrawLines(rowsTaken(last, size().cols), lines));
    last = lines;
  };
  const draw = () => replace(render(size()));
  stdout.on('resize', draw);
  return {
    draw,
    /** Leaves `lines` (the answer) where the drawing was, and stops following resizes. */
    finish(lines: string[]) {
      stdout.off('resize', draw);
      replace(lines);
    },
  };
}
