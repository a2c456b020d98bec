// What a Session drives: the Agent + its session file + compaction + checkpoints. Inside src/session
// only: the modes reach it through the Session's protocol (session.ts), children and the input's
// preparation directly.
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
import { type FilingContext, OpenSessionFile } from './file/open-file.js';
import type { ApprovalGate } from './permissions/index.js';
import { newHeader, sessionFileName } from './file/store.js';
import { countAnswer, noUsage, type UsageTotals, withEstimate } from './usage.js';
import { usageOf, withChildSpending } from './child-spend.js';
import { join } from 'node:path';
import type { McpHost } from '../extensions/mcp/host.js';
import { NO_EXTENSIONS, type SessionExtensions } from './setup/extensions.js';
import type { Checkpoints } from '../checkpoints/checkpoints.js';
import { CheckpointStep, makeCheckpoints, rewind, type RewindOutcome, type RewindWhat } from './checkpointing.js';
import type { SessionEvent, SessionListener, SessionOptions } from './session-types.js';
import type { ProtocolEvent } from './session-types.js';
import type { PlanRecord } from './plan-approval.js';
import { Todos } from './todo/todos.js';
import { RunTools } from './run-tools.js';
import type { RunNotes } from './prompt/run-notes.js';
import type { Jobs } from '../../tools/jobs/jobs.js';
import { reportJob } from '../jobs/reports.js';
import { RunChain } from './run-chain.js';
import { type ContextUsage, measureContext } from './context/context-usage.js';
import { serverTokenizer } from './context/tokenizer.js';
import type { GoalPursuit } from '../goal/pursuit.js';
import { goalStep } from './goal-step.js';

export type { SessionEvent, SessionListener, SessionOptions } from './session-types.js';

export class SessionCore {
  private readonly agent: Agent;
  /** approval mode (Shift+Tab), session grants and the prompter; undefined for a bare Session */
  readonly approvals: ApprovalGate | undefined;
  id: string;
  /** of a resumed session: messages before its latest compaction, no longer in memory (the app shows their count) */
  compactedCount: number;
  /** tokens and cost of this conversation so far (a resumed one's earlier calls included) */
  usage: UsageTotals = noUsage();
  private requestEstimate = 0;
  private readonly compaction: CompactionStep;
  /** the runs: prompts, steers, follow-ups, Esc (run-chain.ts) */
  readonly runs: RunChain;
  /** why the agent's last run ended */
  private lastEnd: AgentEndReason = 'done';
  private compactingNow = false;
  private fileHandle: OpenSessionFile;
  /** replaced, never changed in place: an event goes through the list it started with */
  private listeners: readonly SessionListener[] = [];
  /** MCP servers: their tools join the built-in ones; `/mcp` shows and reconnects them */
  readonly mcp: McpHost | undefined;
  private readonly runTools: RunTools;
  /** the note of what changed since the last run (date, git, plan mode), with a run's first message */
  private readonly notes: RunNotes | undefined;
  /** what the run waits for before its first model call, while it does (the app's activity line) */
  waitingFor: string | undefined;
  private readonly note: (message: string) => void;
  readonly extensions: SessionExtensions;
  /** the workspace before each message, for rewind (undefined when turned off in the settings) */
  checkpoints: Checkpoints | undefined;
  private readonly checkpointStep: CheckpointStep;
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
    const path = o.file === null ? null : (o.file ?? this.newPath());
    const torn = (kept: string) => this.note(`the session file's last line was cut off by a crash; it is kept in ${kept}`);
    this.fileHandle = new OpenSessionFile(path, this.filing, o.resume && { filedPrompt: o.resume.systemPrompt?.prompt, torn });
    this.checkpoints = makeCheckpoints(config, this.id, o.resume, (entry) => this.write(entry));
    this.checkpointStep = new CheckpointStep(
      () => this.checkpoints,
      config,
      this.note,
      () => this.fileHandle.messages,
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
    const sink = { emit: (e: SessionEvent) => void this.emit(e), tell: (note: string) => this.runs.addToConversation(note) };
    const stopReports = o.jobs?.subscribe((event) => reportJob(event, sink));
    this.ending = () => {
      for (const end of [stopReports, o.onClose]) end?.();
    };
    this.goal = goalStep({ cwd: config.cwd, bash: o.checkTool, approvals: o.approvals, emit: (e) => void this.emit(e), ...o.goal });
    this.runs = new RunChain({
      ...{ agent: this.agent, goal: this.goal, notes: this.notes, startRun: () => this.runTools.startRun() },
      ...{ planning: () => this.approvals?.mode === 'plan', hooks: () => this.extensions.hooks, lastEnd: () => this.lastEnd, append: (m) => this.append(m) },
    });
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
    return this.runs.running;
  }

  queued(): QueuedMessage[] {
    return this.agent.queued();
  }

  /** A message joins the transcript and the session file outside a run of the agent. */
  private append(message: UserMessage): void {
    this.agent.replaceMessages([...this.agent.state.messages, message]);
    this.write({ type: 'message', message });
  }

  setThinkingLevel(level: ThinkingLevel): void {
    this.agent.setThinkingLevel(level);
  }

  setModel(model: Model): void {
    this.agent.setModel(model);
    this.write({ type: 'model', provider: model.provider, model: model.id });
    this.announce({ type: 'model', model });
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
    await this.runs.stop();
    this.agent.reset();
    this.todos.reset();
    this.fileHandle.close();
    this.id = randomUUID();
    this.compactedCount = 0;
    this.usage = noUsage();
    const counted = this.fileHandle.messages;
    this.fileHandle = new OpenSessionFile(this.file === null ? null : this.newPath(), this.filing);
    this.fileHandle.messages = counted;
    this.checkpoints = makeCheckpoints(this.config, this.id, undefined, (entry) => this.write(entry));
    this.announce({ type: 'new_session', id: this.id });
  }

  /** Ends the session: the file closed, MCP servers stopped; resolves when the SessionEnd hooks are done. */
  close(): Promise<void> {
    this.ending();
    this.fileHandle.close();
    void this.mcp?.close();
    return this.extensions.hooks?.sessionEnd('exit') ?? Promise.resolve();
  }

  /** The session file; null when none is written. */
  get file(): string | null {
    return this.fileHandle.path;
  }

  private newPath(): string {
    return join(sessionsDir(this.config.home, this.config.cwd), sessionFileName(new Date(), this.id));
  }

  private readonly filing: FilingContext = {
    header: () => newHeader(this.id, this.config.cwd, this.model.id),
    prompt: () => ({ systemPrompt: this.agent.state.systemPrompt, instructions: this.notes?.instructions }),
  };

  private write(entry: SessionEntry): void {
    this.fileHandle.write(entry);
  }

  /** The protocol's own events (a question, a mode or model change) to the listeners. */
  announce(event: ProtocolEvent): void {
    void this.emit(event);
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
    // A streamed delta goes straight to the listeners: no checkpoint, no file, no promise. A task
    // call's progress carries what its child has just spent.
    if (event.type === 'tool_execution_update') this.usage = withChildSpending(this.usage, event);
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
