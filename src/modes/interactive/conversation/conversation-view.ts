// What only the screen keeps about the conversation, built from the Session's events: the answer
// being streamed, the tool calls on screen (with their throttled previews and times), a retry's
// countdown and whether tool output is shown in full. Busy, queue, transcript and usage are the
// Session's; this renders into the Transcript and never drains it.
import { plural } from '../../../../tools/format.js';
import { jobExitNotice } from '../view/job-notice.js';
import type { AgentEvent, AgentToolResult } from '../../../agent/types.js';
import type { AssistantMessage, ToolCall, ToolResultMessage, UserMessage } from '../../../ai/types.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../../session/permissions/prompter.js';
import type { SessionEvent } from '../../../session/session.js';
import type { UsageTotals } from '../../../session/usage.js';
import { LiveAnswer } from './live-answer.js';
import { warmUpMarkdown } from '../markdown/warm-up.js';
import { tailForLive } from './live-tail.js';
import { s, sym } from '../text/style.js';
import { stripAnsi } from '../../../text/escapes.js';
import { wrap } from '../text/text.js';
import { Transcript } from './transcript.js';
import { renderAnsweredEdit, renderAnsweredPlan } from '../view/answered-question.js';
import { renderUserMessage } from '../view/messages.js';
import { renderTurnEnd } from '../view/turn-summary.js';
import type { RetryInfo } from '../view/status.js';
import { finishedStatus, renderToolCall, type ToolCallView } from '../view/tool-view.js';
import { renderStoppedChildren } from '../view/child-view.js';

/** Ctrl+O prints at most this many folded children, the latest ones. */
const MAX_FOLDED_CHILDREN = 20;

/** Rows of the terminal the live region keeps for the status line, the input and the footer. */
const LIVE_ROWS_TAKEN = 6;
/** A running child's lines besides its calls: the blank line, its header, its step, the count of earlier calls. */
const CHILD_LINES = 4;

/** A long run says how far it is every this many model calls. */
const PROGRESS_EVERY = 50;

const TOOL_PREVIEW_INTERVAL_MS = 250;

type LiveTool = ToolCallView & { shownAt: number; latest?: AgentToolResult };

export class ConversationView {
  readonly transcript: Transcript;
  private readonly answer = new LiveAnswer({
    full: () => this.showFull,
    folded: (render) => {
      this.fold(render);
    },
  });
  private readonly tools = new Map<string, LiveTool>();
  /** the last finished answer: where a tool result that never ran finds its call */
  private lastAssistant: AssistantMessage | null = null;
  /**
   * What Ctrl+O prints in full, in the order it came: every child shown folded since it last did (its
   * calls, its report), and the last other tool output or thinking shown folded.
   */
  private folded: { render: (width: number) => string[]; child: boolean }[] = [];
  /** children an interruption stopped in this run: one notice says them all when the run ends */
  private stoppedChildren: ToolCallView[] = [];
  /** this run's interruption is on screen already (an answer cut, a tool stopped): it is not said again */
  private interruptionShown = false;
  private errorShown = false;
  private inRun = false;
  private showFull = false;
  private retryInfo: RetryInfo | null = null;
  /** what the live region showed of an answer a retry dropped: kept, dimmed, until the retry's answer comes */
  private cutOff = '';
  /** the last goal end told, so each is told once */
  private goalLine: string | undefined;
  private runStartedAt = 0;
  /** model calls in this run, for the progress line a long run gets (no default limit stops it) */
  private callsInRun = 0;
  /** edits whose diff went into the scrollback with the answered question: their results are one line */
  private readonly diffsShown = new Set<string>();

  /** the Session's usage when the run started: the end-of-turn line counts from it */
  private usageAtStart: UsageTotals | null = null;

  /** `usage`: the Session's totals now, for the line after each finished turn; `runningJobs`: how many background jobs run */
  constructor(private readonly o: { width: number; usage?: () => UsageTotals; runningJobs?: () => number }) {
    this.transcript = new Transcript(o.width);
  }

