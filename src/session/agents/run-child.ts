// One child run: a Session of its own (fresh context, its own file beside the parent's), made of the
// parent's pieces; its message enters through `submit` like any user's; its budget is watched; its
// events go to the parent as progress of the task call, each with what the child spent since the
// last (child-spend.ts), and its result says what it spent in all. It sees its parent through a view.
import { randomUUID } from 'node:crypto';
import { dirname, join, basename } from 'node:path';
import type { AgentToolResult, AgentToolUpdateCallback } from '../../agent/types.js';
import type { AssistantMessage } from '../../ai/types.js';
import type { AgentDefinition } from '../../extensions/agents/catalog.js';
import { SessionCore, type SessionEvent } from '../session-core.js';
import { submitInput } from '../input/submit.js';
import { estimateTokens } from '../compaction/token-budget.js';
import { isNothing, nothingSpent, type Spent, spentSince } from '../child-spend.js';
import { budgetState, finishNow } from './budget.js';
import { childSystemPrompt } from './child-prompt.js';
import { childGuard, childTools } from './child-tools.js';
import type { ParentKit } from './parent-kit.js';
import { callLine, callsOf, childReport, type ChildEnd } from './report.js';
import { forkGuard, forkJob, forkOf } from './fork.js';
import { onSlot } from './parent-stream.js';
import { parentView } from './parent-view.js';
import { runIsolated } from './worktree-child.js';

/** What the parent's listeners get while a child works (the `details` of the task call's progress). */
export interface ChildProgress {
  agent: string;
  /** what the child is doing now, one line */
  step: string;
  turns: number;
  tokens: number;
  /** the tool calls it asked for so far, one line each (`callLine`): the app lists them on Ctrl+O */
  calls: readonly string[];
  /** the child's own event, for stream-json (tagged with the task call's id there) */
  event: SessionEvent;
  /** what the child spent since its previous progress (its own children's included), when it spent something: the parent adds it */
  spent?: Spent;
}

export interface ChildJob {
  toolCallId: string;
  description: string;
  prompt: string;
}

/** How a child's run ended, in its result's details: the app tells an interruption from a failure by it. */
export type ChildOutcome = ChildEnd['kind'];

/** The `details` of a child's result. */
export interface ChildDetails {
  agent: string;
  turns: number;
  tokens: number;
  file: string | null;
  calls: string[];
  /** how long the child ran */
  durationMs: number;
  end: ChildOutcome;
  /** what the child spent in all, its own children's included (the sum of its progress updates' `spent`) */
  usage: Spent;
}

/** `<parent>.agents/<agent>-<call id>.jsonl`: beside the parent's file, out of `-c`'s sight. */
export function childFile(parentFile: string | null, agent: string, toolCallId: string): string | null {
  if (!parentFile) return null;
  const stem = basename(parentFile).replace(/\.jsonl$/, '');
  return join(dirname(parentFile), `${stem}.agents`, `${agent}-${toolCallId.replace(/[^\w-]/g, '_')}.jsonl`);
}

function stepOf(event: SessionEvent, before: string): string {
  if (event.type === 'tool_execution_start') {
    const a = (event.args ?? {}) as Record<string, unknown>;
    const what = a.path ?? a.pattern ?? a.command;
    return `${event.toolName}${typeof what === 'string' ? ` ${what.replace(/\s+/g, ' ').slice(0, 60)}` : ''}`;
  }
  if (event.type === 'agent_start' || event.type === 'turn_start' || event.type === 'tool_execution_end') return 'waiting for the model';
  if (event.type === 'message_start' && event.message.role === 'assistant') return 'answering';
  return before;
}

