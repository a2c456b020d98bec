// The Agent: state, listeners and the steering / follow-up queues around `runLoop`.
import type { AssistantMessage, Message, Model, ThinkingLevel, UserMessage } from '../ai/types.js';
import { runLoop } from './loop.js';
import type { AgentEndReason, AgentEvent, AgentListener, AgentOptions, AgentState, AnyAgentTool } from './types.js';

export type QueueKind = 'steer' | 'followUp';

export interface QueuedMessage {
  kind: QueueKind;
  text: string;
  message: UserMessage;
}

function toUserMessage(input: string | UserMessage): UserMessage {
  return typeof input === 'string' ? { role: 'user', content: input, timestamp: Date.now() } : input;
}

/** What was typed: a message with parts carries it first (attached files follow it). */
function textOf(message: UserMessage): string {
  if (typeof message.content === 'string') return message.content;
  const first = message.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** What the Agent itself may change. */
type MutableState = { -readonly [K in keyof AgentState]: AgentState[K] } & { messages: Message[]; pendingToolCalls: Set<string> };

export class Agent {
  private readonly s: MutableState;
  private readonly options: AgentOptions;
  private readonly listeners: AgentListener[] = [];
  private queue: QueuedMessage[] = [];
  private controller: AbortController | null = null;
  private running: Promise<void> | null = null;
  /** events are delivered one at a time, in order, even when emitted without awaiting */
  private delivery: Promise<void> = Promise.resolve();

  constructor(options: AgentOptions) {
    this.options = options;
    const init = options.initialState;
    this.s = {
      systemPrompt: init.systemPrompt,
      model: init.model,
      tools: init.tools ?? [],
      thinkingLevel: init.thinkingLevel ?? 'off',
      messages: [...(init.messages ?? [])],
      streamingMessage: null,
      pendingToolCalls: new Set(),
      isRunning: false,
      error: null,
    };
  }

  /** Read-only: it changes through the methods below and the run's events. */
  get state(): AgentState {
    return this.s;
  }

  subscribe(listener: AgentListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  setModel(model: Model): void {
    this.s.model = model;
  }

  setSystemPrompt(systemPrompt: string): void {
    this.s.systemPrompt = systemPrompt;
  }

  setTools(tools: AnyAgentTool[]): void {
    this.s.tools = tools;
  }

  setThinkingLevel(level: ThinkingLevel): void {
    this.s.thinkingLevel = level;
  }

  /**
   * Puts another transcript in place of this one (a compaction). Only between turns: while idle, or
   * from `prepareContext`; never while an answer streams or a tool runs.
   */
  replaceMessages(messages: readonly Message[]): void {
    if (this.s.streamingMessage || this.s.pendingToolCalls.size > 0) {
      throw new Error('the transcript can only be replaced between turns, not while an answer streams or a tool runs');
    }
    this.s.messages = [...messages];
  }

  /** Starts a run with a new user message. While a run is going, use `steer` or `followUp`. */
  prompt(input: string | UserMessage): Promise<void> {
    if (this.s.isRunning) {
      return Promise.reject(new Error('the agent is already working: use steer() to correct it or followUp() to queue a message'));
    }
    return this.start([toUserMessage(input)]);
  }

  /** Runs from the transcript as it is (after an error, or when it ends with a user or tool result message). */
  continue(): Promise<void> {
    if (this.s.isRunning) return Promise.reject(new Error('the agent is already working'));
    return this.start([]);
  }

  /** Delivered after the running tool batch, before the next model call. When idle, starts a run. */
  steer(input: string | UserMessage): void {
    this.enqueue('steer', input);
  }

  /** Delivered when the agent would otherwise stop. When idle, starts a run. */
  followUp(input: string | UserMessage): void {
    this.enqueue('followUp', input);
  }

  queued(): QueuedMessage[] {
    return [...this.queue];
  }

  /** Stops the model stream and every running tool; returns the queued messages, which are dropped. */
  abort(): QueuedMessage[] {
    const taken = this.queue;
    this.queue = [];
    this.controller?.abort();
    if (taken.length > 0) void this.emit(this.queueEvent());
    return taken;
  }

  /** Takes every queued message back without interrupting the run (the UI puts them back in the input). */
  dequeueAll(): QueuedMessage[] {
    const taken = this.queue;
    this.queue = [];
    if (taken.length > 0) void this.emit(this.queueEvent());
    return taken;
  }

  waitForIdle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** Forgets the conversation and the queues (aborting a run first). */
  async reset(): Promise<void> {
    this.abort();
    await this.waitForIdle();
    this.s.messages = [];
    this.s.error = null;
    this.s.streamingMessage = null;
  }

  private enqueue(kind: QueueKind, input: string | UserMessage): void {
    const message = toUserMessage(input);
    this.queue.push({ kind, text: textOf(message), message });
    void this.emit(this.queueEvent());
    if (!this.s.isRunning) void this.start([]);
  }

  private take(kind: QueueKind): UserMessage[] {
    const taken = this.queue.filter((q) => q.kind === kind).map((q) => q.message);
    if (taken.length === 0) return [];
    this.queue = this.queue.filter((q) => q.kind !== kind);
    void this.emit(this.queueEvent());
    return taken;
  }

  private queueEvent(): AgentEvent {
    const texts = (kind: QueueKind) => this.queue.filter((q) => q.kind === kind).map((q) => q.text);
    return { type: 'queue_update', steering: texts('steer'), followUp: texts('followUp') };
  }

  private start(prompts: UserMessage[]): Promise<void> {
    this.s.isRunning = true;
    this.s.error = null;
    const running: Promise<void> = this.run(prompts).finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  private async run(prompts: UserMessage[]): Promise<void> {
    let first = prompts;
    let reason: AgentEndReason;
    let again: boolean;
    do {
      this.controller = new AbortController();
      // A message queued while idle (or just after an abort) is the start of this run.
      const queued = [...first, ...this.take('steer'), ...this.take('followUp')];
      first = [];
      await this.emit({ type: 'agent_start' });
      try {
        reason = await runLoop(queued, this.loopConfig(), this.controller.signal, (e) => this.emit(e));
      } catch (err) {
        // The loop itself does not throw; a listener might. Keep the agent usable and say what happened.
        this.s.error = err instanceof Error ? err.message : String(err);
        reason = 'error';
      }
      this.s.streamingMessage = null;
      this.s.pendingToolCalls.clear();
      // A message queued during the last steps (or after an abort) must not be stranded.
      again = this.queue.length > 0 && reason !== 'error' && reason !== 'maxTurns';
      this.s.isRunning = again;
      await this.emit({ type: 'agent_end', reason, messages: this.s.messages });
    } while (again);
  }

  private loopConfig() {
    const s = this.s;
    const o = this.options;
    return {
      systemPrompt: s.systemPrompt,
      model: s.model,
      // read at each model call, so tools set between turns (an MCP server's new list) are offered at once
      get tools() {
        return s.tools;
      },
      thinkingLevel: s.thinkingLevel,
      streamFn: o.streamFn,
      streamOptions: o.streamOptions,
      maxTurns: o.maxTurns,
      maxRequests: o.maxRequests,
      failureBackoffMs: o.failureBackoffMs,
      onStop: (sentence: string) => {
        this.s.error = sentence;
      },
      beforeToolCall: o.beforeToolCall,
      transformContext: o.transformContext,
      prepareContext: o.prepareContext,
      getMessages: () => this.s.messages,
      takeSteering: () => this.take('steer'),
      takeFollowUps: () => this.take('followUp'),
    };
  }

  private emit(event: AgentEvent): Promise<void> {
    this.delivery = this.delivery.then(() => this.deliver(event));
    return this.delivery;
  }

  private async deliver(event: AgentEvent): Promise<void> {
    this.apply(event);
    for (const listener of [...this.listeners]) {
      try {
        await listener(event);
      } catch (err) {
        this.s.error = `a listener failed: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
  }

  /** The Agent's own state changes first, so listeners always see it up to date. */
  private apply(event: AgentEvent): void {
    const s = this.s;
    switch (event.type) {
      case 'message_start':
        if (event.message.role === 'assistant') s.streamingMessage = event.message;
        break;
      case 'message_update':
        s.streamingMessage = event.message;
        break;
      case 'message_end':
        s.messages.push(event.message);
        if (event.message.role === 'assistant') {
          s.streamingMessage = null;
          const m = event.message as AssistantMessage;
          if (m.stopReason === 'error') s.error = m.errorMessage ?? 'the model call failed';
        }
        break;
      case 'retry':
        s.streamingMessage = null;
        break;
      case 'tool_execution_start':
        s.pendingToolCalls.add(event.toolCallId);
        break;
      case 'tool_execution_end':
        s.pendingToolCalls.delete(event.toolCallId);
        break;
    }
  }
}
