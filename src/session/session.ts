// A Session = the Agent + its session file + compaction. Every mode drives a Session, never the Agent.
import { randomUUID } from 'node:crypto';
import { Agent, type QueuedMessage } from '../agent/agent.js';
import { callInOrder } from '../agent/listeners.js';
import type { AgentEndReason, AgentEvent, AgentOptions, AgentState, AnyAgentTool } from '../agent/types.js';
import type { Model, StreamFn, ThinkingLevel, UserMessage } from '../ai/types.js';
import { sessionsDir } from '../config/paths.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { DEFAULT_COMPACTION, messageChars } from './compaction/token-budget.js';
import { CompactionStep } from './compaction/compaction-step.js';
import type { SessionEntry } from './file/entries.js';
import { lockSession, type SessionLock } from './file/lock.js';
import type { ApprovalGate } from './permissions/index.js';
import { newHeader, SessionWriter, sessionFileName } from './file/store.js';
import { countAnswer, noUsage, type UsageTotals, withEstimate } from './usage.js';
import { usageOf, withChildSpending } from './child-spend.js';
import { join } from 'node:path';
import type { McpHost } from '../extensions/mcp/host.js';
import { NO_EXTENSIONS, type SessionExtensions } from './setup/extensions.js';
import type { Checkpoints } from '../checkpoints/checkpoints.js';
import { CheckpointStep, makeCheckpoints, rewind, type RewindOutcome, type RewindWhat } from './checkpointing.js';
import { type Submission, type SubmitOptions, type Submitted, submitInput } from './input/submit.js';
import type { SessionEvent, SessionListener, SessionOptions } from './session-types.js';
import type { PlanRecord } from './plan-approval.js';
import { Todos } from './todo/todos.js';
import { RunTools } from './run-tools.js';
import type { RunNotes } from './prompt/run-notes.js';
import type { Jobs } from '../../tools/jobs/jobs.js';
import { reportJob, withoutJobNotes } from '../jobs/reports.js';
import { type ContextUsage, measureContext } from './context/context-usage.js';
import { serverTokenizer } from './context/tokenizer.js';
import type { GoalPursuit } from '../goal/pursuit.js';
import { goalStep } from './goal-step.js';

export type { CompactionReason, SessionEvent, SessionListener, SessionOptions } from './session-types.js';

export class Session {
  private readonly agent: Agent;
  /** approval mode (Shift+Tab), session grants and the prompter; undefined for a bare Session */
  readonly approvals: ApprovalGate | undefined;
  id: string;
  file: string | null;
  /** of a resumed session: messages before its latest compaction, no longer in memory (the app shows their count) */
  compactedCount: number;
  /** tokens and cost of this conversation so far (a resumed one's earlier calls included) */
  usage: UsageTotals = noUsage();
  private requestEstimate = 0;
  private readonly compaction: CompactionStep;
  private runChain: Promise<void> | null = null;
  /** why the agent's last run ended */
  private lastEnd: AgentEndReason = 'done';
  private compactingNow = false;
  private writer: SessionWriter | null = null;
  private lock: SessionLock | null = null;
  /** replaced, never changed in place: an event goes through the list it started with */
  private listeners: readonly SessionListener[] = [];
  /** MCP servers: their tools join the built-in ones; `/mcp` shows and reconnects them */
  readonly mcp: McpHost | undefined;
  private readonly runTools: RunTools;
  /** the note of what changed since the last run (date, git, plan mode), with a run's first message */
  private readonly notes: RunNotes | undefined;
  /** an Esc while a run's note is read, before the agent starts: the run starts and stops at once */
  private stopAtStart = false;
  /** what the run waits for before its first model call, while it does (the app's activity line) */
  waitingFor: string | undefined;
  private readonly note: (message: string) => void;
  readonly extensions: SessionExtensions;
  /** the workspace before each message, for rewind (undefined when turned off in the settings) */
  checkpoints: Checkpoints | undefined;
  private readonly checkpointStep: CheckpointStep;
  private messageEntries = 0;
  /** the model's todo list: each change is an entry in the file and a `todo` event */
  readonly todos: Todos;
  /** background jobs (bash's run_in_background), for the app's /jobs */
  readonly jobs: Jobs | undefined;
  /** what ends with the session: the jobs' reports, the language servers */
  private readonly ending: () => void;
  /** the command that judges when the work is done (`--until`, `/goal`): checked after each run */
  readonly goal: GoalPursuit;

