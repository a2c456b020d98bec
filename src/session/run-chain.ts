// A Session's runs: a prompt starts one, and it goes on while messages wait in the queue (steers and
// follow-ups) or a goal's failed check sends the model back. What a user's Enter means idle and while
// tack works, an Esc that stops it with nothing typed lost, and the wait for quiet.
import type { Agent, QueuedMessage } from '../agent/agent.js';
import type { AgentEndReason } from '../agent/types.js';
import type { UserMessage } from '../ai/types.js';
import type { GoalPursuit } from '../goal/pursuit.js';
import { withoutJobNotes } from '../jobs/reports.js';
import type { RunNotes } from './prompt/run-notes.js';
import type { SessionHooks } from './setup/hooks.js';

/** What the runs need of their Session. */
export interface RunHost {
  agent: Agent;
  goal: GoalPursuit;
  notes: RunNotes | undefined;
  /** a run's tools are fixed at its start (run-tools.ts) */
  startRun: () => void;
  planning: () => boolean;
  hooks: () => SessionHooks | undefined;
  /** why the agent's last run ended */
  lastEnd: () => AgentEndReason;
  /** a message into the transcript and the session file, outside a run */
  append: (message: UserMessage) => void;
}

export class RunChain {
  private chain: Promise<void> | null = null;
  /** an Esc while a run's note is read, before the agent starts: the run starts and stops at once */
  private stopAtStart = false;

  constructor(private readonly h: RunHost) {}

  /** A run is going: from a prompt until no queued message waits (steers and follow-ups included). */
  get running(): boolean {
    return this.chain !== null;
  }

  /** Starts a run; rejects while one is going (use `send`). No input: the goal's check first. */
  prompt(input?: string | UserMessage): Promise<void> {
    if (this.chain) return Promise.reject(new Error('tack is already working: send a steer or a follow-up instead'));
    this.h.goal.newRound();
    const chain: Promise<void> = this.untilQueueEmpty(input).finally(() => {
      if (this.chain === chain) this.chain = null;
    });
    this.chain = chain;
    return chain;
  }

  /** The goal's check, now (`/goal`): idle, a failure starts a run with its output; working, the run's end checks it. */
  pursueGoal(): Promise<void> {
    return this.running ? this.waitForIdle() : this.prompt();
  }

  private async untilQueueEmpty(input: string | UserMessage | undefined): Promise<void> {
    const { agent, goal } = this.h;
    this.stopAtStart = false;
    // no input (pursueGoal): the goal's check first, and its failure is the run's first message
    const first = input ?? (await goal.check());
    if (first === undefined) return;
    this.h.startRun();
    const note = await this.h.notes?.next(agent.state.messages, this.h.planning());
    if (note) this.h.append(note);
    // a goal's failed check sends the model back, until the check passes or the pursuit stops (src/goal)
    for (let next: string | UserMessage | undefined = first; next !== undefined; ) {
      const run = agent.prompt(next);
      if (this.stopAtStart) agent.abort();
      await (this.h.hooks()?.untilStopAgrees(agent, run) ?? run);
      // A message queued in the run's last steps (or just after an Esc) is not left waiting.
      while (agent.hasQueuedMessages() && this.h.lastEnd() !== 'error' && this.h.lastEnd() !== 'maxTurns') await agent.continue();
      next = await goal.afterRun(agent.state.messages, this.h.lastEnd());
    }
  }

  /** What a user's Enter means: idle, a new run; working, a steer (or, with `followUp`, a queued follow-up). */
  send(input: string | UserMessage, o: { followUp?: boolean } = {}): Promise<void> {
    if (!this.running) return this.prompt(input);
    if (o.followUp) this.h.agent.followUp(input);
    else this.h.agent.steer(input);
    return Promise.resolve();
  }

  /**
   * Puts a message into the conversation without asking the model (what a `!command` printed): idle,
   * it joins the transcript and the session file, for the next prompt to see; working, it is a steer.
   */
  addToConversation(text: string): void {
    if (this.running) this.h.agent.steer(text);
    else this.h.append({ role: 'user', content: text, timestamp: Date.now() });
  }

  /** Delivered after the running tool batch, before the next model call; idle, it starts a run. */
  steer(text: string | UserMessage): void {
    if (this.running) this.h.agent.steer(text);
    else void this.prompt(text).catch(() => {});
  }

  /** Stops the run; returns the queued messages (dropped from the queue) so nothing typed is lost. */
  abort(): QueuedMessage[] {
    this.stopAtStart = true;
    this.h.goal.abort();
    // a job's note is the model's: it joins the conversation once the run is over
    return withoutJobNotes(this.h.agent.abortAndTakeQueue(), (note) => void this.waitForIdle().then(() => this.addToConversation(note)));
  }

  /** Takes the queued messages back without stopping the run. */
  takeQueue(): QueuedMessage[] {
    return withoutJobNotes(this.h.agent.dequeueAll(), (note) => this.h.agent.steer(note));
  }

  /** Stops the run and waits for its end (`/new`). */
  async stop(): Promise<void> {
    this.stopAtStart = true;
    this.h.agent.abort();
    await this.chain?.catch(() => {});
  }

  /** Resolves when the run and the runs it chains for queued messages are over. */
  async waitForIdle(): Promise<void> {
    while (this.chain) await this.chain.catch(() => {});
    await this.h.agent.waitForIdle();
  }
}
