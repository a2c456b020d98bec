// `?` on an empty input and /help: the keys and commands in a panel under the input that scrolls and
// goes away (Esc, Enter, `?`, or typing, which goes on into the input), not lines left in the transcript.
import type { Command } from '../../input/keymap.js';
import { s } from '../../text/style.js';
import { truncate } from '../../text/text.js';
import type { InputBox } from '../../input-box/input-box.js';
import type { Panel } from '../../input-box/menu.js';
import { panelRoom, scrolled, scrollWindow } from '../../input-box/scroll-window.js';

export class HelpPanel implements Panel {
  private top = 0;
  private last: { cols: number; rows: number; total: number } = { cols: 80, rows: 24, total: 0 };

  constructor(
    private readonly input: InputBox,
    private readonly lines: (cols: number) => string[],
  ) {}

  open(): void {
    this.input.openPanel(this);
  }

  handle(cmd: Command): void {
    const moved = scrolled(this.top, cmd, this.last.total, panelRoom(this.last.rows));
    if (moved !== undefined) {
      this.top = moved;
      this.input.redraw();
      return;
    }
    this.input.closePanel();
    // typing goes on into the input: the panel only stood in the way
    if ((cmd.type === 'insert' && cmd.text !== '?') || cmd.type === 'paste') this.input.handle(cmd);
  }

  render(cols: number, rows: number): string[] {
    const lines = this.lines(cols);
    this.last = { cols, rows, total: lines.length };
    const title = truncate(`${s.bold('Keys and commands')} ${s.gray('· Esc, Enter or ? closes · typing goes to the input')}`, cols);
    return [title, ...scrollWindow(lines, this.top, panelRoom(rows))];
  }
}
