// A Session = the Agent + its session file + compaction. Both modes drive a Session, never `openai`.
import { randomUUID } from 'node:crypto';
import { Agent } from '../agent/agent.js';
import type { AgentEvent, AgentOptions, AnyAgentTool } from '../agent/types.js';
import { EventStream } from '../ai/event-stream.js';
import { createModels } from '../ai/models.js';
import type { Message, Model, StreamFn } from '../ai/types.js';
import { packageVersion } from '../config/paths.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { createTools } from '../../tools/index.js';
import { DEFAULT_COMPACTION, estimateTokens, findCut, shouldCompact, type CompactionSettings } from './compaction.js';
import { summarize } from './compactor.js';
import { summaryMessage, type SessionEntry } from './entries.js';
import { lockSession, type SessionLock } from './lock.js';
import { makeProvider, pickModel } from './model-setup.js';
import { createSafety, type ApprovalGate, type SafetyOptions } from './permissions/index.js';
import { SessionWriter, loadSession, sessionFileName, sessionsDir, type LoadedSession } from './store.js';
import { buildSystemPrompt } from './system-prompt.js';
import { join } from 'node:path';

export type CompactionReason = 'threshold' | 'overflow' | 'manual';

export type SessionEvent =
  | AgentEvent
  | { type: 'compaction_start'; reason: CompactionReason }
  | { type: 'compaction_end'; reason: CompactionReason; tokensBefore: number; messagesSummarized: number; summary: string }
  | { type: 'compaction_error'; reason: CompactionReason; message: string };

export type SessionListener = (event: SessionEvent) => void | Promise<void>;

export interface SessionOptions {
  config: ResolvedConfig;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  beforeToolCall?: AgentOptions['beforeToolCall'];
  /** the session file to write; undefined: a new file under $TACK_HOME/sessions; null: none */
  file?: string | null;
  /** an earlier session to continue (its file is `file`) */
  resume?: LoadedSession;
  compaction?: Partial<CompactionSettings>;
  /** approvals: whether someone answers questions, who, and where notices go */
  safety?: SafetyOptions;
  /** the approval gate createSession made */
  approvals?: ApprovalGate;
}

export class Session {
  readonly agent: Agent;
  /** approval mode (Shift+Tab), session grants and the prompter; undefined for a bare Session */
  readonly approvals: ApprovalGate | undefined;
  id: string;
  file: string | null;
  /** of a resumed session: messages before its latest compaction, no longer in memory (the app shows their count) */
  compactedCount: number;
  private writer: SessionWriter | null = null;
  private lock: SessionLock | null = null;
  private readonly listeners: SessionListener[] = [];
  private readonly settings: CompactionSettings;

  constructor(
    readonly config: ResolvedConfig,
    readonly tools: AnyAgentTool[],
    private readonly baseStream: StreamFn,
    agentOptions: Omit<AgentOptions, 'streamFn' | 'transformContext'>,
    o: SessionOptions,
  ) {
    this.settings = { ...DEFAULT_COMPACTION, ...config.compaction, ...o.compaction };
    this.approvals = o.approvals;
    this.id = o.resume?.header.id ?? randomUUID();
    this.compactedCount = o.resume?.compactedCount ?? 0;
    this.file = o.file === null ? null : (o.file ?? join(sessionsDir(config.home, config.cwd), sessionFileName(new Date(), this.id)));
    if (this.file) this.lock = lockSession(this.file);
    if (o.resume && this.file) this.writer = SessionWriter.reopen(this.file);
    this.agent = new Agent({
      ...agentOptions,
      streamFn: this.streamWithOverflowRetry,
      transformContext: (messages, signal) => this.compactIfNeeded(messages, signal),
    });
    // Persistence first, so listeners run after the message is safely on disk.
    this.agent.subscribe((event) => this.onAgentEvent(event));
  }

