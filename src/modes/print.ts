// One-shot mode: run the agent on one prompt, write the answer (text | json | stream-json), exit.
import { asksForContext, printContext } from './print-context.js';
import type { AgentEndReason } from '../agent/types.js';
import { acceptsImages } from '../ai/model-defaults.js';
import type { ImageContent, TextContent } from '../ai/types.js';
import { UsageError } from '../config/errors.js';
import { packageVersion } from '../config/paths.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SessionChoice } from '../session/file/locate.js';
import { createSession } from '../session/create-session.js';
import type { Session, SessionEvent } from '../session/session.js';
import { buildResult, runAnswer, STREAM_JSON_VERSION, streamJsonLine, type OutputFormat, type RunOutcome } from './print-output.js';
import { BudgetWatch, budgetProblem } from './contract/budget.js';
import { type AnswerSchema, schemaInstruction } from './contract/json-schema.js';
import { RunRecord, type ContractFields } from './contract/run-record.js';
import { settleStructured } from './contract/structured-run.js';
import { onStdoutClosed, stdoutClosed } from './closed-pipe.js';
import { retryCount } from './retry-count.js';
import { MESSAGE_LIMIT, stripControls } from '../text/terminal-text.js';
import { describeCall, describeOutcome } from './tool-summary.js';
import { stopJobsAtExit } from './jobs-at-exit.js';

export interface PrintOptions {
  config: ResolvedConfig;
  prompt: string;
  session: SessionChoice;
  outputFormat: OutputFormat;
  verbose: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** `--image` parts, sent after the prompt's text */
  images?: (TextContent | ImageContent)[];
  /** the prompt as given on the command line, without piped stdin: where `@file` mentions are looked for */
  typed?: string;
  /** `--json-schema`: the final answer must match it */
  jsonSchema?: AnswerSchema;
  /** `--max-budget-usd` */
  maxBudgetUsd?: number;
  /** `--until` and `--until-tries`: the command whose exit 0 says the work is done */
  goal?: { command?: string; tries?: number };
}

export const EXIT = { ok: 0, error: 1, usage: 2, maxTurns: 3, structuredOutput: 4, budget: 5, goalNotMet: 6, interrupted: 130 } as const;

const escapeBreak = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
/**
 * One JSON line. U+2028, U+2029 and NEL are escaped too: JSON allows them raw, but readers that split
 * on every Unicode line break (Python's splitlines) would let a model's text forge a line of its own.
 */
export const writeLine = (obj: unknown) => process.stdout.write(`${JSON.stringify(obj).replace(/[\u0085\u2028\u2029]/g, escapeBreak)}\n`);
/** One line for the user on stderr; what it carries from a server, model or tool is made safe. */
export const say = (text: string) => process.stderr.write(`${stripControls(text, { maxChars: MESSAGE_LIMIT })}\n`);

/** Print mode's listeners: stderr traces, and the stream-json lines. Returns how the last run ended. */
export function watchSession(session: Session, o: Pick<PrintOptions, 'outputFormat' | 'verbose'>, trace: boolean): () => AgentEndReason {
  let reason = 'done' as AgentEndReason;
  session.subscribe((event: SessionEvent) => {
    if (event.type === 'agent_end') reason = event.reason;
    // a waiting user is told in text mode (json modes carry it as an event)
    if (event.type === 'retry' && (o.outputFormat === 'text' || trace)) {
      say(`tack: ${event.reason}; retrying in ${(event.delayMs / 1000).toFixed(1)} s (${retryCount(event)})`);
    }
    if (event.type === 'compaction_start' && trace) process.stderr.write('tack: compacting the conversation…\n');
    if (event.type === 'compaction_error') say(`tack: compaction failed: ${event.message}`);
    if (event.type === 'tool_execution_end' && trace) {
      const first = event.result.content.find((c) => c.type === 'text');
      const outcome = describeOutcome(event.isError, event.result.details, first?.type === 'text' ? first.text : undefined);
      say(`→ ${describeCall(event.toolName, event.args)}${outcome}`);
    }
    if (o.outputFormat === 'stream-json') {
      const line = streamJsonLine(event);
      if (line) writeLine(line);
    }
  });
  return () => reason;
}

