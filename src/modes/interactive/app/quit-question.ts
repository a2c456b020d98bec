// The question quitting asks while background jobs run: stop them and quit, keep them running after
// tack and quit, or stay. Keys as in the app's other questions: a choice's letter, or the arrows and
// Enter; Esc (or Ctrl+C) stays, as nothing is lost by staying.
import type { JobInfo } from '../../../../tools/jobs/index.js';
import { jobName } from '../../../modes/jobs-at-exit.js';
import type { Command } from '../input/keymap.js';
import type { Session } from '../../../session/session.js';
import { s, sym } from '../text/style.js';
import { truncate, wrapWithPrefix } from '../text/text.js';

export type QuitChoice = 'stop' | 'keep' | 'stay';

const INDENT = '  ';
/** Jobs named one a line; more are counted. */
const NAMED = 3;

export class QuitQuestion {
  private selected = 0;
  /** the user chose (staying included): the question goes */
  answered = false;

  constructor(
    private readonly jobs: readonly JobInfo[],
    private readonly onAnswer: (choice: QuitChoice) => void,
  ) {}

  /** The question for quitting `session` now; null when no job of its runs (then quitting asks nothing). */
  static whileJobsRun(session: Session, answered: (choice: QuitChoice) => void): QuitQuestion | null {
    const running = session.view().jobs?.running() ?? [];
    return running.length === 0
      ? null
      : new QuitQuestion(
          running.map((job) => job.info()),
          answered,
        );
  }

  private answer(choice: QuitChoice): void {
    this.answered = true;
    this.onAnswer(choice);
  }

  private get choices(): { label: string; key: string; choice: QuitChoice }[] {
    const them = this.jobs.length === 1 ? 'it' : 'them';
    return [
      { label: `Stop ${them} and quit`, key: 's', choice: 'stop' },
      { label: `Keep ${them} running after tack, and quit`, key: 'k', choice: 'keep' },
      { label: 'Stay', key: 'Esc', choice: 'stay' },
    ];
  }

  handle(cmd: Command): void {
    const choices = this.choices;
    if (cmd.type === 'escape' || cmd.type === 'interrupt') return void this.answer('stay');
    if (cmd.type === 'up') this.selected = (this.selected + choices.length - 1) % choices.length;
    else if (cmd.type === 'down' || cmd.type === 'tab') this.selected = (this.selected + 1) % choices.length;
    else if (cmd.type === 'submit') this.answer(choices[this.selected]!.choice);
    else if (cmd.type === 'insert') {
      const chosen = choices.find((c) => c.key === cmd.text.toLowerCase());
      if (chosen) this.answer(chosen.choice);
    }
  }

  render(cols: number): string[] {
    const n = this.jobs.length;
    const title = `${s.yellow(sym('?', '?'))} ${s.bold(n === 1 ? '1 background job is still running' : `${n} background jobs are still running`)}`;
    const named = this.jobs.slice(0, NAMED).flatMap((job) => wrapWithPrefix(jobName(job), cols, INDENT, `${INDENT}  `).map((l) => s.gray(l)));
    const more = n > NAMED ? [s.gray(`${INDENT}and ${n - NAMED} more (/jobs lists them)`)] : [];
    const lines = this.choices.map((c, i) => {
      const line = truncate(`${i === this.selected ? sym('›', '>') : ' '} ${c.label} ${s.gray(`(${c.key})`)}`, cols);
      return i === this.selected ? s.cyan(s.bold(line)) : line;
    });
    const hint = s.gray(truncate(`${INDENT}s/k or ${sym('↑↓', 'Up/Down')} Enter · Esc: stay`, cols));
    return ['', truncate(title, cols), ...named, ...more, ...lines, hint];
  }
}
