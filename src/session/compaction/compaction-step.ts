// The Session's compaction: the conversation's size in the server's tokens, the check before each
// model call, and one compaction run with the Session's pieces.
import type { Agent } from '../../agent/agent.js';
import type { Message, StreamFn } from '../../ai/types.js';
import type { CompactionReason } from '../session-types.js';
import { type Budget, compactionBudget, shouldCompact } from './window-budget.js';
import { type CompactionHost, compact } from './compact.js';
import { type CompactionSettings, fixedChars, RunningEstimate } from './token-budget.js';

/** What a compaction does with the Session: everything but the conversation, its size and the request. */
export type CompactionHooks = Pick<CompactionHost, 'ready' | 'preCompact' | 'emit' | 'write'>;

export class CompactionStep {
  private readonly estimate = new RunningEstimate();
  /** the conversation's size right after the last compaction, while it is that conversation */
  private after: { messages: readonly unknown[]; tokens: number } | undefined;

  constructor(
    private readonly agent: Agent,
    private readonly settings: CompactionSettings,
    private readonly streamFn: StreamFn,
    private readonly hooks: CompactionHooks,
  ) {}

  /** Tokens the next request holds: the server's count of the last one plus what was added since. */
  size(): number {
    const s = this.agent.state;
    return this.estimate.of(s.messages as Message[], () => fixedChars(s.systemPrompt, s.tools));
  }

  /** What /context shows beside its counts: where a compaction starts, and characters to tokens as the server last counted. */
  figures(): { threshold: number; tokensPerChar: number } {
    this.size();
    return { threshold: this.budget().threshold, tokensPerChar: this.estimate.tokensPerChar };
  }

  private budget(): Budget {
    const s = this.agent.state;
    return compactionBudget(s.model.contextWindow, this.settings, this.estimate.tokens(fixedChars(s.systemPrompt, s.tools)));
  }

  /** Before a model call: a compaction when the conversation has outgrown its budget, or the server said it overflowed. */
  async beforeCall(reason: 'turn' | 'overflow', signal: AbortSignal): Promise<boolean> {
    if (reason === 'turn') {
      const tokens = this.size();
      const after = this.after?.messages === this.agent.state.messages ? this.after.tokens : undefined;
      if (!shouldCompact(tokens, after, this.budget())) return false;
    }
    return this.run(reason === 'turn' ? 'threshold' : 'overflow', undefined, signal);
  }

  async run(reason: CompactionReason, focus: string | undefined, signal?: AbortSignal): Promise<boolean> {
    const tokens = this.size();
    const host: CompactionHost = {
      ...this.hooks,
      messages: this.agent.state.messages as Message[],
      model: this.agent.state.model,
      budget: this.budget(),
      tokens,
      tokensPerChar: this.estimate.tokensPerChar,
      request: (messages, s) => this.agent.request(messages, s),
      streamFn: this.streamFn,
      replace: (messages) => this.agent.replaceMessages(messages),
    };
    const done = await compact(host, reason, focus, signal);
    if (done) this.after = { messages: this.agent.state.messages, tokens: this.size() };
    return done;
  }
}