  set width(cols: number) {
    this.transcript.width = cols;
  }

  get width(): number {
    return this.transcript.width;
  }

  /** tool output in full (Ctrl+O) rather than previews */
  get expanded(): boolean {
    return this.showFull;
  }

  get retry(): RetryInfo | null {
    return this.retryInfo;
  }

  /** when the current run (with the runs chained to it by queued messages) started */
  get startedAt(): number {
    return this.runStartedAt;
  }

  toggleExpanded(): void {
    this.showFull = !this.showFull;
    if (this.showFull) for (const { render } of this.folded) this.transcript.push(render(this.width));
    this.folded = [];
    this.transcript.notice(
      this.showFull ? 'tool output and thinking: in full (Ctrl+O for previews)' : 'tool output and thinking: previews (Ctrl+O for everything)',
    );
  }

  /** Renders the finished blocks of the streaming answer into the transcript (before a frame is drawn). */
  flush(): void {
    this.answer.flush(this.transcript, false);
  }

  onEvent(e: SessionEvent): void {
    switch (e.type) {
      case 'compaction_end':
        this.transcript.notice(
          `compacted the conversation: ${plural(e.messagesSummarized, 'earlier message')} summarized (${e.reason === 'manual' ? 'on request' : e.reason === 'overflow' ? 'the server said the context was full' : 'the context was filling up'})`,
        );
        break;
      case 'compaction_error':
        this.transcript.error(`compaction failed: ${e.message}`);
        break;
      case 'job_exited':
        // a tool call that said so (job_stop, a wait that saw it end) is on the screen already
        if (!e.told) this.transcript.notice(jobExitNotice(e));
        break;
      case 'goal':
        // once per pursuit's end: met, or why it stopped
        if (e.goal?.endLine && e.goal.endLine !== this.goalLine) this.transcript.notice(e.goal.endLine);
        this.goalLine = e.goal?.endLine;
        break;
      case 'agent_start':
        if (!this.inRun) {
          this.runStartedAt = Date.now();
          this.callsInRun = 0;
          const usage = this.o.usage?.();
          this.usageAtStart = usage ? { ...usage } : null;
        }
        this.inRun = true;
        this.errorShown = false;
        this.interruptionShown = false;
        // while the model thinks, so that the first answer is not rendered by cold code
        warmUpMarkdown(this.width);
        break;
      case 'agent_end':
        this.inRun = false;
        this.retryInfo = null;
        this.answer.flush(this.transcript, true);
        this.sayInterruption(e.reason === 'aborted');
        if (e.reason === 'maxTurns') this.transcript.notice('stopped: the limit of model calls for one run (--max-turns) was reached');
        if (e.reason === 'done' && this.usageAtStart && this.o.usage)
          this.transcript.push(renderTurnEnd(Date.now() - this.runStartedAt, this.usageAtStart, this.o.usage(), this.o.runningJobs?.() ?? 0));
        break;
      case 'message_start':
        if (e.message.role === 'assistant') {
          this.answer.flush(this.transcript, true);
          this.answer.start(e.message);
        }
        break;
      case 'message_update':
        this.answer.update(e.message);
        this.retryInfo = null;
        if (e.message.content.length > 0 && this.cutOff) this.keepCutOff();
        break;
      case 'message_end':
        this.onMessageEnd(e.message);
        break;
      case 'retry':
        this.onRetry(e);
        break;
      case 'tool_execution_start':
        this.tools.set(e.toolCallId, { id: e.toolCallId, name: e.toolName, args: e.args, status: 'running', startedAt: Date.now(), shownAt: 0 });
        break;
      case 'tool_execution_update': {
        const t = this.tools.get(e.toolCallId);
        if (t) t.latest = e.partialResult;
        break;
      }
      case 'tool_execution_end': {
        const t = this.tools.get(e.toolCallId);
        if (t) {
          t.status = finishedStatus(e.isError, e.result);
          t.result = e.result;
          t.latest = undefined;
          t.endedAt = Date.now();
        }
        break;
      }
      default:
        break;
    }
  }

