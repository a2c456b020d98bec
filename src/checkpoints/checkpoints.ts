// One session's checkpoints: one per message, taken just before the first change after it (a turn that
// only reads takes none), recorded in the session file, listed, and rewound to. Used by the Session
// (live) and by `tack rewind` (on a session file).
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

interface Marked {
  kind: CheckpointRecord['kind'];
  text: string;
  conversation: Message[];
  behind: () => number;
}

type Write = (entry: CheckpointRecord | WrittenRecord | RewindRecord) => void;

/** Messages are checkpointed with at most this much of their text. */
const TEXT_LIMIT = 20_000;

export class Checkpoints {
  private readonly conversations: (() => Message[])[];
  /** messages whose checkpoint waits for the first change after them */
  private readonly marked: Marked[] = [];
  private taking: Promise<void> = Promise.resolve();

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

  /**
   * The timeline with each checkpoint's tree known: one written without a tree (no change followed
   * its message in its run) holds the files of the next snapshot after it, the state before tack's
   * next change; with none after it, tack changed nothing since, and its tree stays ''.
   */
  private resolved(): TimelineRecord[] {
    const out = [...this.timeline];
    let next: TimelineRecord | undefined;
    for (let i = out.length - 1; i >= 0; i--) {
      const r = out[i]!;
      if (r.tree) next = r;
      else if (r.type === 'checkpoint')
        out[i] = { ...r, tree: next?.tree ?? '', ...(next?.type === 'checkpoint' && next.skipped ? { skipped: next.skipped } : {}) };
    }
    return out;
  }

  /** The checkpoints, numbered, oldest first. */
  list(): NumberedCheckpoint[] {
    return this.resolved()
      .filter((r): r is CheckpointRecord => r.type === 'checkpoint')
      .map((r, i) => ({ ...r, n: i + 1 }));
  }

  /** The conversation as it was at checkpoint n (before its message). */
  conversationAt(n: number): Message[] | undefined {
    return this.conversations[n - 1]?.();
  }

  /**
   * A message whose checkpoint is due: taken by `take`, just before the workspace may change, so it
   * is the workspace before the message as far as tack's changes go. `messages` is the conversation
   * so far; `behind` says how many message entries were written since (the message, answers), so a
   * loader of the file knows where its conversation ended.
   */
  mark(kind: CheckpointRecord['kind'], text: string, messages: readonly Message[], behind: () => number = () => 0): void {
    this.marked.push({ kind, text: text.slice(0, TEXT_LIMIT), conversation: [...messages], behind });
  }

  /** Whether a marked message still waits for its checkpoint. */
  get due(): boolean {
    return this.marked.length > 0;
  }

  /** The marked messages' checkpoints, all from one snapshot of the workspace as it is now. */
  take(): Promise<void> {
    const run = this.taking.then(async () => {
      if (this.marked.length === 0) return;
      const snap = await this.store.snapshot(this.chain);
      for (const m of this.marked.splice(0)) this.record(m, snap.tree, snap.skipped);
    });
    this.taking = run.catch(() => {});
    return run;
  }

  /** Resolves when no checkpoint is being taken (none is started). */
  settled(): Promise<void> {
    return this.taking;
  }

  /**
   * At a run's end: a marked message no change followed is recorded without a tree, at no cost (see
   * `resolved`: its files are those before tack's next change).
   */
  settle(): void {
    for (const m of this.marked.splice(0)) this.record(m, '', []);
  }

  private record(m: Marked, tree: string, skipped: readonly string[]): void {
    const record: CheckpointRecord = { type: 'checkpoint', kind: m.kind, tree, text: m.text, timestamp: Date.now() };
    if (skipped.length > 0) record.skipped = skipped.slice(0, 50);
    if (m.behind() > 0) record.behind = m.behind();
    this.timeline.push(record);
    this.conversations.push(() => m.conversation);
    this.write(record);
  }

  /** Checkpoints the workspace now, before a message (a rewind's own). */
  async before(kind: CheckpointRecord['kind'], text: string, messages: readonly Message[], behind: () => number = () => 0): Promise<NumberedCheckpoint> {
    this.mark(kind, text, messages, behind);
    await this.take();
    return this.list().at(-1)!;
  }

  /** After a turn that ran tools: the workspace as tack left it (`only`: all the turn could have changed). */
  async written(only?: readonly string[]): Promise<void> {
    const snap = await this.store.snapshot(this.chain, only);
    if (this.timeline.at(-1)?.tree === snap.tree) return;
    const record: WrittenRecord = { type: 'written', tree: snap.tree, timestamp: Date.now() };
    this.timeline.push(record);
    this.write(record);
  }

  /** Each checkpoint with what changed since it (to the workspace as it is now). */
  async sinceEach(): Promise<{ checkpoint: NumberedCheckpoint; changes: TreeChange[] | null }[]> {
    await this.take();
    const now = (await this.store.snapshot()).tree;
    // null: the checkpoint's files were pruned
    // '' (tack changed nothing since): no change
    const since = (tree: string) => this.store.changes(tree || now, now).catch(() => null);
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
    await this.take();
    const found = this.checkpoint(n);
    if (found.tree && !(await this.store.has(found.tree))) throw new RangeError(`checkpoint ${n} is no longer stored (pruned); its files cannot be restored`);
    const current = (await this.store.snapshot()).tree;
    // no tree: tack changed nothing since its message, so there is nothing to undo
    const target = found.tree ? found : { ...found, tree: current };
    const changes = await this.store.changes(current, target.tree);
    const timeline = this.resolved();
    const from = timeline.indexOf(timeline.filter((r) => r.type === 'checkpoint')[n - 1]!);
    const [edited, ignoredChanged] = await Promise.all([
      userEdited(this.store, timeline.slice(from), changes),
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
