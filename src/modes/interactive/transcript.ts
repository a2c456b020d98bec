// The conversation as the screen shows it, built from the agent's events: finished pieces become
// static items (printed once, never redrawn), the rest is the live part redrawn while it changes.
import type { AgentEvent, AgentToolResult } from '../../agent/types.js';
import type { SessionEvent } from '../../session/session.js';
import type { AssistantMessage, ToolCall, ToolResultMessage, UserMessage } from '../../ai/types.js';
import { splitFinished } from './markdown/blocks.js';
import { renderMarkdown } from './markdown/render.js';
import { renderError, renderNotice, renderThinking, renderUser } from './view/messages.js';
import { emptyQueue, type QueueState } from './view/queue-view.js';
import type { RetryInfo } from './view/status.js';
import { renderToolCall, type ToolCallView } from './view/tool-view.js';
import { tailForLive } from './live-tail.js';

export interface StaticItem {
  id: number;
  text: string;
}

export interface Totals {
  input: number;
  output: number;
  cacheRead: number;
  /** null once any call's price is unknown */
  cost: number | null;
  lastInput: number;
  calls: number;
}

const TOOL_PREVIEW_INTERVAL_MS = 250;

function userText(m: UserMessage): string {
  return typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '[image]')).join('');
}

export class Transcript {
  private items: StaticItem[] = [];
  private nextId = 0;
  private streaming: AssistantMessage | null = null;
  private committed = new Map<number, number>();
  private finished = new Set<number>();
  private readonly tools = new Map<string, ToolCallView & { shownAt: number; latest?: AgentToolResult }>();
  private readonly callArgs = new Map<string, unknown>();
  private lastTool: ToolCallView | null = null;
  private lastToolExpanded = false;
  private errorShown = false;

  width: number;
  expanded = false;
  queue: QueueState = emptyQueue;
  busy = false;
  startedAt = 0;
  retry: RetryInfo | null = null;
  lastAnswer = '';
  totals: Totals = { input: 0, output: 0, cacheRead: 0, cost: 0, lastInput: 0, calls: 0 };
  compacting = false;
  /** bumped on every change that can alter the screen */
  version = 0;

  constructor(o: { width: number }) {
    this.width = o.width;
  }

  /** New static items since the last call (finished blocks of the streaming answer included). */
  take(): StaticItem[] {
    this.commit(false);
    const out = this.items;
    this.items = [];
    return out;
  }

  push(lines: string[]): void {
    this.items.push({ id: this.nextId++, text: ['', ...lines].join('\n') });
    this.version++;
  }

  pushRaw(text: string): void {
    this.items.push({ id: this.nextId++, text });
    this.version++;
  }

  notice(text: string): void {
    this.push(renderNotice(text, this.width));
  }

  error(text: string): void {
    this.push(renderError(text, this.width));
  }

  resetTotals(): void {
    this.totals = { input: 0, output: 0, cacheRead: 0, cost: 0, lastInput: 0, calls: 0 };
    this.lastAnswer = '';
    this.version++;
  }

  toggleExpanded(): void {
    this.expanded = !this.expanded;
    if (this.expanded && this.lastTool && !this.lastToolExpanded) {
      this.lastToolExpanded = true;
      this.push(renderToolCall(this.lastTool, this.width, { expanded: true }));
    }
    this.notice(this.expanded ? 'tool output: in full (Ctrl+O for previews)' : 'tool output: previews (Ctrl+O for full output)');
  }

