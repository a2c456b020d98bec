// One frame of the live region: the streaming answer and tools, the status line, the queue, the
// input box, a menu and the footer, composed to fit the terminal.
import type { Model } from '../../../ai/types.js';
import type { EditorState } from '../editor/editor.js';
import { renderEditor } from '../editor/view.js';
import { s, sym } from '../style.js';
import type { Transcript } from '../transcript.js';
import { renderFooter } from '../view/footer.js';
import { composeLive } from '../view/live.js';
import { renderQueue } from '../view/queue-view.js';
import { renderStatus, spinnerFrame } from '../view/status.js';
import { renderMenu, type MenuState } from './menu.js';

export interface FrameInput {
  now: number;
  cols: number;
  rows: number;
  transcript: Transcript;
  editor: EditorState;
  menu: MenuState | null;
  hint?: string;
  busy: boolean;
  model: Model;
  cwd: string;
  sessionId: string;
}

export function composeFrame(f: FrameInput): string[] {
  const { cols, transcript: t } = f;
  const rule = s.gray(sym('─', '-').repeat(cols));
  const view = renderEditor(f.editor, {
    width: cols,
    maxLines: Math.max(3, Math.floor(f.rows / 2)),
    prompt: `${sym('›', '>')} `,
    hint: f.busy ? 'Enter steers · Alt+Enter queues a follow-up · Esc interrupts' : 'Ask, or / for commands, @ for files',
  });
  const footer = renderFooter(
    {
      model: f.model.id,
      contextWindow: f.model.contextWindow,
      lastInput: t.totals.lastInput,
      totalInput: t.totals.input,
      totalOutput: t.totals.output,
      cost: t.totals.cost,
      cwd: f.cwd,
      sessionId: f.sessionId,
    },
    cols,
  );
  return composeLive(
    {
      body: t.liveBody(f.now, spinnerFrame(f.now), f.rows),
      status: renderStatus({ busy: t.busy, startedAt: t.startedAt, activity: t.activity(), retry: t.retry, hint: f.hint }, cols, f.now),
      queue: renderQueue(t.queue, cols),
      input: [rule, ...view.lines, rule],
      menu: renderMenu(f.menu, cols),
      footer: [footer],
    },
    f.rows,
    s.gray,
  );
}
