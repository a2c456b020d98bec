// One-shot mode: run the agent on one prompt, write the answer (text | json | stream-json), exit.
import type { AgentEndReason } from '../agent/types.js';
import { packageVersion } from '../config/paths.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SessionChoice } from '../session/locate.js';
import { prepareInput } from '../session/input.js';
import { createSession, type SessionEvent } from '../session/session.js';
import { answerText, buildResult, streamJsonLine, type OutputFormat } from './print-output.js';
import { retryCount } from './retry-count.js';
import { terminalSafe } from './terminal-safe.js';
import { describeCall, describeOutcome } from './tool-summary.js';

export interface PrintOptions {
  config: ResolvedConfig;
  prompt: string;
  session: SessionChoice;
  outputFormat: OutputFormat;
  verbose: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string;
}

export const EXIT = { ok: 0, error: 1, usage: 2, maxTurns: 3, interrupted: 130 } as const;

const writeLine = (obj: unknown) => process.stdout.write(`${JSON.stringify(obj)}\n`);
/** One line for the user on stderr; what it carries from a server, model or tool is made safe. */
const say = (text: string) => process.stderr.write(`${terminalSafe(text)}\n`);

export async function runPrint(o: PrintOptions): Promise<number> {
  const started = performance.now();
  const trace = o.verbose || process.stderr.isTTY === true;
  const session = await createSession({
    config: o.config,
    systemPrompt: o.systemPrompt,
    appendSystemPrompt: o.appendSystemPrompt,
    ...o.session,
    // nobody to ask: what would need a question is refused (see src/session/permissions)
    safety: { interactive: false, notify: (message) => trace && say(`tack: ${message}`) },
  });
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

  if (o.outputFormat === 'stream-json') {
    writeLine({
      type: 'session',
      session_id: session.id,
      cwd: o.config.cwd,
      model: session.model.id,
      tools: session.tools.map((t) => t.name),
      version: packageVersion(),
    });
  }

  let interrupted = false;
  const stop = new AbortController();
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    stop.abort();
    session.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const input = await prepareInput(session, o.prompt, stop.signal);
    for (const line of input.notes) say(`tack: ${line}`);
    if ('blocked' in input) {
      say(`tack: ${input.blocked}`);
      return EXIT.error;
    }
    await session.prompt(input.text).finally(input.release);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await session.close();
  }

  const { messages, error } = session.state;
  const result = buildResult({ sessionId: session.id, messages, reason, durationMs: performance.now() - started, interrupted, error });
  if (o.outputFormat === 'text') {
    const last = messages.filter((m) => m.role === 'assistant').at(-1);
    const text = last?.role === 'assistant' ? answerText(last) : '';
    // A pipe gets the answer as it is (it may be code); a terminal gets no escape sequences.
    if (text) process.stdout.write(`${process.stdout.isTTY ? terminalSafe(text, Number.POSITIVE_INFINITY) : text}\n`);
  } else writeLine(result);

  if (interrupted) {
    process.stderr.write('tack: interrupted\n');
    return EXIT.interrupted;
  }
  if (reason === 'error') {
    say(`tack: ${error ?? 'the run failed'}`);
    return EXIT.error;
  }
  if (reason === 'maxTurns') {
    process.stderr.write(`tack: stopped after ${o.config.maxTurns} model calls (--max-turns ${o.config.maxTurns}); the task may be unfinished\n`);
    return EXIT.maxTurns;
  }
  return EXIT.ok;
}