  /** An answered question: an edit's diff (or a plan) goes into the scrollback once, here, with the answer. */
  questionAnswered(request: ApprovalRequest, answer: ApprovalAnswer): void {
    if (request.kind === 'plan') this.transcript.push(renderAnsweredPlan(request, answer, this.width));
    if (request.kind !== 'edit' || !request.diff) return;
    this.diffsShown.add(request.toolCallId);
    this.transcript.push(renderAnsweredEdit(request, answer, this.width));
  }

  /** Called at the end of a run: an error the messages did not show yet (a failing listener). */
  showRunError(message: string | undefined): void {
    if (message && !this.errorShown) this.transcript.error(message);
    this.errorShown = true;
  }

  private onRetry(e: Extract<AgentEvent, { type: 'retry' }>): void {
    // Only what is really above gets the notice; what only the live region showed stays there, dimmed.
    if (this.answer.printedSome) this.transcript.notice('(the answer above was cut off; it is asked for again)');
    this.cutOff = this.answer.unprinted() || this.cutOff;
    this.answer.drop();
    this.retryInfo = { attempt: e.attempt, maxAttempts: e.maxAttempts, reason: e.reason, at: Date.now() + e.delayMs };
  }

  /** The retry answers: what was cut off leaves the live region as one dim line (Ctrl+O: all of it). */
  private keepCutOff(): void {
    const text = this.cutOff.trimEnd();
    this.cutOff = '';
    const whole = (width: number) => [s.dim(`${sym('⋯', '...')} cut off`), ...wrap(text, width).map((l) => s.dim(l))];
    if (this.showFull) {
      this.transcript.push(whole(this.width));
      return;
    }
    this.transcript.push([s.dim(`${sym('⋯', '...')} an earlier answer was cut off after ${text.length} characters (Ctrl+O shows it)`)]);
    this.fold(whole);
  }

  private onMessageEnd(m: UserMessage | AssistantMessage | ToolResultMessage): void {
    const t = this.transcript;
    if (m.role === 'user') {
      t.push(renderUserMessage(m, this.width));
      return;
    }
    if (m.role === 'assistant') {
      // no answer came after the cut (retries used up, or interrupted): what was shown goes to the
      // scrollback, above the error, rather than vanish
      if (this.cutOff) t.push([s.dim(`${sym('⋯', '...')} cut off`), ...wrap(this.cutOff.trimEnd(), this.width).map((l) => s.dim(l))]);
      this.cutOff = '';
      this.answer.update(m);
      this.answer.flush(t, true);
      this.lastAssistant = m;
      if (++this.callsInRun % PROGRESS_EVERY === 0) t.notice(`still working: ${this.callsInRun} model calls in this run so far`);
      if (m.stopReason === 'error') {
        t.error(m.errorMessage ?? 'the model call failed');
        this.errorShown = true;
      } else if (m.stopReason === 'aborted') {
        t.notice('interrupted');
        this.interruptionShown = true;
      } else if (m.stopReason === 'length') {
        t.notice('(the answer hit the output token limit and was cut off)');
      }
      return;
    }
    // A tool result: its view moves to the transcript, in call order.
    const live = this.tools.get(m.toolCallId);
    this.tools.delete(m.toolCallId);
    const call = this.lastAssistant?.content.find((c): c is ToolCall => c.type === 'toolCall' && c.id === m.toolCallId);
    const result = { content: m.content, details: m.details, isError: m.isError };
    const view: ToolCallView = {
      id: m.toolCallId,
      name: m.toolName,
      args: live?.args ?? call?.arguments ?? {},
      status: finishedStatus(m.isError, result),
      result,
      startedAt: live?.startedAt,
      endedAt: live?.endedAt,
      diffShown: this.diffsShown.delete(m.toolCallId),
    };
    if (!this.showFull) this.fold((width) => renderToolCall(view, width, { expanded: true }), m.toolName === 'task');
    if (view.status === 'interrupted' && m.toolName === 'task') {
      this.stoppedChildren.push(view);
      return;
    }
    if (view.status === 'interrupted') this.interruptionShown = true;
    t.push(renderToolCall(view, this.width, { expanded: this.showFull }));
  }