  onEvent(e: SessionEvent): void {
    this.version++;
    switch (e.type) {
      case 'compaction_start':
        this.compacting = true;
        break;
      case 'compaction_end':
        this.compacting = false;
        this.notice(`compacted the conversation: ${e.messagesSummarized} earlier messages summarized (${e.reason === 'manual' ? 'on request' : e.reason === 'overflow' ? 'the server said the context was full' : 'the context was filling up'})`);
        break;
      case 'compaction_error':
        this.compacting = false;
        this.error(`compaction failed: ${e.message}`);
        break;
      case 'agent_start':
        if (!this.busy) this.startedAt = Date.now();
        this.busy = true;
        this.errorShown = false;
        break;
      case 'agent_end':
        this.busy = false;
        this.retry = null;
        this.finishStreaming();
        if (e.reason === 'maxTurns') this.notice('stopped: the limit of model calls for one run (--max-turns) was reached');
        break;
      case 'message_start':
        if (e.message.role === 'assistant') this.startStreaming(e.message);
        break;
      case 'message_update':
        this.streaming = e.message;
        this.retry = null;
        break;
      case 'message_end':
        this.onMessageEnd(e.message);
        break;
      case 'retry':
        this.onRetry(e as Extract<AgentEvent, { type: 'retry' }>);
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
          t.status = e.isError ? 'failed' : 'done';
          t.result = e.result;
          t.latest = undefined;
          t.endedAt = Date.now();
        }
        break;
      }
      case 'queue_update':
        this.queue = { steering: e.steering, followUp: e.followUp };
        break;
      default:
        break;
    }
  }

  private startStreaming(m: AssistantMessage): void {
    this.finishStreaming();
    this.streaming = m;
    this.committed.clear();
    this.finished.clear();
  }

  private onRetry(e: Extract<AgentEvent, { type: 'retry' }>): void {
    if (this.committed.size > 0 || this.finished.size > 0) this.notice('(the answer above was cut off; it is asked for again)');
    this.streaming = null;
    this.committed.clear();
    this.finished.clear();
    this.retry = { attempt: e.attempt, maxAttempts: e.maxAttempts, reason: e.reason, at: Date.now() + e.delayMs };
  }

  private onMessageEnd(m: UserMessage | AssistantMessage | ToolResultMessage): void {
    if (m.role === 'user') {
      this.push(renderUser(userText(m), this.width));
      return;
    }
    if (m.role === 'assistant') {
      this.streaming = m;
      this.commit(true);
      this.streaming = null;
      for (const c of m.content) if (c.type === 'toolCall') this.callArgs.set(c.id, c.arguments);
      const text = m.content.filter((c) => c.type === 'text').map((c) => (c.type === 'text' ? c.text : '')).join('').trim();
      if (text) this.lastAnswer = text;
      const u = m.usage;
      this.totals.input += u.input;
      this.totals.output += u.output;
      this.totals.cacheRead += u.cacheRead;
      if (u.input > 0) this.totals.lastInput = u.input;
      this.totals.cost = this.totals.cost === null || u.cost === null ? null : this.totals.cost + u.cost.total;
      this.totals.calls++;
      if (m.stopReason === 'error') {
        this.error(m.errorMessage ?? 'the model call failed');
        this.errorShown = true;
      } else if (m.stopReason === 'aborted') {
        this.notice('interrupted');
      } else if (m.stopReason === 'length') {
        this.notice('(the answer hit the output token limit and was cut off)');
      }
      return;
    }
    // A tool result: its view moves to the transcript, in call order.
    const live = this.tools.get(m.toolCallId);
    this.tools.delete(m.toolCallId);
    const view: ToolCallView = {
      id: m.toolCallId,
      name: m.toolName,
      args: live?.args ?? this.callArgs.get(m.toolCallId) ?? {},
      status: m.isError ? 'failed' : 'done',
      result: { content: m.content, details: m.details, isError: m.isError },
      startedAt: live?.startedAt,
      endedAt: live?.endedAt,
    };
    this.callArgs.delete(m.toolCallId);
    this.lastTool = view;
    this.lastToolExpanded = this.expanded;
    this.push(renderToolCall(view, this.width, { expanded: this.expanded }));
  }

  /** Called at the end of a run: an error the messages did not show yet (a failing listener). */
  showRunError(message: string | null): void {
    if (message && !this.errorShown) this.error(message);
    this.errorShown = true;
  }

  private finishStreaming(): void {
    if (this.streaming) this.commit(true);
    this.streaming = null;
  }

  /** Moves finished blocks of the streaming answer to the static items (all of them when `final`). */
  private commit(final: boolean): void {
    const m = this.streaming;
    if (!m) return;
    const content = m.content;
    for (let i = 0; i < content.length; i++) {
      if (this.finished.has(i)) continue;
      const block = content[i]!;
      const blockFinal = final || i < content.length - 1;
      if (block.type === 'text') {
        const from = this.committed.get(i) ?? 0;
        const rest = block.text.slice(from);
        const chunk = blockFinal ? rest : splitFinished(rest).done;
        if (chunk.trim()) this.push(renderMarkdown(chunk, { width: this.width, highlight: true }));
        this.committed.set(i, from + chunk.length);
      } else if (block.type === 'thinking' && blockFinal) {
        const lines = renderThinking(block.thinking, this.width, { streaming: false });
        if (lines.length > 0) this.push(lines);
      }
      if (!blockFinal) break;
      this.finished.add(i);
    }
  }

  /** What is still moving: the unfinished end of the answer, and the tool calls under way. */
  liveBody(now: number, spinner: string, maxLines: number): string[] {
    const out: string[] = [];
    const m = this.streaming;
    if (m) {
      const i = m.content.length - 1;
      const block = m.content[i];
      if (block && !this.finished.has(i)) {
        let lines: string[] = [];
        if (block.type === 'text') lines = tailForLive(block.text.slice(this.committed.get(i) ?? 0), this.width, maxLines);
        else if (block.type === 'thinking') lines = renderThinking(block.thinking, this.width, { streaming: true });
        if (lines.length > 0) out.push('', ...lines);
      }
      for (const c of m.content) {
        if (c.type === 'toolCall' && !this.tools.has(c.id)) out.push('', ...renderToolCall(preparing(c), this.width, { spinner }));
      }
    }
    for (const t of this.tools.values()) {
      if (t.latest && now - t.shownAt >= TOOL_PREVIEW_INTERVAL_MS) {
        t.result = t.latest;
        t.latest = undefined;
        t.shownAt = now;
      }
      out.push('', ...renderToolCall(t, this.width, { spinner, expanded: this.expanded, now }));
    }
    return out;
  }

  /** What the spinner line says tack is doing. */
  activity(): string {
    if (this.compacting) return 'compacting the conversation';
    for (const t of this.tools.values()) {
      if (t.status === 'running') {
        const call = renderToolCallSummary(t);
        return call;
      }
    }
    const m = this.streaming;
    const last = m?.content.at(-1);
    if (last?.type === 'thinking') return 'thinking';
    if (last?.type === 'toolCall') return `preparing ${last.name}`;
    if (last?.type === 'text') return 'responding';
    return 'waiting for the model';
  }
}

function preparing(c: ToolCall): ToolCallView {
  return { id: c.id, name: c.name, args: c.arguments, status: 'preparing' };
}

function renderToolCallSummary(t: ToolCallView): string {
  const argsObj = (t.args && typeof t.args === 'object' ? t.args : {}) as Record<string, unknown>;
  const main = ['command', 'path', 'pattern'].map((k) => argsObj[k]).find((v) => typeof v === 'string') as string | undefined;
  const first = main?.split('\n')[0] ?? '';
  return first ? `${t.name}: ${first.length > 60 ? `${first.slice(0, 59)}…` : first}` : t.name;
}
