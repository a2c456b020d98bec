// The interactive app without the drawing: keys in, agent calls out, session events in, frames out.
// Ink only prints the frames (see ink-host.ts); everything here runs, and is tested, without a terminal.
import type { QueuedMessage } from '../../../agent/agent.js';
import type { Session, SessionEvent } from '../../../session/session.js';
import type { SlashLine } from '../../../session/input/slash.js';
import { resourceMenuItems } from '../commands/mcp-view.js';
import { keyCommand } from '../input/keymap.js';
import type { KeyEvent } from '../input/keys.js';
import { ConversationView } from '../conversation/conversation-view.js';
import { GitBranch } from '../os/git-branch.js';
import { tackWorktreeName } from '../../../worktree/here.js';
import { Attention } from '../os/notify.js';
import type { Transcript } from '../conversation/transcript.js';
import { renderHeader } from '../view/messages.js';
import { ApprovalPrompt } from './approval-prompt.js';
import { composeFrame } from './frame.js';
import { InputBox } from '../input-box/input-box.js';
import { openModelPicker } from './model-picker.js';
import { showResumed } from './resumed.js';
import { Screen, type Snapshot } from './screen.js';
import type { CommandContext } from '../commands/command-context.js';
import { runCommand } from './run-command.js';
import { editInEditor, editPlanInEditor } from './edit-in-editor.js';
import { handOver } from './session-handover.js';
import { answerQuestions } from '../../answer-questions.js';
import { SessionPicker } from './session-picker.js';
import { commandMenuItems, sendPrepared } from './send-input.js';
import { readTypedLine } from './typed-line.js';
import { PastedImages } from './pasted-images.js';
import { type Intent, type KeyMemory, keyIntent } from './key-intent.js';
import { modeHint } from './mode-hint.js';
import { type StatusLine, statusLineFor } from './status-line.js';
import { statusPayload } from './status-payload.js';
import { toolEnvOf } from '../../../session/permissions/setup.js';
import { type QuitChoice, QuitQuestion } from './quit-question.js';
import type { ControllerOptions } from './controller-options.js';

export class Controller {
  readonly view: ConversationView;
  /** what is printed once into the scrollback (the view and the commands add to it; each frame drains it) */
  readonly transcript: Transcript;
  private session: Session;
  private unsubscribe: () => void = () => {};
  private readonly input: InputBox;
  private readonly approvals = new ApprovalPrompt(
    () => this.schedule(),
    (request, answer) => this.view.questionAnswered(request, answer),
    async (plan) => (this.o.editExternally ? editPlanInEditor(this.screen, this.transcript, this.o.editExternally, plan) : undefined),
  );
  private picker: SessionPicker | null = null;
  private quitQuestion: QuitQuestion | null = null; // quitting while background jobs run
  /** a session file being opened in place of this one (the picker, /resume) */
  private opening = false;
  /** stops what a command started (a /compact), on Esc */
  private cancel: (() => void) | null = null;
  private readonly pasted = new PastedImages();
  /** a prompt from the command line, held while the picker of `tack -r` is open */
  private initial: string | null = null;
  private readonly shownNotices = new Set<string>();
  private compactingSince = 0;
  /** Ctrl+T: the todo list above the input in full */
  private todosExpanded = false;
  private hint: { text: string; until: number } | null = null;
  private cols: number;
  private rows: number;
  private readonly screen: Screen;
  private readonly branch: GitBranch;
  /** the `tack -w` worktree the app works in */
  private readonly worktree: string | undefined;
  private readonly attention: Attention;
  private keyMemory: KeyMemory = { quitArmedUntil: 0, lastEscape: 0 };
  private readonly status: StatusLine | undefined;