  /** Kept for Ctrl+O: a child beside the others folded (the latest MAX_FOLDED_CHILDREN), anything else instead of the last one. */
  private fold(render: (width: number) => string[], child = false): void {
    const kept = child ? this.folded : this.folded.filter((f) => f.child);
    this.folded = [...kept.slice(-(MAX_FOLDED_CHILDREN - 1)), { render, child }];
  }

  /** The end of a run: the children it stopped in one notice, or, when nothing said so yet, that it was interrupted. */
  private sayInterruption(aborted: boolean): void {
    const stopped = this.stoppedChildren.splice(0);
    if (stopped.length > 0) this.transcript.push(renderStoppedChildren(stopped, this.width, this.showFull));
    else if (aborted && !this.interruptionShown) this.transcript.notice('interrupted');
    this.interruptionShown ||= aborted;
  }

  /**
   * What is still moving: the unfinished end of the answer, and the tool calls under way (but the one
   * `asking`: its question below names it). Tools get a still mark: the status line below is the one
   * spinner on screen.
   */
  liveBody(now: number, maxLines: number, asking?: string): string[] {
    const out: string[] = [];
    if (this.cutOff)
      out.push(
        '',
        s.dim(`${sym('⋯', '...')} cut off, retrying`),
        ...tailForLive(this.cutOff, this.width, Math.max(1, maxLines - 1)).map((l) => s.dim(stripAnsi(l))),
      );
    const lines = this.answer.liveLines(this.width, maxLines);
    if (lines.length > 0) out.push('', ...lines);
    for (const c of this.answer.current?.content ?? []) {
      if (c.type === 'toolCall' && !this.tools.has(c.id)) out.push('', ...renderToolCall(preparing(c), this.width));
    }
    // expanded, running children share the screen: each lists as many of its latest calls as fit
    let children = 0;
    if (this.showFull) for (const t of this.tools.values()) if (t.name === 'task') children++;
    const callRoom = children > 0 ? Math.max(1, Math.floor((maxLines - LIVE_ROWS_TAKEN) / children) - CHILD_LINES) : undefined;
    for (const t of this.tools.values()) {
      if (t.id === asking) continue;
      if (t.latest && now - t.shownAt >= TOOL_PREVIEW_INTERVAL_MS) {
        t.result = t.latest;
        t.latest = undefined;
        t.shownAt = now;
      }
      out.push('', ...renderToolCall(t, this.width, { expanded: this.showFull, now, callRoom }));
    }
    return out;
  }

  /** What the spinner line says tack is doing (`compacting`: the Session is summarising; `waitingFor`: what the run waits for first). */
  activity(compacting = false, waitingFor?: string): string {
    if (compacting) return 'compacting the conversation';
    if (waitingFor) return waitingFor;
    // the running calls are named on their own lines above: the status line does not name them again
    let running = 0;
    for (const t of this.tools.values()) if (t.status === 'running') running++;
    if (running > 0) return running === 1 ? 'running' : `running ${running} tools`;
    const last = this.answer.current?.content.at(-1);
    if (last?.type === 'thinking') return 'thinking';
    if (last?.type === 'toolCall') return `preparing ${last.name}`;
    if (last?.type === 'text') return 'responding';
    return 'waiting for the model';
  }
}

function preparing(c: ToolCall): ToolCallView {
  return { id: c.id, name: c.name, args: c.arguments, status: 'preparing' };
}
