// The Session's checkpoints: one for each prompt and each delivered steering message, taken just before
// the first tool call after it that may change the workspace; the workspace after each turn that ran
// such tools; and rewinds of the files, the conversation or both.
import { realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { onlyLooks } from '../agent/tool-exec.js';
import type { AgentEvent, AnyAgentTool } from '../agent/types.js';
import { textOf } from '../ai/content.js';
import type { AssistantMessage, Message, ToolCall } from '../ai/types.js';
import { Checkpoints, type RewindReport } from '../checkpoints/checkpoints.js';
import type { CheckpointRecord, RewindRecord, WrittenRecord } from '../checkpoints/records.js';
import { pruneIfDue } from '../checkpoints/prune.js';
import { CheckpointStore } from '../checkpoints/store.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { secretTestFor } from './permissions/setup.js';
import { runsHooksAfter } from './setup/hooks.js';
import type { LoadedSession } from './file/store.js';
import { isRunNote } from './prompt/run-note.js';

export type RewindWhat = 'code' | 'conversation' | 'both';

export interface RewindOutcome {
  /** the message the checkpoint preceded (a conversation rewind puts it back into the input) */
  text: string;
  /** what the files' rewind did (code, both) */
  files?: RewindReport;
}

export function makeCheckpoints(
  config: ResolvedConfig,
  id: string,
  resume: LoadedSession | undefined,
  write: (entry: CheckpointRecord | WrittenRecord | RewindRecord) => void,
): Checkpoints | undefined {
  if (!config.checkpoints.enabled) return undefined;
  // the files the tools may not show never reach the store either: the same test, deny rules included
  const store = new CheckpointStore(config.home, config.cwd, config.checkpoints.maxFileBytes, config.checkpoints.limits, secretTestFor(config));
  return new Checkpoints(store, id, [...(resume?.timeline ?? [])], resume?.conversations ?? [], write);
}

function promptText(message: Message): string {
  if (message.role !== 'user') return '';
  return textOf(message.content, { separator: ' ', image: '[image]' });
}

/**
 * Whether a turn's tool calls may have changed files: any call but those of a tool that only looks
 * (read, grep, find, ls, a bash command line that only looks). A turn that only looked needs no
 * `written` record, and taking one would count the user's edits made meanwhile as tack's.
 */
export function mayHaveChanged(message: AssistantMessage, tools: readonly AnyAgentTool[]): boolean {
  return message.content
    .filter((c): c is ToolCall => c.type === 'toolCall')
    .some((call) => {
      const tool = tools.find((t) => t.name === call.name);
      return tool !== undefined && !onlyLooks(tool, call.arguments);
    });
}

/** Tools whose only change is the file named by their `path`. */
const ONE_FILE = new Set(['edit', 'write']);

/**
 * The files a turn's calls may have changed, relative to the workspace, when every call that may
 * change something was an edit or a write (on its real path: a path through a link names another
 * file); undefined when one may have changed anything (bash, a job, an MCP tool, a subagent, a
 * PostToolUse hook after the call).
 */
export function touchedPaths(message: AssistantMessage, tools: readonly AnyAgentTool[], cwd: string): string[] | undefined {
  const paths: string[] = [];
  for (const call of message.content) {
    if (call.type !== 'toolCall') continue;
    const tool = tools.find((t) => t.name === call.name);
    if (tool === undefined || onlyLooks(tool, call.arguments)) continue;
    const path = (call.arguments as { path?: unknown }).path;
    // a hook after the call (a formatter, a generator) may change other files: those need the walk
    if (!ONE_FILE.has(call.name) || typeof path !== 'string' || runsHooksAfter(tool)) return undefined;
    try {
      paths.push(relative(realpathSync(cwd), realpathSync(resolve(cwd, path))));
    } catch {
      // gone or never made: its parent's real path names it
      try {
        paths.push(relative(realpathSync(cwd), join(realpathSync(dirname(resolve(cwd, path))), basename(path))));
      } catch {
        return undefined;
      }
    }
  }
  return paths;
}

/** Takes the checkpoints as the agent's events come; a failure is told once and ends checkpoints for the session. */
export class CheckpointStep {
  private firstOfRun = true;
  private failed = false;

  constructor(
    private readonly current: () => Checkpoints | undefined,
    private readonly config: ResolvedConfig,
    private readonly note: (message: string) => void,
    /** how many message entries the session file has received */
    private readonly messagesWritten: () => number,
    /** the tools offered now */
    private readonly tools: () => readonly AnyAgentTool[],
  ) {}

  /** Every due checkpoint taken (before a compaction rewrites what the file's entries count). */
  async ready(): Promise<void> {
    const cp = this.current();
    if (!cp || this.failed) return;
    await cp.take().catch((err: unknown) => this.fail(err));
  }

  /** Before a tool call: one that may change the workspace first takes the due checkpoints. */
  beforeTool(call: { tool: AnyAgentTool; args: unknown }): Promise<void> {
    return onlyLooks(call.tool, call.args) ? Promise.resolve() : this.ready();
  }

  /**
   * The first snapshot of a workspace copies every file: done in the background, so the first
   * change's checkpoint is quick. Then, at most once a day, old sessions' checkpoints are pruned.
   */
  warm(): void {
    const cp = this.current();
    if (!cp || this.failed) return;
    cp.store
      .snapshot()
      .then(() => pruneIfDue(this.config.home, this.config.checkpoints.retentionDays).catch(() => {}))
      .catch((err: unknown) => this.fail(err));
  }

  async onEvent(event: AgentEvent, messages: readonly Message[]): Promise<void> {
    const cp = this.current();
    if (!cp || this.failed) return;
    try {
      if (event.type === 'agent_start') this.firstOfRun = true;
      else if (event.type === 'message_start' && event.message.role === 'user') {
        // the run's note goes with its message: a rewind to before the message takes it too
        const noted = this.firstOfRun && messages.length > 0 && isRunNote(messages.at(-1)!) ? 1 : 0;
        const start = this.messagesWritten() - noted;
        const before = messages.slice(0, messages.length - noted);
        cp.mark(this.firstOfRun ? 'prompt' : 'steer', promptText(event.message), before, () => this.messagesWritten() - start);
        this.firstOfRun = false;
      } else if (event.type === 'turn_end' && event.toolResults.length > 0 && mayHaveChanged(event.message, this.tools())) {
        await cp.settled();
        // a due checkpoint here means no call that may change anything ran (each would have taken it)
        if (!cp.due) await cp.written(touchedPaths(event.message, this.tools(), this.config.cwd));
      } else if (event.type === 'agent_end') {
        await cp.settled();
        cp.settle();
      }
    } catch (err) {
      this.fail(err);
    }
  }

  private fail(err: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.note(`checkpoints are off for this session (no rewind): ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Rewinds to checkpoint n: the files (kept: ones the user edited, unless `overwrite`), the conversation, or both. */
export async function rewind(
  cp: Checkpoints | undefined,
  n: number,
  what: RewindWhat,
  messages: readonly Message[],
  replaceMessages: (messages: Message[]) => void,
  o: { overwrite?: boolean } = {},
): Promise<RewindOutcome> {
  if (!cp) throw new Error('checkpoints are off (settings: "checkpoints": {"enabled": false}), so there is nothing to rewind to');
  // a message still waiting for its checkpoint gets it before the conversation is cut
  await cp.take();
  const target = cp.list()[n - 1];
  const files = what === 'conversation' ? undefined : await cp.restore(n, messages, o);
  if (what !== 'code') {
    const earlier = cp.conversationAt(n);
    if (!target || !earlier) throw new RangeError(`there is no checkpoint ${n}`);
    replaceMessages(earlier);
    cp.recordRewind(n);
  }
  return { text: target?.text ?? '', files };
}