  constructor(
    readonly config: ResolvedConfig,
    builtinTools: AnyAgentTool[],
    baseStream: StreamFn,
    agentOptions: Omit<AgentOptions, 'streamFn' | 'prepareContext'>,
    o: SessionOptions,
  ) {
    this.approvals = o.approvals;
    this.mcp = o.mcp;
    this.note = o.note ?? (() => {});
    this.extensions = o.extensions ?? NO_EXTENSIONS;
    this.todos = (o.todos ?? new Todos(o.resume?.todos)).attach({ write: (e) => this.write(e), emit: (e) => void this.emit(e) });
    this.id = o.id ?? o.resume?.header.id ?? randomUUID();
    this.compactedCount = o.resume?.compactedCount ?? 0;
    this.file = o.file === null ? null : (o.file ?? join(sessionsDir(config.home, config.cwd), sessionFileName(new Date(), this.id)));
    if (this.file) this.lock = lockSession(this.file);
    if (o.resume && this.file) {
      const { writer, torn } = SessionWriter.reopen(this.file, o.resume.systemPrompt?.prompt);
      this.writer = writer;
      if (torn) this.note(`the session file's last line was cut off by a crash; it is kept in ${torn}`);
    }
    this.checkpoints = makeCheckpoints(config, this.id, o.resume, (entry) => this.write(entry));
    this.checkpointStep = new CheckpointStep(
      () => this.checkpoints,
      config,
      this.note,
      () => this.messageEntries,
      () => this.tools,
    );
    this.agent = new Agent({
      ...agentOptions,
      streamFn: baseStream,
      // everything typed while tack works goes in at the next chance, not one message per turn
      steeringMode: 'all',
      followUpMode: 'all',
      prepareContext: ({ reason, signal }) => this.prepareContext(reason, signal),
      transformContext: (messages) => this.todos.withReminder(messages),
      // the message's checkpoint is taken before the first call that may change the workspace
      beforeToolCall: (context, signal) => this.checkpointStep.beforeTool(context).then(() => agentOptions.beforeToolCall?.(context, signal)),
    });
    this.compaction = new CompactionStep(this.agent, { ...DEFAULT_COMPACTION, ...config.compaction, ...o.compaction }, baseStream, {
      ready: () => this.checkpointStep.ready(),
      preCompact: (kind, why) => this.extensions.hooks?.preCompact(kind, why),
      emit: (event) => this.emit(event),
      write: (entry) => this.write(entry),
    });
    this.usage = usageOf(o.resume?.messages ?? []);
    // Persistence first, so listeners run after the message is safely on disk.
    this.agent.subscribe((event) => this.onAgentEvent(event));
    this.runTools = new RunTools(this.agent, this, builtinTools, this.note);
    this.mcp?.onChange(() => this.runTools.changed());
    this.notes = o.notes;
    this.jobs = o.jobs;
    const sink = { emit: (e: SessionEvent) => void this.emit(e), tell: (note: string) => this.addToConversation(note) };
    const stopReports = o.jobs?.subscribe((event) => reportJob(event, sink));
    this.ending = () => {
      for (const end of [stopReports, o.onClose]) end?.();
    };
    this.goal = goalStep({ cwd: config.cwd, bash: o.checkTool, approvals: o.approvals, emit: (e) => void this.emit(e), ...o.goal });
  }

  /**
   * Starts the MCP servers in the background, if they are not already starting; `warm`: and the
   * workspace's first full snapshot, for modes that stay (a one-shot run's own checkpoint does it).
   */
  startExtensions(warm = true): void {
    this.mcp?.start();
    if (warm) this.checkpointStep.warm();
  }

  /** The tools the model is offered: the built-in ones, then the MCP servers' in the order they came (run-tools.ts). */
  get tools(): readonly AnyAgentTool[] {
    return this.agent.state.tools;
  }

  get model(): Model {
    return this.agent.state.model;
  }

  /** The conversation and the run as they are now (read-only). */
  get state(): AgentState {
    return this.agent.state;
  }

