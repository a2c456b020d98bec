// `/goal` in a message, from every mode that sends text (stream-json, ACP; the app has its own
// command): shows, clears or sets the Session's goal; a goal set while idle is checked at once.
import { describeGoal, goalSetWords, parseGoalArgs } from '../../goal/words.js';
import type { SessionCore } from '../session-core.js';
import { parseSlash } from './slash.js';
import type { Submitted } from './submission.js';

/** The `/goal` line's outcome, or undefined when the text is not `/goal`. */
export function goalOp(session: SessionCore, text: string): Submitted | undefined {
  const line = parseSlash(text);
  if (line?.name.toLowerCase() !== 'goal') return undefined;
  const asked = parseGoalArgs(line.args);
  const done = Promise.resolve();
  if (asked.op === 'show') return { notes: [], said: describeGoal(session.goal.current), refused: [], done };
  if (asked.op === 'clear') {
    const said = session.goal.clear() ? 'goal cleared' : 'no goal was set';
    return { notes: [], said, refused: [], done };
  }
  try {
    const goal = session.goal.set({ command: asked.command });
    const said = goalSetWords(goal);
    return { notes: [], said, refused: [], done: session.runs.pursueGoal() };
  } catch (error) {
    return { notes: [], blocked: (error as Error).message, refused: [], done };
  }
}