  get model(): Model {
    return this.agent.state.model;
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  prompt(text: string): Promise<void> {
    return this.agent.prompt(text);
  }

  setModel(model: Model): void {
    this.agent.setModel(model);
    this.write({ type: 'model', provider: model.provider, model: model.id });
  }

  /** Summarises the older part of the conversation now (`/compact [focus]`). */
  async compact(focus?: string, signal?: AbortSignal): Promise<void> {
    await this.runCompaction('manual', focus, signal);
  }

  /** A fresh conversation in a new session file (`/new`). */
  async startNew(): Promise<void> {
    await this.agent.reset();
    this.closeFile();
    this.id = randomUUID();
    this.compactedCount = 0;
    if (this.file !== null) {
      this.file = join(sessionsDir(this.config.home, this.config.cwd), sessionFileName(new Date(), this.id));
      this.lock = lockSession(this.file);
    }
  }

  close(): void {
    this.closeFile();
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
    this.writer ??= SessionWriter.create(this.file, {
      type: 'session',
      version: 1,
      id: this.id,
      created: new Date().toISOString(),
      cwd: this.config.cwd,
      model: this.model.id,
      tack_version: packageVersion(),
    });
    this.writer.append(entry);
  }

  private async emit(event: SessionEvent): Promise<void> {
    for (const listener of [...this.listeners]) await listener(event);
  }

  private async onAgentEvent(event: AgentEvent): Promise<void> {
    if (event.type === 'message_end') this.write({ type: 'message', message: event.message });
    await this.emit(event);
  }

  private async compactIfNeeded(messages: Message[], signal: AbortSignal): Promise<Message[]> {
    if (!shouldCompact(estimateTokens(messages), this.model.contextWindow, this.settings)) return messages;
    await this.runCompaction('threshold', undefined, signal);
    return this.agent.state.messages;
  }

  private async runCompaction(reason: CompactionReason, focus: string | undefined, signal?: AbortSignal): Promise<void> {
    const messages = this.agent.state.messages;
    // A small window cannot keep 20k tokens verbatim: keep at most a quarter of it.
    const keep = Math.min(this.settings.keepRecentTokens, Math.floor(this.model.contextWindow / 4), reason === 'manual' ? 2000 : Infinity);
    const cut = findCut(messages, keep);
    if (cut <= 0) return;
    const older = messages.slice(0, cut);
    const kept = messages.slice(cut);
    await this.emit({ type: 'compaction_start', reason });
    try {
      const tokensBefore = estimateTokens(messages);
      const summary = await summarize({ streamFn: this.baseStream, model: this.model, messages: older, focus, signal });
      const timestamp = Date.now();
      this.agent.state.messages = [summaryMessage(summary, timestamp), ...kept];
      this.write({ type: 'compaction', summary, tokensBefore, messagesSummarized: older.length, kept, timestamp });
      await this.emit({ type: 'compaction_end', reason, tokensBefore, messagesSummarized: older.length, summary });
    } catch (err) {
      await this.emit({ type: 'compaction_error', reason, message: (err as Error).message });
    }
  }

  /** A context-overflow answer from the server triggers one compaction and one retry. */
  private readonly streamWithOverflowRetry: StreamFn = (model, context, options) => {
    const out = new EventStream();
    void (async () => {
      let inner = this.baseStream(model, context, options);
      for (let retried = false; ; retried = true) {
        let overflow = false;
        for await (const event of inner) {
          if (event.type === 'error' && event.error.errorKind === 'context_overflow') {
            if (!retried) {
              overflow = true;
              break;
            }
            event.error.errorMessage = `the conversation is too large for ${model.id}'s context window even after compaction (${event.error.errorMessage ?? 'context overflow'}); start a new session or use a model with a larger window`;
          }
          out.push(event);
        }
        if (!overflow) return;
        await this.runCompaction('overflow', undefined, options?.signal);
        inner = this.baseStream(model, { ...context, messages: this.agent.state.messages }, options);
      }
    })();
    return out;
  };
}

export interface CreateSessionOptions extends Omit<SessionOptions, 'resume'> {
  /** path of an earlier session to continue */
  resumeFile?: string;
  /** one-time notes of the model layer and load warnings; default: stderr (the app shows them itself) */
  note?: (message: string) => void;
}

export async function createSession(o: CreateSessionOptions): Promise<Session> {
  const { config } = o;
  const resume = o.resumeFile ? await loadSession(o.resumeFile) : undefined;
  const note = o.note ?? ((message: string) => process.stderr.write(`tack: ${message}\n`));
  for (const warning of resume?.warnings ?? []) note(`warning: ${warning}`);
  const provider = makeProvider(config, note);
  const models = createModels();
  models.setProvider(provider);
  let session: Session | undefined;
  // A model stuck in a loop in print mode ends the run.
  const safety = createSafety(config, { ...o.safety, stopRun: () => session?.agent.abort() });
  const allTools = createTools({ cwd: config.cwd, secretFile: safety.secretFile });
  const tools = config.tools.map((name) => (name === 'bash' ? safety.bashTool : allTools.byName[name]));
  const [model, systemPrompt] = await Promise.all([
    pickModel(config, provider, resume?.model),
    buildSystemPrompt({ cwd: config.cwd, home: config.home, tools, replace: o.systemPrompt, append: o.appendSystemPrompt }),
  ]);
  session = new Session(
    config,
    tools,
    models.streamSimple.bind(models),
    {
      initialState: { systemPrompt, model, tools, messages: resume?.messages, thinkingLevel: config.thinking },
      streamOptions: { retry: config.retry, idleTimeoutMs: config.idleTimeoutMs, answerTimeoutMs: config.answerTimeoutMs },
      maxTurns: config.maxTurns,
      maxRequests: config.maxRequests,
      // The approval gate first: a caller's own hook sees only calls the policy lets through.
      beforeToolCall: async (call, tool, signal) => (await safety.gate.beforeToolCall(call, tool, signal)) ?? o.beforeToolCall?.(call, tool, signal),
    },
    { ...o, file: o.resumeFile ?? o.file, resume, approvals: safety.gate },
  );
  return session;
}