  constructor(private readonly o: ControllerOptions) {
    this.session = o.session;
    const { config } = o.session.view();
    this.cols = o.cols;
    this.rows = o.rows;
    this.branch = new GitBranch(config.cwd);
    this.worktree = tackWorktreeName(config.cwd, config.home);
    this.attention = new Attention(o.writeRaw, config.notifications);
    const now = () => this.session.view();
    this.view = new ConversationView({ width: o.cols, usage: () => now().usageNow, runningJobs: () => now().jobs?.running().length ?? 0 });
    this.transcript = this.view.transcript;
    const source = {
      take: () => {
        this.view.flush();
        return this.transcript.take();
      },
      busy: () => this.busy,
    };
    this.screen = new Screen(source, (now) => this.liveLines(now));
    this.input = new InputBox(
      o.history,
      o.fileIndex,
      () => this.schedule(),
      () => commandMenuItems(this.session),
      () => resourceMenuItems(this.session),
    );
    if (config.editorMode === 'vim') this.input.setVim(true);
    const started = Date.now();
    this.status = statusLineFor(config.statusLine, {
      cwd: config.cwd,
      env: toolEnvOf(config).env,
      payload: () =>
        statusPayload(this.session, { version: o.version, startedAt: started, now: Date.now(), worktree: this.worktree, vim: this.input.vim?.mode }),
      changed: () => this.schedule(),
      tell: (text) => this.notice(text),
    });
    if (!o.headerPrinted) this.transcript.pushRaw(renderHeader({ version: o.version, model: o.session.view().model.id, cwd: config.cwd }, o.cols).join('\n'));
    this.attach(o.session);
    this.screen.render();
  }

  // --- the React side: useSyncExternalStore ---
  subscribe = (listener: () => void): (() => void) => this.screen.subscribe(listener);

  getSnapshot = (): Snapshot => this.screen.getSnapshot();

  // --- inputs ---
  /** Sends a prompt given on the command line (once the picker, if open, is done). */
  sendInitial(text: string): void {
    if (this.picker) this.initial = text;
    else this.send(text, 'enter');
  }

  handleKeys(events: KeyEvent[]): void {
    for (const ev of events) {
      const cmd = keyCommand(ev);
      const session = this.session;
      const state = { now: Date.now(), quitting: this.quitQuestion !== null, picker: this.picker !== null, question: this.approvals.current ?? null };
      const more = {
        running: session.view().running,
        queued: session.view().queued().length,
        cancellable: this.cancel !== null,
        canEditExternally: !!this.o.editExternally,
      };
      this.carryOut(keyIntent(cmd, { ...state, ...more, input: this.input.keys, memory: this.keyMemory }));
    }
    this.screen.render();
  }

  /** A sentence for the user from below the UI (sandbox, provider notes); each shown once. */
  notice(text: string): void {
    if (this.shownNotices.has(text)) return;
    this.shownNotices.add(text);
    this.transcript.notice(text);
    this.schedule();
  }

