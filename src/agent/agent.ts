// The Agent (pi-agent-core 0.73's contract): state, runs and the steering / follow-up queues around
// the agent loop, plus tack's additions, each documented where it is. Events reach listeners through
// event-delivery.ts.
import type { AssistantMessage, Context, ImageContent, Model, StreamOptions, ThinkingLevel } from '../ai/types.js';
import { applyEvent, createState, EMPTY_USAGE, type MutableState } from './agent-state.js';
import { defaultConvertToLlm, modelRequest, runAgentLoop, runAgentLoopContinue } from './agent-loop.js';
import { MessageQueues, type QueueKind, type QueuedMessage } from './message-queue.js';
import { EventDelivery } from './event-delivery.js';
import type {
  AgentEvent,
  AgentListener,
  AgentLoopConfig,
  AgentMessage,
  AgentOptions,
  AgentState,
  AnyAgentTool,
  QueueMode,
  StreamFn,
  ToolExecutionMode,
} from './types.js';
import { streamSimple } from '../ai/registry.js';

export type { QueueKind, QueuedMessage };

interface ActiveRun {
  controller: AbortController;
  promise: Promise<void>;
}

const IDLE = new AbortController().signal;

export class Agent {
  private readonly s: MutableState;
  private readonly queues: MessageQueues;
  private active: ActiveRun | undefined;
  /** events reach the state, then the listeners, one at a time and in order */
  private readonly events = new EventDelivery(
    (event) => applyEvent(this.s, event),
    () => this.active?.controller.signal ?? IDLE,
  );
  private readonly options: AgentOptions;

  convertToLlm: AgentLoopConfig['convertToLlm'];
  transformContext: AgentLoopConfig['transformContext'];
  streamFn: StreamFn;
  getApiKey: AgentLoopConfig['getApiKey'];
  beforeToolCall: AgentLoopConfig['beforeToolCall'];
  afterToolCall: AgentLoopConfig['afterToolCall'];
  shouldStopAfterTurn: AgentLoopConfig['shouldStopAfterTurn'];
  sessionId: string | undefined;
  toolExecution: ToolExecutionMode;

  constructor(options: AgentOptions = {}) {
    this.options = options;
    this.s = createState(options.initialState);
    this.queues = new MessageQueues(options.steeringMode ?? 'one-at-a-time', options.followUpMode ?? 'one-at-a-time');
    this.convertToLlm = options.convertToLlm ?? defaultConvertToLlm;
    this.transformContext = options.transformContext;
    this.streamFn = options.streamFn ?? streamSimple;
    this.getApiKey = options.getApiKey;
    this.beforeToolCall = options.beforeToolCall;
    this.afterToolCall = options.afterToolCall;
    this.shouldStopAfterTurn = options.shouldStopAfterTurn;
    this.sessionId = options.sessionId;
    this.toolExecution = options.toolExecution ?? 'parallel';
  }

  get state(): AgentState {
    return this.s;
  }

  /** Listeners are awaited in the order they subscribed, and get the run's abort signal. */
  subscribe(listener: AgentListener): () => void {
    return this.events.subscribe(listener);
  }

  get steeringMode(): QueueMode {
    return this.queues.modes.steer;
  }
  set steeringMode(mode: QueueMode) {
    this.queues.modes.steer = mode;
  }
  get followUpMode(): QueueMode {
    return this.queues.modes.followUp;
  }
  set followUpMode(mode: QueueMode) {
    this.queues.modes.followUp = mode;
  }

  /** Queued for delivery after the running tool batch, before the next model call. */
  steer(message: AgentMessage | string): void {
    this.enqueue('steer', message);
  }

  /** Queued for when the agent would otherwise stop. */
  followUp(message: AgentMessage | string): void {
    this.enqueue('followUp', message);
  }

  clearSteeringQueue(): void {
    this.takeQueued('steer');
  }

  clearFollowUpQueue(): void {
    this.takeQueued('followUp');
  }

  clearAllQueues(): void {
    this.takeQueued();
  }

  hasQueuedMessages(): boolean {
    return this.queues.size > 0;
  }