  /** A compaction is under way (inside a run, or from /compact). */
  get compacting(): boolean {
    return this.compactingNow;
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners = this.listeners.filter((_, j) => j !== i);
    };
  }

  /** A run is going: from a prompt until no queued message waits (steers and follow-ups included). */
  get running(): boolean {
    return this.runChain !== null;
  }

  /** Starts a run; rejects while one is going (use `send`, `steer` or `followUp`). No input: the goal's check first. */
  prompt(input?: string | UserMessage): Promise<void> {
    if (this.runChain) return Promise.reject(new Error('tack is already working: send a steer or a follow-up instead'));
    this.goal.newRound();
    const chain: Promise<void> = this.runUntilQueueEmpty(input).finally(() => {
      if (this.runChain === chain) this.runChain = null;
    });
    this.runChain = chain;
    return chain;
  }

  /** The goal's check, now (`/goal`): idle, a failure starts a run with its output; working, the run's end checks it. */
  pursueGoal(): Promise<void> {
    return this.running ? this.waitForIdle() : this.prompt();
  }

  private async runUntilQueueEmpty(input: string | UserMessage | undefined): Promise<void> {
    this.stopAtStart = false;
    // no input (pursueGoal): the goal's check first, and its failure is the run's first message
    const first = input ?? (await this.goal.check());
    if (first === undefined) return;
    this.runTools.startRun();
    const note = await this.notes?.next(this.agent.state.messages, this.approvals?.mode === 'plan');
    if (note) this.append(note);
    // a goal's failed check sends the model back, until the check passes or the pursuit stops (src/goal)
    for (let next: string | UserMessage | undefined = first; next !== undefined; ) {
      const run = this.agent.prompt(next);
      if (this.stopAtStart) this.agent.abort();
      await (this.extensions.hooks?.untilStopAgrees(this.agent, run) ?? run);
      // A message queued in the run's last steps (or just after an Esc) is not left waiting.
      while (this.agent.hasQueuedMessages() && this.lastEnd !== 'error' && this.lastEnd !== 'maxTurns') await this.agent.continue();
      next = await this.goal.afterRun(this.agent.state.messages, this.lastEnd);
    }
  }

  /**
   * The front door for a user's message, from every mode: expanded, hooked, attached, then sent as
   * `send` would (input/submit.ts).
   */
  submit(input: string | Submission | UserMessage, o: SubmitOptions = {}): Promise<Submitted> {
    return submitInput(this, input, o);
  }

  /** What a user's Enter means: idle, a new run; working, a steer (or, with `followUp`, a queued follow-up). */
  send(input: string | UserMessage, o: { followUp?: boolean } = {}): Promise<void> {
    if (!this.running) return this.prompt(input);
    if (o.followUp) this.agent.followUp(input);
    else this.agent.steer(input);
    return Promise.resolve();
  }

  /**
   * Puts a message into the conversation without asking the model (what a `!command` printed): idle,
   * it joins the transcript and the session file, for the next prompt to see; working, it is a steer.
   */
  addToConversation(text: string): void {
    if (this.running) this.agent.steer(text);
    else this.append({ role: 'user', content: text, timestamp: Date.now() });
  }

  /** A message joins the transcript and the session file outside a run of the agent. */
  private append(message: UserMessage): void {
    this.agent.replaceMessages([...this.agent.state.messages, message]);
    this.write({ type: 'message', message });
  }

  /** Delivered after the running tool batch, before the next model call; idle, it starts a run. */
  steer(text: string | UserMessage): void {
    if (this.running) this.agent.steer(text);
    else void this.prompt(text).catch(() => {});
  }

  queued(): QueuedMessage[] {
    return this.agent.queued();
  }

  /** Stops the run; returns the queued messages (dropped from the queue) so nothing typed is lost. */
  abort(): QueuedMessage[] {
    this.stopAtStart = true;
    this.goal.abort();
    // a job's note is the model's: it joins the conversation once the run is over
    return withoutJobNotes(this.agent.abortAndTakeQueue(), (note) => void this.waitForIdle().then(() => this.addToConversation(note)));
  }

  /** Takes the queued messages back without stopping the run. */
  takeQueue(): QueuedMessage[] {
    return withoutJobNotes(this.agent.dequeueAll(), (note) => this.agent.steer(note));
  }

  /** Resolves when the run and the runs it chains for queued messages are over. */
  async waitForIdle(): Promise<void> {
    while (this.runChain) await this.runChain.catch(() => {});
    await this.agent.waitForIdle();
  }

  setThinkingLevel(level: ThinkingLevel): void {
    this.agent.setThinkingLevel(level);
  }

  setModel(model: Model): void {
    this.agent.setModel(model);
    this.write({ type: 'model', provider: model.provider, model: model.id });
  }

  /** A plan the user approved, or the output of a run nobody could answer: into the session file. */
  recordPlan(plan: PlanRecord): void {
    this.write({ type: 'plan', ...plan, timestamp: Date.now() });
  }

  /** Summarises the older part of the conversation now (`/compact [focus]`). */
  async compact(focus?: string, signal?: AbortSignal): Promise<void> {
    await this.compaction.run('manual', focus, signal);
  }

  /** Back to checkpoint n (`/rewind`, `/undo`): the files, the conversation, or both; only while idle. */
  async rewind(n: number, what: RewindWhat, o: { overwrite?: boolean } = {}): Promise<RewindOutcome> {
    if (this.running) throw new Error('a rewind needs a quiet moment: let the run finish, or interrupt it with Esc');
    return rewind(this.checkpoints, n, what, this.agent.state.messages, (m) => this.agent.replaceMessages(m), o);
  }

  /** A fresh conversation in a new session file (`/new`). */
  async startNew(): Promise<void> {
    this.stopAtStart = true;
    this.agent.abort();
    await this.runChain?.catch(() => {});
    this.agent.reset();
    this.todos.reset();
    this.closeFile();
    this.id = randomUUID();
    this.compactedCount = 0;
    this.usage = noUsage();
    if (this.file !== null) {
      this.file = join(sessionsDir(this.config.home, this.config.cwd), sessionFileName(new Date(), this.id));
      this.lock = lockSession(this.file);
    }
    this.checkpoints = makeCheckpoints(this.config, this.id, undefined, (entry) => this.write(entry));
  }

  /** Ends the session: the file closed, MCP servers stopped; resolves when the SessionEnd hooks are done. */
  close(): Promise<void> {
    this.ending();
    this.closeFile();
    void this.mcp?.close();
    return this.extensions.hooks?.sessionEnd('exit') ?? Promise.resolve();
  }

  private closeFile(): void {
    this.writer?.close();
    this.writer = null;
    this.lock?.release();
    this.lock = null;
  }

  private write(entry: SessionEntry): void {
    if (!this.file) return;
    // Created on the first entry, so opening the app and quitting leaves no empty session behind.
    this.writer ??= SessionWriter.create(this.file, newHeader(this.id, this.config.cwd, this.model.id));
    this.writer.keepPrompt(this.agent.state.systemPrompt, this.notes?.instructions);
    this.writer.append(entry);
    if (entry.type === 'message') this.messageEntries++;
  }

  /** Listeners in order; undefined when all took the event at once (see callInOrder). */
  private emit(event: SessionEvent): Promise<void> | undefined {
    if (event.type === 'compaction_start') this.compactingNow = true;
    else if (event.type === 'compaction_end' || event.type === 'compaction_error') this.compactingNow = false;
    return callInOrder(this.listeners, event, undefined);
  }

  /** Where the context goes (/context), in the server's tokens where it can count them. */
  async contextUsage(): Promise<ContextUsage> {
    // the MCP servers' tools as the next request would carry them (the first waits for them, briefly)
    if (!this.running) await this.runTools.beforeCall();
    const s = this.agent.state;
    const shape = { systemPrompt: s.systemPrompt, tools: s.tools, messages: s.messages, window: s.model.contextWindow };
    return measureContext({ ...shape, ...this.compaction.figures() }, serverTokenizer(s.model.baseUrl));
  }

  /** The totals with the answer being streamed counted by estimate (the server counts only at its end). */
  get usageNow(): UsageTotals {
    const streaming = this.agent.state.streamingMessage;
    if (!streaming) return this.usage;
    return withEstimate(this.usage, this.requestEstimate, Math.ceil(messageChars(streaming) / 4), this.model.prices);
  }

  private onAgentEvent(event: AgentEvent): Promise<void> | undefined {
    this.usage = withChildSpending(this.usage, event);
    // A streamed delta goes straight to the listeners: no checkpoint, no file, no promise.
    if (event.type === 'message_update' || event.type === 'tool_execution_update') return this.emit(event);
    return this.onMessageOrTurnEvent(event);
  }

  private async onMessageOrTurnEvent(event: AgentEvent): Promise<void> {
    // the checkpoints follow messages, turns and runs
    await this.checkpointStep.onEvent(event, this.agent.state.messages);
    // what the request holds, estimated once per call: the count while streaming, or if none comes
    if (event.type === 'message_start' && event.message.role === 'assistant') this.requestEstimate = this.compaction.size();
    if (event.type === 'agent_end') this.lastEnd = event.reason;
    if (event.type === 'message_end') {
      this.write({ type: 'message', message: event.message });
      if (event.message.role === 'assistant') this.usage = countAnswer(this.usage, event.message, this.requestEstimate, this.model.prices);
    }
    await this.emit(event);
  }

  /** The loop's step at each model call: compaction when the context fills up, or the server said it overflowed. */
  private async prepareContext(reason: 'turn' | 'overflow', signal: AbortSignal): Promise<boolean> {
    await this.runTools.beforeCall();
    return this.compaction.beforeCall(reason, signal);
  }
}
