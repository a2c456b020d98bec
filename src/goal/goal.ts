// A goal: a command the user names (`--until`, `/goal`, `set_goal`) whose exit status, not the
// model, says when the work is done. What it is, how a pursuit of it stands, and how one ends.

/** Failed checks in a row before tack stops (`--until-tries`). */
export const DEFAULT_TRIES = 5;

export interface GoalSpec {
  /** a shell command, run in the workspace as the user's own `!command` is */
  command: string;
  /** failed checks allowed before the pursuit stops */
  tries: number;
}

/**
 * How a pursuit ended short of a pass: `tries` (the bound), `stuck` (the same failure twice with no
 * change to the workspace in between), `asked` (the model asked the user something), `error` (the
 * check could not run: a deny rule, a spawn failure).
 */
export type GoalEnd = 'passed' | 'tries' | 'stuck' | 'asked' | 'error';

/** What the footer, the events and the JSON result show of a goal. */
export interface GoalStatus {
  command: string;
  tries: number;
  /** checks that failed since the user's last message */
  failed: number;
  /** checks run in all */
  checks: number;
  /** undefined until a check ran */
  passed?: boolean;
  /** the last check's exit status (null: killed, timed out, or it could not start) */
  lastExit?: number | null;
  /** a check is running now */
  checking: boolean;
  /** set once the pursuit stopped, until the user's next message */
  end?: GoalEnd;
  /** the one line that says how it ended, for the user (stderr, the transcript) */
  endLine?: string;
}

/** A Session event: the goal changed (set, cleared, a check started or ended); `goal` undefined when cleared. */
export type GoalEvent = { type: 'goal'; goal: GoalStatus | undefined };

/** Why a goal could not be set, in one sentence; undefined when it can. */
export function goalProblem(command: string, tries: number): string | undefined {
  if (command.trim() === '') return 'a goal needs a command to check, e.g. npm test';
  if (/[\n\r\0]/.test(command)) return 'a goal is one line of shell: the command may not hold a line break or a NUL';
  if (!Number.isInteger(tries) || tries < 1) return `the goal's tries must be a whole number of at least 1, not ${tries}`;
  return undefined;
}

/** The JSON result's `goal` field (print mode's json and stream-json). */
export function goalResult(g: GoalStatus): Record<string, unknown> {
  return {
    command: g.command,
    passed: g.passed === true,
    tries: g.checks,
    max_tries: g.tries,
    last_exit: g.lastExit ?? null,
    ...(g.end && g.end !== 'passed' ? { stopped: g.end } : {}),
  };
}
