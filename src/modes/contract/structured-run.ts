// `--json-schema` in a run: the final answer is checked against the schema; one that does not match
// gets one correction request (the problems listed), and the answer to that is final.
import type { AgentEndReason } from '../../agent/types.js';
import type { Session } from '../../session/session.js';
import { runAnswer, type RunOutcome } from '../print-output.js';
import { type AnswerSchema, checkAnswer, correctionRequest } from './json-schema.js';

/**
 * The checked answer of a finished run. `lastReason` says how the latest run ended: only a run that
 * ended normally is asked to correct itself (a failed, stopped or interrupted one is not continued).
 */
export async function settleStructured(
  session: Session,
  schema: AnswerSchema,
  lastReason: () => AgentEndReason,
  o: { signal: AbortSignal; stopped: () => boolean },
): Promise<NonNullable<RunOutcome['structured']>> {
  const first = checkAnswer(schema, runAnswer(session.view().state.messages));
  if (first.ok || lastReason() !== 'done' || o.stopped()) return first;
  const sent = await session.submit({ type: 'user_message', input: correctionRequest(schema, first.problems), signal: o.signal });
  if (sent.blocked) return first;
  await sent.done;
  return checkAnswer(schema, runAnswer(session.view().state.messages));
}