  /** Opens the session picker; Esc in it keeps the current (for `tack -r`: new) conversation. */
  openResumePicker(escapeLabel = 'back'): void {
    this.picker = new SessionPicker(
      this.o.listSessions(this.session.view().id),
      (path) => {
        this.picker = null;
        if (path) void this.resume(path);
        else if (this.initial) this.send(this.initial, 'enter');
        this.initial = null;
        this.schedule();
      },
      () => this.schedule(),
      escapeLabel,
    );
    this.schedule();
  }

  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    this.view.width = cols;
    this.screen.render();
  }

  /** Stops listening; the last frame keeps the transcript and drops the live region. */
  close(): void {
    this.status?.stop();
    this.screen.close();
    this.unsubscribe();
    this.approvals.cancelAll();
  }

  get busy(): boolean {
    return this.session.view().running;
  }

  get inputText(): string {
    return this.input.text;
  }

  /** The session the app drives now (it changes with the picker and /resume). */
  get current(): Session {
    return this.session;
  }

  // --- the session ---
  /** Listens to a session (the Session, not its Agent: compaction events come from it) and answers its questions. */
  private attach(session: Session): void {
    this.session = session;
    const questions = answerQuestions(session, (request, signal) => this.approvals.ask(request, signal));
    this.unsubscribe = session.subscribe((e) => this.onSessionEvent(e, questions));
    showResumed(this.transcript, session);
  }

  /** Continues another session file in place of this one; the approval mode and thinking level carry over. */
  private async resume(path: string): Promise<void> {
    this.opening = true;
    try {
      const next = await this.o.openSession(path).catch((err: unknown) => void this.transcript.error(err instanceof Error ? err.message : String(err)));
      if (!next) return this.schedule();
      await handOver(this.session, next, (queued) => this.restore(queued), this.unsubscribe);
      this.attach(next);
    } finally {
      this.opening = false;
    }
    if (this.initial) this.send(this.initial, 'enter');
    this.initial = null;
    this.schedule();
  }

  /** `answer`: the question box's listener (answer-questions.ts), told first. */
  private onSessionEvent(e: SessionEvent, answer: (e: SessionEvent) => void): void {
    answer(e);
    if (e.type === 'question') this.attention.question(e.request.summary);
    this.view.onEvent(e);
    if (e.type !== 'message_update' && e.type !== 'tool_execution_update') this.status?.poke();
    if (e.type === 'compaction_start') this.compactingSince = Date.now();
    if (e.type === 'agent_end' && e.reason === 'error') this.view.showRunError(this.session.view().state.errorMessage);
    if (e.type === 'agent_end') {
      this.attention.turnEnded(e.reason);
      // The run goes on a little after its agent_end (Stop hooks, the checkpoint): the frame that
      // shows it over, and the spinner's stop, come when it is.
      const session = this.session;
      void session.submit({ type: 'wait_idle' }).then(() => session === this.session && this.refresh());
    }
    this.refresh();
  }

  // --- frames ---
  /** The spinner turns while the session works; a frame shows what changed. */
  private refresh(): void {
    this.screen.animate(this.busy || this.session.view().compacting);
    this.schedule();
  }

  private schedule(): void {
    this.screen.schedule();
  }

  private liveLines(now: number): string[] {
    if (this.hint && now >= this.hint.until) this.hint = null;
    return composeFrame({
      now,
      cols: this.cols,
      rows: this.rows,
      session: this.session,
      view: this.view,
      editor: this.input.editor,
      menu: this.input.menu,
      question: this.approvals.current,
      quitQuestion: this.quitQuestion?.render(this.cols),
      picker: this.picker,
      opening: this.opening,
      hint: this.hint?.text,
      compactingSince: this.compactingSince,
      todosExpanded: this.todosExpanded,
      headerModel: this.o.session.view().model.id,
      branch: this.branch.current(now),
      worktree: this.worktree,
      vim: this.input.vim?.mode,
      statusLine: this.status?.lines,
    });
  }

  // --- what the keys lead to (key-intent.ts decides) ---
  private carryOut(intent: Intent): void {
    const session = this.session;
    if ('memory' in intent && intent.memory) this.keyMemory = intent.memory;
    // biome-ignore format: one intent a line, a table
    switch (intent.type) {
      case 'focus': this.attention.focus(intent.focused); break;
      case 'quitQuestion': this.quitQuestion?.handle(intent.cmd); break;
      case 'picker': this.picker?.handle(intent.cmd); break;
      // the mode changes as the operation is submitted: this key's frame shows it and its note
      case 'cycleMode': void session.submit({ type: 'set_mode', mode: 'next' }); this.flash(modeHint(session.view().approvals)); break;
      case 'question': this.approvals.handle(intent.cmd, this.input.empty && !this.input.menu); break;
      case 'takeQueue': void session.submit({ type: 'take_queue' }).then((queued) => this.restore(queued)); break;
      case 'interrupt': void session.submit({ type: 'abort' }).then((queued) => this.restore(queued)); break;
      case 'cancel': this.cancel?.(); break;
      case 'vim': this.input.vimKey(intent.cmd); break;
      case 'input': this.input.typed(intent.cmd); break;
      case 'command': void this.command({ name: intent.name, args: '' }); break;
      case 'pasteImage': void this.pasted.paste({ model: session.view().model, input: this.input, transcript: this.transcript, changed: () => this.schedule() }); break;
      case 'complete': this.input.accept(intent.thenSend); if (intent.thenSend) this.submit('enter'); break;
      case 'chooseModel': this.chooseModel(); break;
      case 'continueLine': this.input.continueLine(); break;
      case 'submit': this.submit(intent.kind); break;
      case 'closeMenu': this.input.closeMenu(); break;
      case 'clearInput': this.input.clear(); break;
      case 'remember': this.flash(intent.flash); break;
      case 'quit': this.quit(); break;
      case 'toggleTools': this.view.toggleExpanded(); break;
      case 'toggleTodos': this.todosExpanded = !this.todosExpanded; this.schedule(); break;
      case 'editExternally': void editInEditor(this.screen, this.input, this.transcript, this.o.editExternally!); break;
      case 'none': break;
    }
  }

  /** Enter or Tab on the model menu: the model chosen is switched to. */
  private chooseModel(): void {
    const chosen = this.input.accept(true);
    if (chosen.kind === 'model') void this.command({ name: 'model', args: chosen.id });
  }

  private submit(kind: 'enter' | 'followUp'): void {
    const typed = this.input.text.trim();
    if (!typed) return;
    const line = readTypedLine(typed, this.session);
    if (line.kind === 'message' || line.kind === 'extension') {
      const text = line.kind === 'message' ? this.input.expanded : typed;
      this.input.commit(text);
      // a custom command or skill is expanded on the way in, from the line as read here
      this.send(text, kind, line.kind === 'message' ? null : { name: line.name, args: line.args });
    } else {
      this.input.commit(typed);
      if (line.kind === 'command') void this.command(line);
      else this.transcript.error(`unknown command /${line.name}; type /help for the commands`);
    }
  }

  /** Idle: a new run. Working: Enter steers, Alt+Enter queues a follow-up. */
  private send(text: string, kind: 'enter' | 'followUp', command?: SlashLine | null): void {
    // through the Session's front door: expanded, hooked, files and MCP resources attached (send-input.ts)
    const pasted = this.pasted.attachments(text, this.session.view().model);
    sendPrepared(this.session, { text, parts: pasted.parts, refused: pasted.refused, command }, kind === 'followUp', this.transcript).catch((err: unknown) => {
      this.transcript.error(err instanceof Error ? err.message : String(err));
      this.schedule();
    });
  }

  /** Queued messages back into the input, before whatever is typed there. */
  private restore(queued: QueuedMessage[]): void {
    if (queued.length === 0) return;
    this.input.restore(queued.map((q) => q.text));
    this.flash({ text: `${queued.length} queued message${queued.length === 1 ? '' : 's'} put back into the input`, ms: 3000 });
  }

  /** A line in the hint's place for a while. */
  private flash(hint: { text: string; ms: number } | null | undefined): void {
    if (!hint) return;
    const { text, ms } = hint;
    this.hint = { text, until: Date.now() + ms };
    this.schedule(); // a flash may come once an operation settles, after the key's own frame
    setTimeout(() => this.schedule(), ms + 10).unref();
  }

  /** Quits; with background jobs running, asks first what becomes of them (quit-question.ts). */
  private quit(): void {
    this.quitQuestion = QuitQuestion.whileJobsRun(this.session, (choice) => this.leave(choice));
    this.leave(this.quitQuestion ? 'stay' : 'stop');
  }

  /** `stay`: the question is drawn (or goes) */
  private leave(choice: QuitChoice): void {
    if (choice !== 'stay' || this.quitQuestion?.answered) this.quitQuestion = null;
    if (choice === 'stay') return void this.schedule();
    if (this.session.view().running) void this.session.submit({ type: 'abort' });
    this.o.onQuit(choice);
  }

  private async command(parsed: { name: string; args: string }): Promise<void> {
    await runCommand(this.commandContext(), parsed);
    this.schedule();
  }

  private commandContext(): CommandContext {
    return {
      transcript: this.transcript,
      input: this.input,
      session: () => this.session,
      renewSession: async () => {
        this.restore(await this.session.submit({ type: 'abort' }));
        await this.session.submit({ type: 'new' });
      },
      makeModel: (id) => this.o.makeModel(id),
      openModelPicker: () => openModelPicker(this.input, this.o.listModels, this.session.view().model.id, this.transcript, () => this.schedule()),
      openResumePicker: () => this.openResumePicker(),
      resume: (path) => this.resume(path),
      send: (text) => this.send(text, 'enter'),
      onCancel: (cancel) => {
        this.cancel = cancel;
        this.schedule();
      },
      writeRaw: (data) => this.o.writeRaw(data),
      quit: () => this.quit(),
    };
  }
}
