// One frame of the live region: the streaming answer and tools, an approval question, the status
// line, the queue, the input box, a menu or the session picker, and the footer, composed to fit
// the terminal.
import type { Model, ThinkingLevel } from '../../../ai/types.js';
import type { EditorState } from '../editor/editor.js';
import { renderEditor } from '../editor/view.js';
import { s, sym } from '../style.js';
import type { ConversationView } from '../conversation-view.js';
import { renderQuestion } from '../view/approval-view.js';
import { renderFooter } from '../view/footer.js';
import { composeLive } from '../view/live.js';
import { renderQueue, type QueueState } from '../view/queue-view.js';
import type { UsageTotals } from '../../../session/usage.js';
import { renderStatus, spinnerFrame } from '../view/status.js';
import type { OpenQuestion } from './approval-prompt.js';
import { renderMenu, type MenuState } from './menu.js';
import type { SessionPicker } from './session-picker.js';

export interface FrameInput {
  now: number;
  cols: number;
  rows: number;
  view: ConversationView;
  usage: UsageTotals;
  queue: QueueState;
  /** the Session is summarising the conversation */
  compacting: boolean;
  editor: EditorState;
  menu: MenuState | null;
  question?: OpenQuestion;
  picker: SessionPicker | null;
  hint?: string;
  busy: boolean;
  /** when a compaction outside a run (/compact) started */
  compactingSince: number;
  model: Model;
  thinking: ThinkingLevel;
  approvalMode?: string;
  /** the model the header names */
  headerModel: string;
  branch?: string;
  /** nothing said yet in this conversation */
  firstScreen: boolean;
  sessionId: string;
}

/** Lines of the body kept visible above a question, so the running tool stays in view. */
const BODY_ROOM = 2;

/** What the empty input box says: what keys do now. */
function editorHint(f: FrameInput): string {
  if (f.picker) return 'choose a session below';
  if (f.question) return 'answer the question above, or type a message';
  if (f.busy) return 'Enter steers · Alt+Enter queues a follow-up · Esc interrupts';
  return 'Ask, or / for commands, @ for files';
}

export function composeFrame(f: FrameInput): string[] {
  const { cols, view: v, usage } = f;
  const rule = s.gray(sym('─', '-').repeat(cols));
  const view = renderEditor(f.editor, {
    width: cols,
    maxLines: Math.max(3, Math.floor(f.rows / 2)),
    prompt: `${sym('›', '>')} `,
    hint: editorHint(f),
  });
  const footer = renderFooter(
    {
      model: f.model.id,
      headerModel: f.headerModel,
      branch: f.branch,
      firstScreen: f.firstScreen,
      contextWindow: f.model.contextWindow,
      lastInput: usage.lastInput,
      totalInput: usage.input,
      totalOutput: usage.output,
      cost: usage.cost,
      estimated: usage.estimated,
      sessionId: f.sessionId,
      approvals: f.approvalMode,
      thinking: f.thinking,
    },
    cols,
  );
  const status = renderStatus(
    {
      busy: f.busy || f.compacting,
      startedAt: f.busy ? v.startedAt : f.compactingSince,
      activity: f.question ? 'waiting for your answer' : v.activity(f.compacting),
      escape: f.question ? 'Esc: no' : undefined,
      retry: v.retry,
      hint: f.hint,
    },
    cols,
    f.now,
  );
  const queue = renderQueue(f.queue, cols);
  const input = [rule, ...view.lines, rule];
  const menu = f.picker ? f.picker.render(cols) : renderMenu(f.menu, cols);
  const room = f.rows - 1 - BODY_ROOM - status.length - queue.length - input.length - menu.length - 1;
  return composeLive(
    {
      body: v.liveBody(f.now, spinnerFrame(f.now), f.rows, f.question?.request.toolCallId),
      question: f.question ? renderQuestion(f.question, cols, Math.max(6, room)) : [],
      status,
      queue,
      input,
      menu,
      footer: [footer],
    },
    f.rows,
    s.gray,
  );
}
