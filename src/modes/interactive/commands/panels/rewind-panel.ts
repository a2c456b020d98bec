// `/rewind` (and Esc twice on an empty input), `/undo`: choose a checkpoint, see what a rewind of the
// files would do, then restore code and conversation, code only, conversation only, or cancel.
// A conversation rewind puts the checkpoint's message back into the input box to edit.
import type { NumberedCheckpoint, RewindPlan } from '../../../../checkpoints/checkpoints.js';
import { checkpointLine, firstLine, formatTime, planLines, reportLines } from '../../../../checkpoints/describe.js';
import type { TreeChange } from '../../../../checkpoints/tree-diff.js';
import type { RewindWhat } from '../../../../session/checkpointing.js';
import type { Session } from '../../../../session/session.js';
import type { Command } from '../../input/keymap.js';
import { s, sym } from '../../text/style.js';
import { truncate, wrapWithPrefix } from '../../text/text.js';
import type { Transcript } from '../../conversation/transcript.js';
import type { InputBox } from '../../input-box/input-box.js';
import type { Panel } from '../../input-box/menu.js';

const LIST_ROWS = 8;
const PLAN_ROWS = 8;

interface Action {
  label: string;
  what: RewindWhat | null;
}

const ALL_ACTIONS: Action[] = [
  { label: 'Restore code and conversation', what: 'both' },
  { label: 'Restore code only', what: 'code' },
  { label: 'Restore conversation only (its message goes back into the input)', what: 'conversation' },
  { label: 'Cancel', what: null },
];

export interface RewindHost {
  session: Session;
  transcript: Transcript;
  input: InputBox;
}

type Stage =
  | { kind: 'loading'; what: string }
  | { kind: 'list'; rows: { checkpoint: NumberedCheckpoint; changes: TreeChange[] | null }[] }
  | { kind: 'plan'; plan: RewindPlan; actions: Action[]; overwrite: boolean }
  | { kind: 'error'; message: string };

export class RewindPanel implements Panel {
  private stage: Stage = { kind: 'loading', what: 'reading the checkpoints…' };
  private selected = 0;

  constructor(private readonly host: RewindHost) {}

  /** Lists every checkpoint, newest first. */
  openList(): void {
    const cp = this.host.session.view().checkpoints;
    if (!cp) {
      this.fail('checkpoints are off (settings: "checkpoints": {"enabled": false}): there is nothing to rewind to');
      return;
    }
    this.host.input.openPanel(this);
    cp.sinceEach().then(
      (rows) => this.show({ kind: 'list', rows: rows.reverse() }),
      (err: unknown) => this.fail(err),
    );
  }

  /** Straight to the files of the last prompt (`/undo`). */
  openUndo(): void {
    const last = this.host.session
      .view()
      .checkpoints?.list()
      .filter((c) => c.kind === 'prompt')
      .at(-1);
    if (!last) {
      this.fail('nothing to undo: no prompt has been checkpointed in this session');
      return;
    }
    this.host.input.openPanel(this);
    this.choose(
      last,
      ALL_ACTIONS.filter((a) => a.what === 'code' || a.what === null),
      'nothing to undo: the files are as they were before your last prompt',
    );
  }

  handle(cmd: Command): void {
    const stage = this.stage;
    if (cmd.type === 'escape' || cmd.type === 'interrupt') {
      this.close();
      return;
    }
    const count = stage.kind === 'list' ? stage.rows.length : stage.kind === 'plan' ? stage.actions.length : 0;
    if ((cmd.type === 'up' || cmd.type === 'down') && count > 0) this.selected = (this.selected + (cmd.type === 'up' ? -1 : 1) + count) % count;
    else if (cmd.type === 'insert' && cmd.text.toLowerCase() === 'o' && stage.kind === 'plan' && stage.plan.edited.length > 0)
      stage.overwrite = !stage.overwrite;
    else if (cmd.type === 'submit' && stage.kind === 'list' && stage.rows[this.selected]) this.choose(stage.rows[this.selected]!.checkpoint, ALL_ACTIONS);
    else if (cmd.type === 'submit' && stage.kind === 'plan') this.act(stage.plan, stage.actions[this.selected]!, stage.overwrite);
    else if (cmd.type === 'submit' && stage.kind === 'error') this.close();
    this.host.input.redraw();
  }