  /** tack: the queued messages, both kinds, in the order they were queued. */
  queued(): QueuedMessage[] {
    return this.queues.list();
  }

  /** tack: takes every queued message back without interrupting the run (the UI puts them back in the input). */
  dequeueAll(): QueuedMessage[] {
    return this.takeQueued();
  }

  get signal(): AbortSignal | undefined {
    return this.active?.controller.signal;
  }

  /** Stops the model stream and every running tool. The queues stay as they are. */
  abort(): void {
    this.active?.controller.abort();
  }

  /** tack: stops the run and takes the queued messages back, so nothing typed is lost. */
  abortAndTakeQueue(): QueuedMessage[] {
    const taken = this.takeQueued();
    this.abort();
    return taken;
  }

  /** Resolves when the run and its listeners are done. */
  waitForIdle(): Promise<void> {
    return this.active?.promise ?? Promise.resolve();
  }

  /** Forgets the transcript, the run's state and the queues. */
  reset(): void {
    this.s.messages = [];
    this.s.isStreaming = false;
    this.s.streamingMessage = undefined;
    this.s.pendingToolCalls = new Set();
    this.s.errorMessage = undefined;
    this.queues.takeAll();
  }

  /** tack: the same as assigning the state's field, for callers that prefer methods. */
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
   * tack: puts another transcript in place of this one (a compaction). Only between turns: while
   * idle, or from `prepareContext`; never while an answer streams or a tool runs.
   */
  replaceMessages(messages: readonly AgentMessage[]): void {
    if (this.s.streamingMessage || this.s.pendingToolCalls.size > 0) {
      throw new Error('the transcript can only be replaced between turns, not while an answer streams or a tool runs');
    }
    this.s.messages = [...messages];
  }

  /**
   * tack: what a model call of a run would send for `messages` (the system prompt, the tools, the
   * transcript's conversion and the call's options), for a request beside the transcript that must
   * share its prefix byte for byte (a compaction's summary request).
   */
  request(messages: readonly AgentMessage[], signal?: AbortSignal): Promise<{ context: Context; options: StreamOptions }> {
    return modelRequest({ systemPrompt: this.s.systemPrompt, messages: [...messages], tools: this.s.tools }, this.loopConfig(), signal);
  }

  /** Starts a run with a new message. While a run is going, use `steer` or `followUp`. */
  async prompt(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): Promise<void> {
    if (this.active) throw new Error('Agent is already processing a prompt. Use steer() or followUp() to queue messages, or wait for completion.');
    await this.runPrompts(this.normalize(input, images));
  }

  /** Runs from the transcript; after an assistant message, the queued messages are the run's start. */
  async continue(): Promise<void> {
    if (this.active) throw new Error('Agent is already processing. Wait for completion before continuing.');
    const last = this.s.messages.at(-1);
    if (!last) throw new Error('No messages to continue from');
    if (last.role === 'assistant') {
      const steering = this.take('steer');
      if (steering.length > 0) return this.runPrompts(steering, true);
      const followUps = this.take('followUp');
      if (followUps.length > 0) return this.runPrompts(followUps);
      throw new Error('Cannot continue from message role: assistant');
    }
    await this.lifecycle((signal) => runAgentLoopContinue(this.context(), this.loopConfig(), (e) => this.emit(e), signal, this.streamFn));
  }

  private normalize(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): AgentMessage[] {
    if (Array.isArray(input)) return input;
    if (typeof input !== 'string') return [input];
    if (!images?.length) return [{ role: 'user', content: input, timestamp: Date.now() }];
    return [{ role: 'user', content: [{ type: 'text', text: input }, ...images], timestamp: Date.now() }];
  }

  private runPrompts(messages: AgentMessage[], skipFirstSteeringPoll = false): Promise<void> {
    return this.lifecycle((signal) =>
      runAgentLoop(messages, this.context(), this.loopConfig(skipFirstSteeringPoll), (e) => this.emit(e), signal, this.streamFn),
    );
  }

