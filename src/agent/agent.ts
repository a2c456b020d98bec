// The Agent: state, listeners and the steering / follow-up queues around `runLoop`.
import type { AssistantMessage, Model, ThinkingLevel, UserMessage } from '../ai/types.js';
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

function textOf(message: UserMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

export class Agent {
  readonly state: AgentState;
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
    this.state = {
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

  subscribe(listener: AgentListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  setModel(model: Model): void {
    this.state.model = model;
  }

  setSystemPrompt(systemPrompt: string): void {
    this.state.systemPrompt = systemPrompt;
  }

  setTools(tools: AnyAgentTool[]): void {
    this.state.tools = tools;
  }

  setThinkingLevel(level: ThinkingLevel): void {
    this.state.thinkingLevel = level;
  }

  /** Starts a run with a new user message. While a run is going, use `steer` or `followUp`. */
  prompt(input: string | UserMessage): Promise<void> {
    if (this.state.isRunning) {
      return Promise.reject(new Error('the agent is already working: use steer() to correct it or followUp() to queue a message'));
    }
    return this.start([toUserMessage(input)]);
  }

  /** Runs from the transcript as it is (after an error, or when it ends with a user or tool result message). */
  continue(): Promise<void> {
    if (this.state.isRunning) return Promise.reject(new Error('the agent is already working'));
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
    this.state.messages = [];
    this.state.error = null;
    this.state.streamingMessage = null;
  }

  private enqueue(kind: QueueKind, input: string | UserMessage): void {
    const message = toUserMessage(input);
    this.queue.push({ kind, text: textOf(message), message });
    void this.emit(this.queueEvent());
    if (!this.state.isRunning) void this.start([]);
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
    this.state.isRunning = true;
    this.state.error = null;
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
        this.state.error = err instanceof Error ? err.message : String(err);
        reason = 'error';
      }
      this.state.streamingMessage = null;
      this.state.pendingToolCalls.clear();
      // A message queued during the last steps (or after an abort) must not be stranded.
      again = this.queue.length > 0 && reason !== 'error' && reason !== 'maxTurns';
      this.state.isRunning = again;
      await this.emit({ type: 'agent_end', reason, messages: this.state.messages });
    } while (again);
  }

  private loopConfig() {
    const s = this.state;
    const o = this.options;
    return {
      systemPrompt: s.systemPrompt,
      model: s.model,
      tools: s.tools,
      thinkingLevel: s.thinkingLevel,
      streamFn: o.streamFn,
      streamOptions: o.streamOptions,
      maxTurns: o.maxTurns,
      maxRequests: o.maxRequests,
      failureBackoffMs: o.failureBackoffMs,
      onStop: (sentence: string) => {
        this.state.error = sentence;
      },
      beforeToolCall: o.beforeToolCall,
      transformContext: o.transformContext,
      getMessages: () => this.state.messages,
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
        this.state.error = `a listener failed: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
  }

  /** The Agent's own state changes first, so listeners always see it up to date. */
  private apply(event: AgentEvent): void {
    const s = this.state;
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