/** The first stream-json line: what this run is (`schema_version`: see docs/stream-json.md; `version`: tack's). */
export function sessionLine(session: Session, cwd: string, inputFormat: 'text' | 'stream-json' = 'text'): Record<string, unknown> {
  return {
    type: 'session',
    schema_version: STREAM_JSON_VERSION,
    session_id: session.view().id,
    cwd,
    model: session.view().model.id,
    tools: session.view().tools.map((t) => t.name),
    input_format: inputFormat,
    version: packageVersion(),
  };
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Stops the run on SIGINT/SIGTERM/SIGHUP (and calls `also`); returns whether it happened and the
 * undo. SIGHUP is a closed terminal or ssh session: the run still ends as an interrupted one, its
 * worktree, session file and servers cleaned up, instead of dying where it stood. A closed stdout
 * stops it the same way, but is no interruption (see finishPrint).
 */
export function onInterrupt(session: Session, also?: () => void): { interrupted: () => boolean; release: () => void } {
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    void session.submit({ type: 'abort' });
    also?.();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  const unwatch = onStdoutClosed(() => {
    void session.submit({ type: 'abort' });
    also?.();
  });
  return {
    interrupted: () => interrupted,
    release: () => {
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
      unwatch();
    },
  };
}

/** How a run ended, for the result and the exit status. */
export interface RunEnd {
  reason: AgentEndReason;
  started: number;
  interrupted: boolean;
  contract: ContractFields;
  outcome?: RunOutcome;
  budget?: BudgetWatch;
}

/** Writes the answer or the result object and says on stderr how the run ended; returns the exit code. */
export function finishPrint(session: Session, o: Pick<PrintOptions, 'outputFormat' | 'config'>, run: RunEnd): number {
  // the reader has what it wanted: nothing more to write, nothing to report
  if (stdoutClosed()) return EXIT.ok;
  const { reason, interrupted, outcome } = run;
  const { messages, errorMessage: error } = session.view().state;
  const durationMs = performance.now() - run.started;
  const goal = session.view().goal;
  const result = buildResult({ sessionId: session.view().id, messages, reason, durationMs, interrupted, error, contract: run.contract, outcome, goal });
  if (o.outputFormat === 'text') {
    const structured = outcome?.structured;
    const text = structured ? (structured.ok ? JSON.stringify(structured.value) : '') : runAnswer(messages);
    // A pipe gets the answer as it is (it may be code); a terminal gets no escape sequences.
    if (text) process.stdout.write(`${process.stdout.isTTY ? stripControls(text) : text}\n`);
  } else writeLine(result);

  if (interrupted) {
    process.stderr.write('tack: interrupted\n');
    return EXIT.interrupted;
  }
  if (outcome?.budgetReached && run.budget) {
    const spent = (run.budget.spent ?? 0).toFixed(4);
    process.stderr.write(`tack: stopped at $${spent}, over --max-budget-usd ${run.budget.limit}; the task may be unfinished\n`);
    return EXIT.budget;
  }
  if (reason === 'error') {
    say(`tack: ${error ?? 'the run failed'}`);
    return EXIT.error;
  }
  if (reason === 'maxTurns') {
    process.stderr.write(`tack: stopped after ${o.config.maxTurns} model calls (--max-turns ${o.config.maxTurns}); the task may be unfinished\n`);
    return EXIT.maxTurns;
  }
  if (outcome?.structured?.ok === false) {
    say(`tack: the answer did not match --json-schema, even after one correction: ${outcome.structured.problems.join('; ')}`);
    return EXIT.structuredOutput;
  }
  if (goal) {
    say(`tack: ${goal.endLine ?? `goal not met: \`${goal.command}\` was not checked, as the run did not end with an answer`}`);
    if (!goal.passed) return EXIT.goalNotMet;
  }
  return EXIT.ok;
}

/** `--max-budget-usd`: watches the cost and stops the run at the limit; a model without prices cannot be held to one. */
export function watchBudget(session: Session, limit: number | undefined, stop: () => void): BudgetWatch | undefined {
  if (limit === undefined) return undefined;
  const problem = budgetProblem(session);
  if (problem) throw new UsageError(problem);
  const budget = new BudgetWatch(session, limit, stop);
  session.subscribe((event) => budget.onEvent(event));
  return budget;
}

export async function runPrint(o: PrintOptions): Promise<number> {
  const started = performance.now();
  const trace = o.verbose || process.stderr.isTTY === true;
  const record = new RunRecord();
  const session = await createSession({
    config: o.config,
    systemPrompt: o.systemPrompt,
    appendSystemPrompt: o.appendSystemPrompt,
    ...o.session,
    // nobody to ask: what would need a question is refused (see src/session/permissions)
    safety: { interactive: false, notify: (message) => trace && say(`tack: ${message}`) },
    oneShot: true,
    onDenied: record.onDenied,
    goal: o.goal,
  });
  if (o.images?.length && !acceptsImages(session.view().model)) {
    session.close();
    say(
      `tack: ${session.view().model.id} does not take images, so --image cannot be used with it (or set "images": true for it under "models" in the settings)`,
    );
    return EXIT.usage;
  }
  if (asksForContext(o.typed)) {
    await printContext(session, o.outputFormat, writeLine).finally(() => session.close());
    return EXIT.ok;
  }
  const stop = new AbortController();
  const halt = () => {
    void session.submit({ type: 'abort' });
    stop.abort();
  };
  let budget: BudgetWatch | undefined;
  try {
    budget = watchBudget(session, o.maxBudgetUsd, halt);
  } catch (error) {
    session.close();
    throw error;
  }
  const lastReason = watchSession(session, o, trace);
  record.watch(session);
  if (o.outputFormat === 'stream-json') writeLine(sessionLine(session, o.config.cwd));

  const signals = onInterrupt(session, () => stop.abort());
  const outcome: RunOutcome = {};
  let contract: ContractFields;
  try {
    // `--until` alone: the check runs first, and its failure is the prompt
    if (!o.prompt && session.view().goal) await session.submit({ type: 'check_goal' });
    else if (!(await sendPrompt(session, o, stop.signal))) return EXIT.error;
    const stopped = () => signals.interrupted() || budget?.reached === true;
    if (o.jsonSchema) outcome.structured = await settleStructured(session, o.jsonSchema, lastReason, { signal: stop.signal, stopped });
    outcome.budgetReached = budget?.reached;
    contract = await record.fields(session);
  } finally {
    signals.release();
    await session.close();
    // a job the run left running ends with it, and the user reads which
    const stopped = await stopJobsAtExit(session);
    if (stopped) say(`tack: ${stopped}`);
  }
  return finishPrint(session, o, { reason: lastReason(), started, interrupted: signals.interrupted(), contract, outcome, budget });
}

/** The prompt through the front door, and its run; false when a hook refused it. */
async function sendPrompt(session: Session, o: PrintOptions, signal: AbortSignal): Promise<boolean> {
  // a command expanded, the hooks run (they may refuse it), @files attached; piped stdin is
  // material (a log, a diff): its `@` words attach nothing, as a file's contents never do
  const parts = [...(o.images ?? []), ...(o.jsonSchema ? [{ type: 'text' as const, text: schemaInstruction(o.jsonSchema) }] : [])];
  const sent = await session.submit({ type: 'user_message', input: { text: o.prompt, parts, mentionsIn: o.typed ?? o.prompt }, signal });
  for (const line of [...sent.notes, ...sent.refused]) say(`tack: ${line}`);
  if (sent.blocked) {
    say(`tack: ${sent.blocked}`);
    return false;
  }
  await sent.done;
  return true;
}