  private enqueue(kind: QueueKind, input: AgentMessage | string): void {
    this.queues.add(kind, typeof input === 'string' ? { role: 'user', content: input, timestamp: Date.now() } : input);
    void this.emit(this.queueEvent()).catch(() => {});
  }

  private take(kind: QueueKind): AgentMessage[] {
    const taken = this.queues.drain(kind);
    if (taken.length > 0) void this.emit(this.queueEvent()).catch(() => {});
    return taken;
  }

  private takeQueued(kind?: QueueKind): QueuedMessage[] {
    const taken = this.queues.takeAll(kind);
    if (taken.length > 0) void this.emit(this.queueEvent()).catch(() => {});
    return taken;
  }

  private queueEvent(): AgentEvent {
    return { type: 'queue_update', steering: this.queues.texts('steer'), followUp: this.queues.texts('followUp') };
  }

  /** The loop's context: the transcript copied; tools read through, so a list set mid-run is offered at once. */
  private context() {
    const s = this.s;
    return {
      systemPrompt: s.systemPrompt,
      messages: s.messages.slice(),
      get tools() {
        return s.tools;
      },
    };
  }

  private loopConfig(skipFirstSteeringPoll = false): AgentLoopConfig {
    const s = this.s;
    const o = this.options;
    let skip = skipFirstSteeringPoll;
    const prepare = o.prepareContext;
    return {
      ...o.streamOptions,
      model: s.model,
      thinkingLevel: s.thinkingLevel,
      reasoning: s.thinkingLevel === 'off' ? undefined : s.thinkingLevel,
      sessionId: this.sessionId,
      toolExecution: this.toolExecution,
      convertToLlm: this.convertToLlm,
      transformContext: this.transformContext,
      getApiKey: this.getApiKey,
      beforeToolCall: this.beforeToolCall,
      afterToolCall: this.afterToolCall,
      shouldStopAfterTurn: this.shouldStopAfterTurn,
      maxTurns: o.maxTurns,
      maxRequests: o.maxRequests,
      failureBackoffMs: o.failureBackoffMs,
      onStop: (sentence) => {
        s.errorMessage = sentence;
      },
      prepareContext: prepare
        ? async ({ reason, signal, context }) => {
            const replaced = await prepare({ reason, signal });
            if (replaced) context.messages = s.messages.slice();
            return replaced;
          }
        : undefined,
      getSteeringMessages: async () => {
        if (skip) {
          skip = false;
          return [];
        }
        return this.take('steer');
      },
      getFollowUpMessages: async () => this.take('followUp'),
    };
  }

  private async lifecycle(run: (signal: AbortSignal) => Promise<unknown>): Promise<void> {
    if (this.active) throw new Error('Agent is already processing.');
    const controller = new AbortController();
    let done!: () => void;
    this.active = { controller, promise: new Promise<void>((r) => (done = r)) };
    this.s.isStreaming = true;
    this.s.streamingMessage = undefined;
    this.s.errorMessage = undefined;
    try {
      await run(controller.signal);
    } catch (err) {
      await this.failed(err, controller.signal.aborted);
    } finally {
      this.s.isStreaming = false;
      this.s.streamingMessage = undefined;
      this.s.pendingToolCalls = new Set();
      this.active = undefined;
      done();
    }
  }

  /** A hook or listener threw: the run ends with an assistant message that says so. */
  private async failed(err: unknown, aborted: boolean): Promise<void> {
    const message: AssistantMessage = {
      role: 'assistant',
      content: [{ type: 'text', text: '' }],
      api: this.s.model.api,
      provider: this.s.model.provider,
      model: this.s.model.id,
      usage: EMPTY_USAGE,
      stopReason: aborted ? 'aborted' : 'error',
      errorMessage: err instanceof Error ? err.message : String(err),
      timestamp: Date.now(),
    };
    this.s.messages.push(message);
    this.s.errorMessage = message.errorMessage;
    await this.emit({ type: 'agent_end', messages: [message], reason: aborted ? 'aborted' : 'error' });
  }

  private emit(event: AgentEvent): Promise<void> {
    return this.events.emit(event);
  }
}