export async function runChild(
  kit: ParentKit,
  agent: AgentDefinition,
  job: ChildJob,
  signal: AbortSignal | undefined,
  onUpdate: AgentToolUpdateCallback<ChildProgress> | undefined,
  slot?: number,
): Promise<AgentToolResult> {
  if (agent.isolation === 'worktree') return runIsolated(kit, agent, job, signal, (k, a) => runChild(k, a, job, signal, onUpdate, slot));
  const parent = kit.parent;
  const limits = kit.config.agents;
  const config = { ...kit.config, checkpoints: { ...kit.config.checkpoints, enabled: false } };
  const plan = await kit.plan.get();
  // one slot: the child extends the parent's cached prompt on the parent's slot (fork.ts)
  const fork = plan.kind === 'fork' && !kit.withoutMcp ? forkOf(kit, agent, kit.parentStream.last) : undefined;
  const tools = fork?.tools ?? childTools(kit, agent);
  let child: SessionCore | undefined;
  if (kit.depth > 0 && !fork) tools.push(kit.taskTool({ ...kit, parent: parentView(() => child!), depth: kit.depth - 1 }));
  const model = agent.model ? { ...parent.model(), id: agent.model } : parent.model();
  const systemPrompt = fork ? fork.systemPrompt : await childSystemPrompt({ cwd: config.cwd, home: config.home, agent, tools });
  child = new SessionCore(
    config,
    tools,
    onSlot(kit.streamFn, plan.kind === 'fork' ? plan.parentSlot : slot),
    {
      initialState: { systemPrompt, model, tools, thinkingLevel: config.thinking, messages: fork?.messages },
      streamOptions: { retry: config.retry, idleTimeoutMs: config.idleTimeoutMs, answerTimeoutMs: config.answerTimeoutMs },
      maxTurns: limits.maxTurns,
      maxRequests: config.maxRequests,
      // a prompt-cache key of its own (prompt-cache.ts): its requests never join the parent's routing
      sessionId: `${parent.id()}/${job.toolCallId}`,
      beforeToolCall: fork ? forkGuard(childGuard(kit, agent, job.description), fork, agent.name) : childGuard(kit, agent, job.description),
    },
    { config, id: randomUUID(), file: childFile(parent.file(), agent.name, job.toolCallId) },
  );
  const forked = fork?.messages.length ?? 0;
  const started = Date.now();
  let turns = 0;
  let tokens = 0;
  let step = 'starting';
  const calls: string[] = [];
  // what the parent was told of the child's spending so far
  let reported = nothingSpent();
  let told = false;
  let end: ChildEnd | undefined;
  let reason = 'done';
  const running = child;
  const stop = (why: ChildEnd) => {
    end ??= why;
    running.runs.abort();
  };
  const warn = (what: string) => {
    if (told) return;
    told = true;
    running.runs.steer(finishNow(what));
  };
  const onAnswer = (message: AssistantMessage) => {
    turns++;
    const u = message.usage;
    // a server that counts nothing is estimated, so the token budget still holds
    tokens = Math.max(0, u.input + u.output - (fork?.base ?? 0)) || estimateTokens(running.state.messages.slice(forked));
    const state = budgetState({ turns, tokens, seconds: (Date.now() - started) / 1000 }, limits);
    const goesOn = message.content.some((c) => c.type === 'toolCall');
    // the turn cap is the loop's own (it ends the run after this batch); tokens and time stop it here
    if (state.kind === 'over' && goesOn && turns < limits.maxTurns) stop({ kind: 'budget', what: state.what });
    else if (state.kind !== 'ok' && goesOn) warn(state.what);
  };
  const unsubscribe = child.subscribe((event) => {
    if (event.type === 'message_end' && event.message.role === 'assistant') {
      onAnswer(event.message);
      for (const c of event.message.content) if (c.type === 'toolCall') calls.push(callLine(c));
    }
    if (event.type === 'agent_end') reason = event.reason;
    step = stepOf(event, step);
    // the child counted its answer (and its children's progress) before this event reached here
    const spent = spentSince(running.usage, reported);
    reported = { ...running.usage };
    onUpdate?.({
      content: [{ type: 'text', text: `${agent.name}: ${step} · ${calls.length} call${calls.length === 1 ? '' : 's'} · ${tokens} tokens` }],
      details: { agent: agent.name, step, turns, tokens, calls, event, ...(isNothing(spent) ? {} : { spent }) },
    });
  });
  const nearTimer = setTimeout(() => warn(`${Math.round(limits.maxSeconds * 0.8)} of ${limits.maxSeconds} seconds`), limits.maxSeconds * 800);
  const overTimer = setTimeout(() => stop({ kind: 'budget', what: `${limits.maxSeconds} seconds` }), limits.maxSeconds * 1000);
  nearTimer.unref();
  overTimer.unref();
  const onAbort = () => stop({ kind: 'aborted' });
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (signal?.aborted) stop({ kind: 'aborted' });
    else await (await submitInput(child, { text: fork ? forkJob(agent, job.prompt, fork.allowed) : job.prompt, command: null, mentionsIn: '' })).done;
  } catch (err) {
    end ??= { kind: 'error', message: (err as Error).message };
  } finally {
    clearTimeout(nearTimer);
    clearTimeout(overTimer);
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
    await child.close();
  }
  // a fork's own messages: what came after the parent's
  const messages = child.state.messages.slice(forked);
  const lastError = [...messages].reverse().find((m): m is AssistantMessage => m.role === 'assistant')?.errorMessage;
  end ??=
    reason === 'maxTurns'
      ? { kind: 'budget', what: `${limits.maxTurns} model calls` }
      : reason === 'aborted'
        ? { kind: 'aborted' }
        : reason === 'error'
          ? { kind: 'error', message: lastError ?? 'the run failed' }
          : { kind: 'done' };
  const report = childReport(agent.name, messages, end);
  const details: ChildDetails = {
    ...{ agent: agent.name, turns, tokens, file: child.file, calls: callsOf(messages).map(callLine) },
    ...{ durationMs: Date.now() - started, end: end.kind, usage: spentSince(child.usage, nothingSpent()) },
  };
  return {
    content: [{ type: 'text', text: report.text }],
    details,
    isError: report.isError,
  };
}
