// One frame of the live region: the streaming answer and tools, an approval question, the status
// line, the queue, the input box, a menu or the session picker, and the footer, composed to fit
// the terminal.
import type { Session } from '../../../session/session.js';
import type { EditorState } from '../editor/editor.js';
import type { VimMode } from '../editor/vim.js';
import { renderEditor } from '../editor/view.js';
import { s, sym } from '../text/style.js';
import { truncate } from '../text/text.js';
import type { ConversationView } from '../conversation/conversation-view.js';
import { renderQuestion } from '../view/approval-view.js';
import { renderFooter } from '../view/footer.js';
import { inputRule } from '../view/input-rule.js';
import { composeLive } from '../view/live.js';
import { queueState, renderQueue } from '../view/queue-view.js';
import { renderStatus } from '../view/status.js';
import { renderTodos } from '../view/todo-view.js';
import type { OpenQuestion } from './approval-prompt.js';
import { renderMenu, type MenuState } from '../input-box/menu.js';
import type { SessionPicker } from './session-picker.js';

export interface FrameInput {
  now: number;
  cols: number;
  rows: number;
  /** busy, queue, usage, model, approval mode: the Session's */
  session: Session;
  view: ConversationView;
  editor: EditorState;
  menu: MenuState | null;
  question?: OpenQuestion;
  /** quitting while background jobs run: the question's lines (quit-question.ts) */
  quitQuestion?: string[];
  picker: SessionPicker | null;
  /** a session chosen in the picker is still opening: the stand-in's id and empty state mean nothing */
  opening?: boolean;
  hint?: string;
  /** when a compaction outside a run (/compact) started */
  compactingSince: number;
  /** Ctrl+T: the todo list in full rather than folded */
  todosExpanded?: boolean;
  /** the model the header names */
  headerModel: string;
  branch?: string;
  worktree?: string;
  /** vim keys' mode, when they are on */
  vim?: VimMode;
  /** the status line command's output, under the input */
  statusLine?: string[];
}

/** Lines of the body kept visible above a question, so the running tool stays in view. */
const BODY_ROOM = 2;

/**
 * The question's height: `room` keeps the running tool in view; a question that needs more takes
 * the body's lines, the menu's and the queue's too, and on a terminal too short for that the status
 * line's (`most`: all but the input and the footer), as a change nobody sees cannot be judged.
 */
function questionRoom(q: OpenQuestion, cols: number, room: number, most: number, status: number): number {
  const whole = renderQuestion({ ...q }, cols, Number.MAX_SAFE_INTEGER).length;
  return Math.min(most, Math.max(6, room, Math.min(whole, most - status)));
}

/** What the empty input box says: what keys do now. */
function editorHint(f: FrameInput, busy: boolean): string {
  if (f.picker) return 'choose a session below';
  if (f.quitQuestion) return 'answer the question above';
  if (f.question) return 'answer the question above, or type a message';
  if (busy) return 'Enter steers · Alt+Enter queues a follow-up · Esc interrupts';
  return 'Ask, or / for commands, @ for files';
}

export function composeFrame(f: FrameInput): string[] {
  const { cols, view: v, session } = f;
  const now = session.view();
  const state = now.state;
  const usage = now.usageNow;
  const busy = now.running;
  const compacting = now.compacting;
  const mode = now.approvals?.mode;
  const view = renderEditor(f.editor, {
    width: cols,
    maxLines: Math.max(3, Math.floor(f.rows / 2)),
    prompt: `${sym('›', '>')} `,
    hint: editorHint(f, busy),
  });
  const footer = renderFooter(
    {
      model: state.model.id,
      headerModel: f.headerModel,
      branch: f.branch,
      worktree: f.worktree,
      firstScreen: state.messages.length === 0 && !f.picker && !f.opening,
      contextWindow: state.model.contextWindow,
      context: usage.context,
      totalInput: usage.input,
      totalCached: usage.cacheRead,
      totalOutput: usage.output,
      cost: usage.cost,
      estimated: usage.estimated,
      // the picker's stand-in session is thrown away when one is chosen: its id means nothing yet
      sessionId: f.picker || f.opening ? '' : now.id,
      approvals: mode,
      thinking: state.thinkingLevel,
      jobs: now.jobs?.running().length,
      goal: now.goal,
    },
    cols,
  );
  const status = renderStatus(
    {
      busy: busy || compacting,
      startedAt: f.question?.shownAt ?? (busy ? v.startedAt : f.compactingSince),
      activity: f.question ? 'waiting for your answer' : v.activity(compacting, now.waitingFor),
      escape: f.question ? 'Esc: no' : undefined,
      retry: v.retry,
      hint: f.hint,
    },
    cols,
    f.now,
  );
  const todoItems = now.todos;
  const todos = renderTodos(todoItems, f.todosExpanded ?? false, cols);
  const queue = renderQueue(queueState(now.queued()), cols);
  const input = [inputRule(mode, cols, true), ...view.lines, inputRule(mode, cols, false, f.vim)];
  const menu = [...(f.picker ? f.picker.render(cols) : renderMenu(f.menu, cols, f.rows)), ...(f.statusLine ?? []).map((l) => truncate(l, cols))];
  const room = f.rows - 1 - BODY_ROOM - status.length - todos.length - queue.length - input.length - menu.length - 1;
  return composeLive(
    {
      body: v.liveBody(f.now, f.rows, f.question?.request.toolCallId),
      question:
        f.quitQuestion ??
        (f.question ? renderQuestion(f.question, cols, questionRoom(f.question, cols, room, f.rows - 1 - input.length - 1, status.length)) : []),
      status,
      todos,
      fitTodos: (max) => renderTodos(todoItems, f.todosExpanded ?? false, cols, max),
      queue,
      input,
      menu,
      footer: [footer],
    },
    f.rows,
    s.gray,
  );
}
