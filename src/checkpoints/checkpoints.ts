// One session's checkpoints: taken before each message, recorded in the session file, listed, and
// rewound to. Used by the Session (live) and by `tack rewind` (on a session file).
import type { Message } from '../ai/types.js';
import { applyChanges, type ApplyResult } from './apply.js';
import { userEdited } from './edited.js';
import type { CheckpointRecord, RewindRecord, TimelineRecord, WrittenRecord } from './records.js';
import type { CheckpointStore } from './store.js';
import { NO_BLOB, type TreeChange } from './tree-diff.js';

export interface NumberedCheckpoint extends CheckpointRecord {
  /** 1-based, in file order: 1 is the state before the first prompt */
  n: number;
}

export interface RewindPlan {
  target: NumberedCheckpoint;
  /** the workspace now */
  current: string;
  /** from now to the checkpoint, file by file */
  changes: TreeChange[];
  /** paths among the changes that someone else changed since tack last wrote them */
  edited: string[];
  /** files too large to keep at the checkpoint's time: left as they are */
  tooLarge: string[];
  /** ignored folders (never kept, e.g. node_modules/) that changed since the checkpoint: left as they are */
  ignoredChanged: string[];
}

export interface RewindReport extends ApplyResult {
  plan: RewindPlan;
  /** edited files left as they are */
  kept: string[];
}

type Write = (entry: CheckpointRecord | WrittenRecord | RewindRecord) => void;

/** Messages are checkpointed with at most this much of their text. */
const TEXT_LIMIT = 20_000;

export class Checkpoints {
  private readonly conversations: (() => Message[])[];

  constructor(
    readonly store: CheckpointStore,
    /** the session id: its chain of commits keeps its trees */
    private readonly chain: string,
    private readonly timeline: TimelineRecord[],
    conversations: (() => Message[])[],
    private readonly write: Write,
  ) {
    this.conversations = [...conversations];
  }

  /** The checkpoints, numbered, oldest first. */
  list(): NumberedCheckpoint[] {
    return this.timeline.filter((r): r is CheckpointRecord => r.type === 'checkpoint').map((r, i) => ({ ...r, n: i + 1 }));
  }

  /** The conversation as it was at checkpoint n (before its message). */
  conversationAt(n: number): Message[] | undefined {
    return this.conversations[n - 1]?.();
  }

  /**
   * Checkpoints the workspace before a message; `messages` is the conversation so far. The record
   * is written when the snapshot is done; `behind` then says how many message entries were written
   * since it started (the message itself, an answer), so a loader knows where its conversation ended.
   */
  async before(kind: CheckpointRecord['kind'], text: string, messages: readonly Message[], behind: () => number = () => 0): Promise<NumberedCheckpoint> {
    const copy = [...messages];
    const snap = await this.store.snapshot(this.chain);
    const record: CheckpointRecord = { type: 'checkpoint', kind, tree: snap.tree, text: text.slice(0, TEXT_LIMIT), timestamp: Date.now() };
    if (snap.skipped.length > 0) record.skipped = snap.skipped.slice(0, 50);
    if (behind() > 0) record.behind = behind();
    this.timeline.push(record);
    this.conversations.push(() => copy);
    this.write(record);
    return { ...record, n: this.list().length };
  }

  /** After a turn that ran tools: the workspace as tack left it. */
  async written(): Promise<void> {
    const snap = await this.store.snapshot(this.chain);
    if (this.timeline.at(-1)?.tree === snap.tree) return;
    const record: WrittenRecord = { type: 'written', tree: snap.tree, timestamp: Date.now() };
    this.timeline.push(record);
    this.write(record);
  }

  /** Each checkpoint with what changed since it (to the workspace as it is now). */
  async sinceEach(): Promise<{ checkpoint: NumberedCheckpoint; changes: TreeChange[] | null }[]> {
    const now = (await this.store.snapshot()).tree;
    // null: the checkpoint's files were pruned
    const since = (tree: string) => this.store.changes(tree, now).catch(() => null);
    return Promise.all(this.list().map(async (checkpoint) => ({ checkpoint, changes: await since(checkpoint.tree) })));
  }

  private checkpoint(n: number): NumberedCheckpoint {
    const list = this.list();
    const target = list[n - 1];
    if (!target)
      throw new RangeError(list.length === 0 ? 'this session has no checkpoints yet' : `there is no checkpoint ${n}: this session has 1 to ${list.length}`);
    return target;
  }

  /** What a rewind of the files to checkpoint n would do; nothing is written. */
  async plan(n: number): Promise<RewindPlan> {
    const target = this.checkpoint(n);
    if (!(await this.store.has(target.tree))) throw new RangeError(`checkpoint ${n} is no longer stored (pruned); its files cannot be restored`);
    const current = (await this.store.snapshot()).tree;
    const changes = await this.store.changes(current, target.tree);
    const from = this.timeline.indexOf(this.timeline.filter((r) => r.type === 'checkpoint')[n - 1]!);
    const [edited, ignoredChanged] = await Promise.all([
      userEdited(this.store, this.timeline.slice(from), changes),
      this.store.ignoredChangedSince(target.timestamp),
    ]);
    return { target, current, changes, edited, tooLarge: target.skipped ?? [], ignoredChanged };
  }

  /** Rewinds the files to checkpoint n, itself checkpointed first so it can be undone; edited files are kept unless `overwrite`. */
  async restore(n: number, messages: readonly Message[], o: { overwrite?: boolean } = {}): Promise<RewindReport> {
    const plan = await this.plan(n);
    await this.before('rewind', `rewind to checkpoint ${n}: ${plan.target.text}`, messages);
    const kept = o.overwrite ? [] : plan.edited;
    const blobs = await this.store.blobs(plan.changes.filter((c) => c.newId !== NO_BLOB).map((c) => c.newId));
    const result = applyChanges(this.store.workspace, plan.changes, blobs, new Set(kept));
    await this.written();
    return { ...result, plan, kept };
  }

  /** Records that the conversation was cut back to checkpoint n. */
  recordRewind(n: number): void {
    this.checkpoint(n);
    this.write({ type: 'rewind', checkpoint: n, timestamp: Date.now() });
  }
}
