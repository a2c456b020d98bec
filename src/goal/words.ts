// What a goal says, to the model and to the user. Pure.
import type { GoalEnd, GoalStatus } from './goal.js';

/** The end of a failed check's output the model is sent: the last lines are where a test runner says what failed. */
export const OUTPUT_TAIL_CHARS = 2000;

/** The last `max` characters of a check's output, cut at a line start where one is near. */
export function outputTail(output: string, max = OUTPUT_TAIL_CHARS): string {
  const text = output.trimEnd();
  if (text.length <= max) return text;
  const cut = text.slice(-max);
  const line = cut.indexOf('\n');
  return `[… ${text.length - max + Math.max(0, line + 1)} characters before]\n${line >= 0 && line < 200 ? cut.slice(line + 1) : cut}`;
}

/** `exited with 1`, `was killed (timed out)`… */
export function exitWords(exit: number | null | undefined, timedOut = false): string {
  if (timedOut) return 'timed out';
  return exit === null || exit === undefined ? 'was killed' : `exited with ${exit}`;
}

/** The message that sends the model back to work: the command, how it failed, its output's tail. */
export function failureMessage(command: string, exit: number | null, timedOut: boolean, output: string, failed: number, tries: number): string {
  return [
    `The goal's check \`${command}\` ${exitWords(exit, timedOut)} (failed check ${failed} of at most ${tries}), so the work is not done.`,
    `Fix what it reports; when you end your turn tack runs the check again, and the work is done when it exits 0.`,
    'The end of its output:',
    outputTail(output) || '(no output)',
  ].join('\n');
}

/** The one line that says how a pursuit ended (stderr's last line in print mode, a notice in the app). */
export function endLine(g: GoalStatus, end: GoalEnd, detail?: string): string {
  const check = `\`${g.command}\``;
  const last = exitWords(g.lastExit);
  switch (end) {
    case 'passed':
      return `goal met: ${check} exited with 0 (check ${g.checks})`;
    case 'tries':
      return `goal not met: ${check} still fails (it ${last}) after ${g.failed} failed check${g.failed === 1 ? '' : 's'} (--until-tries ${g.tries})`;
    case 'stuck':
      return `goal not met: ${check} failed the same way twice (it ${last}) with no change to the workspace in between`;
    case 'asked':
      return `goal not met: the model asked you something; ${check} last ${last}`;
    case 'error':
      return `goal not met: ${check} could not run: ${detail ?? 'unknown error'}`;
  }
}

/** The footer's few words: `goal npm test ✓`, `goal npm test ✗ 2/5`, `goal npm test: checking…`. */
export function footerWords(g: GoalStatus, maxCommand = 32): string {
  const command = g.command.length > maxCommand ? `${g.command.slice(0, maxCommand - 1)}…` : g.command;
  if (g.checking) return `goal ${command}: checking…`;
  if (g.passed === undefined) return `goal ${command}`;
  if (g.passed) return `goal ${command} ✓`;
  const state = g.end === 'tries' || g.end === 'stuck' || g.end === 'error' ? ' stopped' : '';
  return `goal ${command} ✗ ${g.failed}/${g.tries}${state}`;
}

/**
 * Whether an answer ends by asking the user something: its last line that is not empty ends with a
 * question mark. Then nobody but the user can move the work on, and the pursuit stops.
 */
export function asksUser(answer: string): boolean {
  const last = answer
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
  return last !== undefined && /\?[*_)"'`]*$/.test(last);
}

/**
 * A failure's output with what changes from run to run though nothing else did (durations, clock
 * times, temp names) masked, so two runs of an unchanged workspace compare equal.
 */
export function failureKey(exit: number | null, output: string): string {
  const masked = output
    .replace(/\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\b/g, '#:#:#')
    .replace(/\b\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds|µs|us|ns|m)\b/g, '#t')
    .replace(/\/tmp\/[^\s'"]+/g, '/tmp/#');
  return `${exit}\n${masked}`;
}

/** What `/goal` alone says: the goal and its last result, or how to set one. */
export function describeGoal(g: GoalStatus | undefined): string {
  if (!g) return 'no goal set: /goal <command> sets one (e.g. /goal npm test); tack runs it when the model ends its turn, until it exits 0';
  const result = g.checking
    ? 'its check is running'
    : g.passed === undefined
      ? 'not checked yet'
      : g.passed
        ? `its last check passed (check ${g.checks})`
        : `its last check ${exitWords(g.lastExit)} (${g.failed} of ${g.tries} tries failed)`;
  return `goal: \`${g.command}\`: ${result}${g.endLine && !g.passed ? `; ${g.endLine}` : ''}. /goal clear clears it`;
}

/** What `/goal ARGS` asks for: nothing after it shows the goal, `clear` (or `off`) clears it, anything else is the command. */
export type GoalOp = { op: 'show' } | { op: 'clear' } | { op: 'set'; command: string };

export function parseGoalArgs(args: string): GoalOp {
  const text = args.trim();
  if (text === '') return { op: 'show' };
  if (/^(clear|off)$/i.test(text)) return { op: 'clear' };
  return { op: 'set', command: text };
}

/** What tack says when a goal is set. */
export function goalSetWords(g: GoalStatus): string {
  return `goal: \`${g.command}\`; checked now and whenever the model ends its turn, until it exits 0 (at most ${g.tries} failed checks)`;
}
