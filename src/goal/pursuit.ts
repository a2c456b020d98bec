// A goal pursued: after each run that ends with an answer, the check runs; a pass ends the work, a
// failure sends the model back with the output's tail, until a bound, a stall or a question stops it.
// The command is the judge: no model is asked whether the work is done.
import { textOf } from '../ai/content.js';
import type { AgentEndReason, AgentMessage } from '../agent/types.js';
import { DEFAULT_TRIES, goalProblem, type GoalEnd, type GoalSpec, type GoalStatus } from './goal.js';
import { asksUser, endLine, failureKey, failureMessage } from './words.js';

export interface CheckRun {
  /** null: killed (a timeout, an interrupt) */
  exitCode: number | null;
  timedOut: boolean;
  /** what it printed, stdout and stderr together */
  output: string;
}

/** What a pursuit needs from its Session. */
export interface PursuitKit {
  /** runs the command as the user's own `!command`; throws (one sentence) when it cannot run */
  run(command: string, signal: AbortSignal): Promise<CheckRun>;
  /** the workspace's state, in one hash (fingerprint.ts) */
  fingerprint(): Promise<string>;
  /** the goal changed: set, cleared, a check started or ended */
  changed(status: GoalStatus | undefined): void;
}

export class GoalPursuit {
  private status: GoalStatus | undefined;
  /** the last failure, and the workspace right after it */
  private last: { key: string; after: string } | undefined;
  private running: AbortController | undefined;

  constructor(
    private readonly kit: PursuitKit,
    readonly defaultTries = DEFAULT_TRIES,
  ) {}

  /** The goal as it stands (a copy), or undefined when none is set. */
  get current(): GoalStatus | undefined {
    return this.status && { ...this.status };
  }

  /** Sets the goal (replacing one set before); throws with the sentence of `goalProblem`. */
  set(spec: Partial<GoalSpec> & { command: string }): GoalStatus {
    const tries = spec.tries ?? this.defaultTries;
    const problem = goalProblem(spec.command, tries);
    if (problem) throw new Error(problem);
    this.running?.abort();
    this.status = { command: spec.command.trim(), tries, failed: 0, checks: 0, checking: false };
    this.last = undefined;
    this.tell();
    return { ...this.status };
  }

  /** Clears the goal; whether there was one. */
  clear(): boolean {
    const had = this.status !== undefined;
    this.running?.abort();
    this.status = undefined;
    this.last = undefined;
    if (had) this.tell();
    return had;
  }

  /** The user's message starts a new round of tries; a goal met before is done with. */
  newRound(): void {
    if (!this.status) return;
    if (this.status.passed && this.status.end === 'passed') {
      this.clear();
      return;
    }
    this.status = { ...this.status, failed: 0, end: undefined, endLine: undefined };
    this.last = undefined;
  }

  /** Stops a running check (Esc, an interrupt): no verdict is drawn from it. */
  abort(): void {
    this.running?.abort();
  }

  /**
   * After a run: when it ended with an answer and a goal is pursued, the check runs. Returns the
   * message that sends the model back to work, or undefined when the run is over.
   */
  afterRun(messages: readonly AgentMessage[], reason: AgentEndReason): Promise<string | undefined> {
    const last = messages.at(-1);
    if (!this.status || this.status.end || reason !== 'done') return Promise.resolve(undefined);
    if (last?.role !== 'assistant' || last.stopReason !== 'stop') return Promise.resolve(undefined);
    return this.check(textOf(last.content));
  }

  /** Runs the check now (`answer`: what the model last said, when it said something). */
  async check(answer?: string): Promise<string | undefined> {
    const s = this.status;
    if (!s || s.checking) return undefined;
    const abort = new AbortController();
    this.running = abort;
    const before = this.last ? await this.kit.fingerprint() : undefined;
    s.checking = true;
    this.tell();
    let run: CheckRun;
    try {
      run = await this.kit.run(s.command, abort.signal);
    } catch (error) {
      s.checking = false;
      if (abort.signal.aborted) return this.tell();
      return this.end('error', (error as Error).message);
    } finally {
      if (this.running === abort) this.running = undefined;
    }
    s.checking = false;
    // interrupted, or the goal was replaced or cleared meanwhile: no verdict
    if (abort.signal.aborted || this.status !== s) return this.tell();
    s.checks++;
    s.lastExit = run.exitCode;
    if (run.exitCode === 0 && !run.timedOut) {
      s.passed = true;
      return this.end('passed');
    }
    s.passed = false;
    s.failed++;
    const key = failureKey(run.exitCode, run.output);
    const stuck = this.last !== undefined && before === this.last.after && key === this.last.key;
    this.last = { key, after: await this.kit.fingerprint() };
    if (answer !== undefined && asksUser(answer)) return this.end('asked');
    if (stuck) return this.end('stuck');
    if (s.failed >= s.tries) return this.end('tries');
    this.tell();
    return failureMessage(s.command, run.exitCode, run.timedOut, run.output, s.failed, s.tries);
  }

  private end(end: GoalEnd, detail?: string): undefined {
    const s = this.status;
    if (!s) return undefined;
    s.end = end;
    s.endLine = endLine(s, end, detail);
    this.tell();
    return undefined;
  }

  private tell(): undefined {
    this.kit.changed(this.current);
    return undefined;
  }
}
