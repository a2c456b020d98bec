// The Session every mode drives, through one protocol (protocol.ts): `submit(op)` for every
// operation, `subscribe` for every event, a read-only `view()`, `close()`. What it drives (the Agent,
// the session file, compaction, checkpoints) is SessionCore's, inside src/session.
import { applyOp } from './ops.js';
import type { OpResult, SessionOp, SessionView } from './protocol.js';
import type { Questions } from './questions.js';
import type { SessionCore } from './session-core.js';
import type { SessionListener } from './session-types.js';
import { sessionView } from './session-view.js';

export type { OpResult, SessionOp, SessionView } from './protocol.js';
export type { ProtocolEvent, SessionQuestion } from './session-types.js';
export type { CompactionReason, SessionEvent, SessionListener, SessionOptions } from './session-types.js';

export class Session {
  private readonly shown: SessionView;

  /** `questions`: the gate's asker (createSession hands it to the gate before the core exists). */
  constructor(
    private readonly core: SessionCore,
    private readonly questions: Questions,
  ) {
    questions.attach((event) => core.announce(event));
    core.approvals?.onModeChange((mode) => core.announce({ type: 'mode', mode }));
    this.shown = sessionView(core, questions);
  }

  /**
   * Carries out one operation; resolves with its result (protocol.ts's OpResults). What an operation
   * changes at once (a mode, a model, an abort) is in `view()` when `submit` returns; what takes time
   * (a message's preparation, a compaction) settles with the promise.
   */
  submit<T extends SessionOp>(op: T): Promise<OpResult<T>> {
    return applyOp({ core: this.core, questions: this.questions }, op);
  }

  /** Every event, in order; a listener's promise holds the next event back (what the file keeps first). */
  subscribe(listener: SessionListener): () => void {
    return this.core.subscribe(listener);
  }

  /** The session as it is now, read-only; the same object every call. */
  view(): SessionView {
    return this.shown;
  }

  /** Ends the session: the file closed, MCP servers stopped; resolves when the SessionEnd hooks are done. */
  close(): Promise<void> {
    return this.core.close();
  }
}
