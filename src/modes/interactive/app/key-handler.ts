// What a key does in the app (the picker, the question, the input, then the app's own keys), apart
// from controller.ts, which holds what the app does: sessions, messages, commands and frames.
import type { QueuedMessage } from '../../../agent/agent.js';
import type { Session } from '../../../session/session.js';
import type { Command } from '../input/keymap.js';
import type { Attention } from '../os/notify.js';
import type { Transcript } from '../conversation/transcript.js';
import { planModeNote } from '../../../session/permissions/plan-policy.js';
import type { ApprovalPrompt } from './approval-prompt.js';
import type { InputBox } from '../input-box/input-box.js';
import { isImagePaste, type PastedImages } from './pasted-images.js';
import type { SessionPicker } from './session-picker.js';
import type { QuitQuestion } from './quit-question.js';

const QUIT_WINDOW_MS = 2000;

/** What the keys act on: the controller's parts and its actions. */
export interface KeyTarget {
  session(): Session;
  picker(): SessionPicker | null;
  /** the question quitting asks while background jobs run */
  quitQuestion(): QuitQuestion | null;
  /** stops what a command started (a /compact) */
  cancel(): (() => void) | null;
  input: InputBox;
  approvals: ApprovalPrompt;
  attention: Attention;
  pasted: PastedImages;
  transcript: Transcript;
  toggleTools(): void;
  /** Ctrl+T: the todo list in full, or folded to one line */
  toggleTodos(): void;
  /** Ctrl+G, when the app can hand the terminal to the user's editor */
  editExternally?(): void;
  schedule(): void;
  flash(text: string, ms: number): void;
  restore(queued: QueuedMessage[]): void;
  command(parsed: { name: string; args: string }): void;
  submit(kind: 'enter' | 'followUp'): void;
  quit(): void;
}

export class KeyHandler {
  private quitArmedUntil = 0;

  constructor(private readonly t: KeyTarget) {}

  handle(cmd: Command): void {
    const t = this.t;
    const session = t.session();
    if (cmd.type === 'focus') return void t.attention.focus(cmd.focused);
    const quitting = t.quitQuestion();
    if (quitting) return void quitting.handle(cmd);
    const picker = t.picker();
    if (picker) {
      picker.handle(cmd);
      return;
    }
    if (cmd.type === 'cycleMode') {
      const mode = session.approvals?.cycleMode();
      if (mode === 'plan') t.flash(`${planModeNote(session.approvals?.planBash)} (Shift+Tab for the next mode)`, 4000);
      else if (mode) t.flash(`approvals: ${mode} (Shift+Tab for the next mode)`, 2500);
      return;
    }
    // Esc closes an open completion menu before it answers the question.
    const forQuestion = !(cmd.type === 'escape' && t.input.menu);
    if (forQuestion && t.approvals.current && t.approvals.handle(cmd, t.input.empty && !t.input.menu)) return;
    if (cmd.type === 'up' && !t.input.menuHasItems && t.input.empty && session.queued().length > 0) {
      t.restore(session.takeQueue());
      return;
    }
    if (t.input.vimKey(cmd, session.running)) return;
    // `?` on an empty input shows the keys, as the footer's first-screen hint says
    if (cmd.type === 'insert' && cmd.text === '?' && t.input.empty && !t.input.menu) return void t.command({ name: 'help', args: '' });
    if (isImagePaste(cmd)) return void t.pasted.paste({ model: session.model, input: t.input, transcript: t.transcript, changed: () => t.schedule() });
    if (t.input.handle(cmd)) return;
    switch (cmd.type) {
      case 'submit': {
        const accepted = this.acceptMenu(true);
        if (accepted === 'used') return;
        if (accepted === 'unused' && t.input.continueLine()) return;
        t.submit('enter');
        return;
      }
      case 'tab':
        this.acceptMenu(false);
        return;
      case 'followUp':
        t.submit('followUp');
        return;
      case 'escape': {
        if (t.input.closeMenu()) return;
        const cancel = t.cancel();
        if (cancel) cancel();
        else if (session.running || session.queued().length > 0) t.restore(session.abort());
        else if (t.input.doubleEscape()) t.command({ name: 'rewind', args: '' });
        return;
      }
      case 'interrupt': {
        const cancel = t.cancel();
        if (t.input.text !== '') t.input.clear();
        else if (session.running) t.restore(session.abort());
        else if (cancel) cancel();
        else if (Date.now() < this.quitArmedUntil) t.quit();
        else {
          this.quitArmedUntil = Date.now() + QUIT_WINDOW_MS;
          t.flash('press Ctrl+C again to quit', QUIT_WINDOW_MS);
        }
        return;
      }
      case 'eof':
        if (t.input.text === '') t.quit();
        else t.input.handle({ type: 'edit', op: 'delete' });
        return;
      case 'toggleTools':
        t.toggleTools();
        return;
      case 'toggleTodos':
        t.toggleTodos();
        return;
      case 'externalEditor':
        t.editExternally?.();
        return;
      default:
        return;
    }
  }

  /** Enter or Tab on the open menu: a completion goes into the text, a model is switched to. */
  private acceptMenu(enter: boolean): 'used' | 'unused' | 'submit' {
    const accepted = this.t.input.accept(enter);
    if (accepted.kind !== 'model') return accepted.kind;
    this.t.command({ name: 'model', args: accepted.id });
    return 'used';
  }
}
