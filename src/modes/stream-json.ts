// `tack -p --input-format stream-json --output-format stream-json`: a program drives the Session
// with JSON lines on stdin while the run goes on (docs/stream-json.md). A message that arrives while
// the agent works steers it, as Enter does in the app; the run ends when stdin closes and the agent
// is idle, and the result object comes last.
import type { Readable } from 'node:stream';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SessionChoice } from '../session/file/locate.js';
import { makeProvider } from '../session/setup/model-setup.js';
import { createSession } from '../session/create-session.js';
import type { Session } from '../session/session.js';
import type { UserMessage } from '../ai/types.js';
import { readLines } from './json-lines.js';
import { finishPrint, onInterrupt, say, sessionLine, watchBudget, watchSession, writeLine } from './print.js';
import { RunRecord, type ContractFields } from './contract/run-record.js';
import { StdioApprovals } from './stdio-approvals.js';
import { parseInputLine, type InputMessage } from './stream-messages.js';

export interface StreamJsonOptions {
  config: ResolvedConfig;
  session: SessionChoice;
  /** a first message given on the command line, sent before stdin's */
  prompt?: string;
  /** `stdio`: questions of the approval gate go out as events and wait for an answer on stdin */
  permissionPrompt?: 'stdio';
  verbose: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  input: Readable;
  /** `--max-budget-usd` */
  maxBudgetUsd?: number;
  /** `--until` and `--until-tries` */
  goal?: { command?: string; tries?: number };
}

/** One line may carry a few images; anything longer is a runaway writer. */
const MAX_LINE_BYTES = 32 * 1024 * 1024;

const inputError = (line: number, message: string) => writeLine({ type: 'error', source: 'input', line, message });

const runError = (error: Error): void => {
  writeLine({ type: 'error', source: 'run', message: error.message });
};

/**
 * A user message, a steer or a follow-up is prepared as typed text is in the app (a custom command,
 * the UserPromptSubmit hooks, which may refuse it, `@files`), then sent: idle, a new run; working, a
 * steer, or with `followUp` a queued follow-up. Resolves once it is handed over.
 */
async function sendUser(session: Session, content: string | UserMessage['content'], signal: AbortSignal, followUp = false): Promise<void> {
  const message = typeof content === 'string' ? content : { role: 'user' as const, content, timestamp: Date.now() };
  const sent = await session.submit({ type: 'user_message', input: message, signal, queue: followUp ? 'follow_up' : undefined });
  for (const note of [...sent.notes, ...sent.refused, ...(sent.said ? [sent.said] : [])]) say(`tack: ${note}`);
  if (sent.blocked) writeLine({ type: 'error', source: 'run', message: sent.blocked });
  sent.done.catch(runError);
}

/** Applies one message to the session; returns what was wrong with it, if anything. */
async function apply(
  session: Session,
  m: Exclude<InputMessage, { type: 'user' | 'steer' | 'follow_up' | 'context' }>,
  approvals: StdioApprovals | undefined,
  config: ResolvedConfig,
): Promise<string | undefined> {
  switch (m.type) {
    case 'abort': {
      const returned = await session.submit({ type: 'abort' });
      writeLine({ type: 'queue_returned', messages: returned.map((q) => ({ kind: q.kind === 'steer' ? 'steer' : 'follow_up', text: q.text })) });
      return undefined;
    }
    case 'set_model': {
      const model = makeProvider(config, () => {}).getModel(m.model);
      await session.submit({ type: 'set_model', model });
      writeLine({ type: 'model_changed', model: model.id });
      return undefined;
    }
    case 'set_mode': {
      const before = session.view().approvals?.mode;
      if (before === undefined) return 'this session has no approval gate';
      // a change is told by the mode event (a plan's approval changes the mode too); the same mode again is answered here
      if (before === m.mode) writeLine({ type: 'mode_changed', mode: m.mode });
      else await session.submit({ type: 'set_mode', mode: m.mode });
      return undefined;
    }
    case 'approval_response':
      if (!approvals) return 'approval responses need --permission-prompt stdio; without it, what would ask is refused';
      return approvals.answer(m);
    case 'set_goal':
      return setGoal(session, m.command, m.tries);
  }
}