  render(cols: number): string[] {
    const stage = this.stage;
    const keys = s.gray(`· ${sym('↑↓', 'Up/Down')} Enter: choose · Esc: cancel`);
    if (stage.kind === 'loading') return [`${s.bold('Rewind')} ${keys}`, s.gray(`  ${stage.what}`)];
    if (stage.kind === 'error') return [s.bold('Rewind'), ...wrapWithPrefix(stage.message, cols, '  ', '  ').map((l) => s.red(l))];
    if (stage.kind === 'list') {
      const out = [truncate(`${s.bold('Rewind to before which message?')} ${keys}`, cols)];
      if (stage.rows.length === 0) return [...out, s.gray('  no checkpoints yet: one is taken before each message you send')];
      const start = Math.min(Math.max(0, this.selected - Math.floor(LIST_ROWS / 2)), Math.max(0, stage.rows.length - LIST_ROWS));
      stage.rows.slice(start, start + LIST_ROWS).forEach((row, k) => {
        const chosen = start + k === this.selected;
        const line = truncate(`${chosen ? sym('›', '>') : ' '}${checkpointLine(row.checkpoint, row.changes)}`, cols);
        out.push(chosen ? s.cyan(s.bold(line)) : line);
      });
      return out;
    }
    const { plan } = stage;
    const title = `Checkpoint ${plan.target.n} · ${formatTime(plan.target.timestamp)} · ${firstLine(plan.target.text) || '(empty)'}`;
    const files = planLines(plan);
    const out = [truncate(`${s.bold(title)} ${keys}`, cols), s.gray('  the files, if restored:')];
    out.push(...files.slice(0, PLAN_ROWS).map((l) => truncate(l, cols)));
    if (files.length > PLAN_ROWS) out.push(s.gray(`  … and ${files.length - PLAN_ROWS} more`));
    if (plan.edited.length > 0) {
      const n = plan.edited.length;
      out.push(
        s.yellow(
          truncate(`  ${n} file${n === 1 ? '' : 's'} changed outside tack: ${stage.overwrite ? 'overwritten too' : 'kept as they are'} (o: change)`, cols),
        ),
      );
    }
    stage.actions.forEach((a, i) => {
      const line = truncate(`${i === this.selected ? sym('›', '>') : ' '} ${a.label}`, cols);
      out.push(i === this.selected ? s.cyan(s.bold(line)) : line);
    });
    return out;
  }

  private show(stage: Stage): void {
    this.stage = stage;
    this.selected = 0;
    this.host.input.redraw();
  }

  private fail(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    if (this.stage.kind === 'loading' && !this.host.input.menu?.panel) {
      this.host.transcript.error(message);
      this.host.input.redraw();
      return;
    }
    this.show({ kind: 'error', message });
  }

  /** `unchanged`: what to say instead of offering a restore that would change nothing (/undo) */
  private choose(target: NumberedCheckpoint, actions: Action[], unchanged?: string): void {
    this.show({ kind: 'loading', what: 'comparing the files with the checkpoint…' });
    this.host.session
      .view()
      .checkpoints!.plan(target.n)
      .then(
        (plan) => (unchanged && plan.changes.length === 0 ? this.fail(unchanged) : this.show({ kind: 'plan', plan, actions, overwrite: false })),
        (err: unknown) => this.fail(err),
      );
  }

  private act(plan: RewindPlan, action: Action, overwrite: boolean): void {
    if (!action.what) {
      this.close();
      return;
    }
    const what = action.what;
    this.show({ kind: 'loading', what: 'rewinding…' });
    this.host.session.submit({ type: 'rewind', n: plan.target.n, what, overwrite }).then(
      (outcome) => {
        this.close();
        const t = this.host.transcript;
        if (outcome.files) {
          t.notice(`files rewound to checkpoint ${plan.target.n} (they were checkpointed first: /rewind can undo this)`);
          t.push(reportLines(outcome.files, 'choose o in /rewind to overwrite it').map((l) => s.gray(l)));
        }
        if (what !== 'code') {
          t.notice(`conversation cut back to before checkpoint ${plan.target.n}; its message is back in the input`);
          this.host.input.restore([outcome.text]);
        }
        this.host.input.redraw();
      },
      (err: unknown) => this.fail(err),
    );
  }

  private close(): void {
    this.host.input.closePanel();
  }
}