/** Sets or clears the goal (answered by the `goal` event); a goal set while idle is checked at once. */
async function setGoal(session: Session, command: string | null, tries: number | undefined): Promise<string | undefined> {
  if (command === null) {
    if (!(await session.submit({ type: 'clear_goal' }))) writeLine({ type: 'goal', goal: null });
    return undefined;
  }
  try {
    await session.submit({ type: 'set_goal', command, tries });
  } catch (error) {
    return (error as Error).message;
  }
  session.submit({ type: 'check_goal' }).catch(runError);
  return undefined;
}

/** Reads stdin to its end, handing each good message on and reporting each bad line. */
async function readMessages(input: Readable, onMessage: (message: InputMessage, line: number) => void): Promise<void> {
  for await (const line of readLines(input, MAX_LINE_BYTES)) {
    if (line.kind === 'too_long') {
      inputError(line.number, `the line is ${line.bytes} bytes, over the limit of ${MAX_LINE_BYTES}; it was skipped`);
      continue;
    }
    if (line.text.trim() === '') continue;
    const parsed = parseInputLine(line.text);
    if (parsed.ok) onMessage(parsed.message, line.number);
    else inputError(line.number, parsed.error);
  }
}

export async function runStreamJson(o: StreamJsonOptions): Promise<number> {
  const started = performance.now();
  const record = new RunRecord();
  const session = await createSession({
    config: o.config,
    systemPrompt: o.systemPrompt,
    appendSystemPrompt: o.appendSystemPrompt,
    ...o.session,
    // with a program answering, the default mode is `ask`, as in the app; without one, print's `auto`
    safety: { interactive: o.permissionPrompt === 'stdio', notify: (message) => o.verbose && say(`tack: ${message}`) },
    onDenied: record.onDenied,
    goal: o.goal,
  });
  // an interrupt, or the budget's end, stops the run and stops listening
  const stop = new AbortController();
  const halt = () => {
    stop.abort();
    o.input.destroy();
  };
  let budget: ReturnType<typeof watchBudget>;
  try {
    budget = watchBudget(session, o.maxBudgetUsd, () => {
      void session.submit({ type: 'abort' });
      halt();
    });
  } catch (error) {
    session.close();
    throw error;
  }
  record.watch(session);
  const lastReason = watchSession(session, { outputFormat: 'stream-json', verbose: o.verbose }, o.verbose);
  writeLine(sessionLine(session, o.config.cwd, 'stream-json'));
  const approvals = o.permissionPrompt === 'stdio' ? new StdioApprovals(writeLine, session) : undefined;
  session.subscribe((event) => {
    if (event.type === 'mode') writeLine({ type: 'mode_changed', mode: event.mode });
    approvals?.onEvent(event);
  });

  const signals = onInterrupt(session, halt);
  let contract: ContractFields;
  try {
    // one message at a time, in the order they came: a user message's preparation (its hooks) comes first
    let handled: Promise<void> = Promise.resolve();
    const take = (message: InputMessage, line: number) => {
      handled = handled.then(async () => {
        if (message.type === 'user') return sendUser(session, message.content, stop.signal).catch(runError);
        // a program's steer and follow-up pass the same front door as its user message
        const followUp = message.type === 'follow_up';
        if (followUp || message.type === 'steer') return sendUser(session, message.text, stop.signal, followUp).catch(runError);
        if (message.type === 'context') return void writeLine({ type: 'context', ...(await session.submit({ type: 'context' })) });
        const problem = await apply(session, message, approvals, o.config);
        if (problem) inputError(line, problem);
      });
    };
    if (o.prompt) take({ type: 'user', content: o.prompt }, 0);
    await readMessages(o.input, take).catch((error: Error) => {
      // a destroyed stdin (the interrupt) ends reading; anything else is said
      if (!signals.interrupted() && !budget?.reached) writeLine({ type: 'error', source: 'input', message: `reading stdin failed: ${error.message}` });
    });
    await handled;
    approvals?.close();
    await session.submit({ type: 'wait_idle' });
    contract = await record.fields(session);
  } finally {
    signals.release();
    session.close();
  }
  const end = { reason: lastReason(), started, interrupted: signals.interrupted(), contract, outcome: { budgetReached: budget?.reached }, budget };
  return finishPrint(session, { outputFormat: 'stream-json', config: o.config }, end);
}
