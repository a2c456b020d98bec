// The approval gate: the agent's `beforeToolCall`. It asks the policy, and when the policy wants a
// question it asks the user (interactive) or refuses with a reason the model can read (print mode).
// It also stops a model that repeats one call.
import type { AnyAgentTool, ToolCallBlock } from '../../agent/types.js';
import { declinedText } from './declined.js';
import type { ToolCall } from '../../ai/types.js';
import { displayPath, isInside } from '../../../tools/fs/paths.js';
import { ownTempDirIfMade } from '../../../tools/process/own-temp.js';
import { describeLocation, locate, realRoot, type RealLocation } from '../../../tools/fs/real-path.js';
import { reachingRules, type ExtensionGrant } from './grant-reach.js';
import { commandRules, SessionGrants } from './grants.js';
import { notPlanning, type PlanBash } from './plan-policy.js';
import { APPROVAL_MODES, type ApprovalMode, type PolicyMode } from './approval-modes.js';
import type { Decision } from './decision.js';
import { decide, judgedPaths, refusal } from './policy.js';
import { previewChange, type ChangePreview } from './preview.js';
import type { EditorFiles } from '../../../tools/index.js';
import type { ApprovalAnswer, ApprovalPrompter, ApprovalRequest } from './prompter.js';
import { REPEAT_LIMIT, RepeatGuard } from './repeat-guard.js';
import type { Rules } from './rules.js';
import { askChoices, summarize, writeSummary, YES_NO } from './questions.js';
import { isMcpToolName, ownDescription, shownToolName } from '../../extensions/mcp/names.js';

export interface ApprovalGateOptions {
  cwd: string;
  home: string;
  mode: PolicyMode;
  rules: Rules;
  /** tack's own home: the tools may not touch it unless an allow rule names it */
  tackHome?: string;
  /** which files inside the workspace hold secrets: their content is left out of questions */
  secretFile?: (absolute: string) => string | undefined;
  /** who answers questions; without one (print mode) every question is refused */
  prompter?: ApprovalPrompter;
  /** writes "always" answers to the project settings; returns the file written */
  saveAllowRules?: (rules: string[]) => string;
  /** a sentence for the user: a saved rule, a failure to save one */
  notify?: (message: string) => void;
  /** `"mcp": {"trustReadOnlyHints": true}`: MCP tools their server marks read-only run without a question */
  trustReadOnlyHints?: boolean;
  /** the workspace paths that make something run later (runs-later.ts), looked up when a call would change a file */
  runsLater?: () => readonly string[];
  /** plan mode: how bash runs (in the read-only sandbox, or from the read-only list only) */
  planBash?: PlanBash;
  /** unsandboxed: whether the workspace repository's config or hooks could make read-only git run a program */
  gitRunsPrograms?: (dir: string) => boolean;
  /** the editor's buffers (ACP): a change is previewed on what the edit will change */
  editorFiles?: EditorFiles;
}

/** What the PreToolUse hooks answered for a call: "allow" stands for the user's yes, "ask" puts the question even where nothing would ask. */
export interface HookPermission {
  decision: 'allow' | 'ask';
  /** `permissionDecisionReason`: for "ask", shown in the question */
  reason?: string;
}

type AskDecision = Extract<Decision, { kind: 'ask' }>;
type Located = ReadonlyMap<string, RealLocation>;

const block = (reason: string): ToolCallBlock => ({ block: true, reason });

/** How a question about a call the policy did not ask about shows it. */
const KINDS: Record<string, ApprovalRequest['kind']> = { bash: 'bash', edit: 'edit', write: 'edit', read: 'read' };

export class ApprovalGate {
  readonly grants = new SessionGrants();
  private currentMode: PolicyMode;
  private readonly prompter: ApprovalPrompter | undefined;
  private readonly repeats = new RepeatGuard();
  /** one question at a time; parallel calls wait their turn */
  private questions: Promise<unknown> = Promise.resolve();
  /** allow rules of a custom command's `allowed-tools` (for its run only) and of the skills' folders */
  private extensionGrants: ExtensionGrant[] = [];
  /** told when a question is put to the user (the Notification hooks) */
  onQuestion: ((summary: string) => void) | undefined;
  private modeListeners: readonly ((mode: ApprovalMode) => void)[] = [];
  /** the child that made a call waiting here, by the call's arguments object (servers reuse call ids across children) */
  private readonly callers = new WeakMap<object, string>();
  /** the arguments of calls a person, a rule or the mode let write; any other command runs with nothing but /tmp writable */
  private readonly writers = new WeakSet<object>();

  constructor(private readonly o: ApprovalGateOptions) {
    this.currentMode = o.mode;
    this.prompter = o.prompter;
  }

  get mode(): PolicyMode {
    return this.currentMode;
  }

  setMode(mode: ApprovalMode): void {
    const changed = mode !== this.currentMode;
    this.currentMode = mode;
    if (changed) for (const listener of this.modeListeners) listener(mode);
  }

  /** Shift+Tab: ask -> auto-edit -> yolo -> plan -> ask. Returns the new mode. */
  cycleMode(): ApprovalMode {
    const at = APPROVAL_MODES.indexOf(this.currentMode as ApprovalMode);
    const next = APPROVAL_MODES[(at + 1) % APPROVAL_MODES.length];
    this.setMode(next);
    return next;
  }

  /** Told of each change of the mode (ACP and stream-json tell the client). */
  onModeChange(listener: (mode: ApprovalMode) => void): void {
    this.modeListeners = [...this.modeListeners, listener];
  }

  /**
   * Whether a call (its arguments object, the one the tool is given) ran without anyone letting it
   * write: the judge let it through as only looking. The kernel then holds it to that.
   */
  unasked(args: object): boolean {
    return !this.writers.has(args);
  }

  /** The user runs this command themselves (`!command`): it may write what an answered "yes" may. */
  letWrite = (args: object): void => void this.writers.add(args);

  /** How commands run in plan mode: in the read-only sandbox, or (and why) from the read-only list only. */
  get planBash(): PlanBash | undefined {
    return this.o.planBash;
  }

  /** A question of another part of tack (a plan's approval), in turn with the gate's own; undefined when nobody can answer. */
  put(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> | undefined {
    return this.prompter ? this.question<never>(signal, () => request) : undefined;
  }

  /** `located`: where the call's paths really are (`locate`); without it they are judged as written. */
  decide(tool: string, args: Record<string, unknown>, located?: Located, tackHome = this.o.tackHome, readOnlyHint?: boolean, child = false): Decision {
    const extra = this.extensionGrants.length > 0 ? this.reachingRules(tool, args, located, tackHome) : [];
    const ctx = {
      mode: this.currentMode,
      rules: extra.length > 0 ? { ...this.o.rules, allow: [...this.o.rules.allow, ...extra] } : this.o.rules,
      grants: this.grants,
      cwd: this.o.cwd,
      home: this.o.home,
      tackHome,
      located,
      ownOutput: ownTempDirIfMade('output'),
      readOnlyHint,
      trustReadOnlyHints: this.o.trustReadOnlyHints,
      runsLater: tool === 'edit' || tool === 'write' ? this.o.runsLater?.() : undefined,
      planBash: this.o.planBash,
      gitRunsPrograms: tool === 'bash' ? this.o.gitRunsPrograms : undefined,
      child,
    };
    return notPlanning(tool, this.currentMode) ?? decide(tool, args, ctx);
  }

  /** Adds a command's or skill's allow rules, within their reach (deny rules still win), until the returned function is called. */
  allowDuring(grant: ExtensionGrant): () => void {
    if (grant.rules.length === 0) return () => {};
    this.extensionGrants = [...this.extensionGrants, grant];
    return () => {
      this.extensionGrants = this.extensionGrants.filter((g) => g !== grant);
    };
  }

  /** The extension rules that reach every path this call touches (where it really leads, when located). */
  private reachingRules(tool: string, args: Record<string, unknown>, located: Located | undefined, tackHome: string | undefined) {
    const paths = judgedPaths(tool, args, this.o).map(
      (absolute) => located?.get(absolute) ?? { absolute, real: absolute, inside: isInside(this.o.cwd, absolute), finalLink: false, hardLinks: 1 },
    );
    return reachingRules(this.extensionGrants, paths, { cwd: this.o.cwd, home: this.o.home, tackHome });
  }

  /** An MCP tool no call of could run (a deny rule names it whole): the model is not even shown it. */
  hides(tool: string): boolean {
    // judged as if marked read-only: plan mode refuses a call but shows the tool, so the model is told why
    return tool.startsWith('mcp__') && this.decide(tool, {}, undefined, undefined, true).kind === 'deny';
  }

  /** Resolves the symbolic links of every path the policy will judge for this call (the I/O it must not do). */
  async locate(tool: string, args: Record<string, unknown>): Promise<Located> {
    const found = await Promise.all(judgedPaths(tool, args, this.o).map((path) => locate(this.o.cwd, path)));
    return new Map(found.map((where) => [where.absolute, where]));
  }

  private async judge(
    tool: string,
    args: Record<string, unknown>,
    readOnlyHint?: boolean,
    child?: boolean,
  ): Promise<{ decision: Decision; located: Located; tackHome?: string }> {
    const [located, tackHome] = await Promise.all([this.locate(tool, args), this.o.tackHome ? realRoot(this.o.tackHome) : undefined]);
    return { decision: this.decide(tool, args, located, tackHome, readOnlyHint, child), located, tackHome };
  }

  /**
   * `hook`: what the PreToolUse hooks answered. "allow" stands for the user's answer to a question;
   * "ask" asks even when the mode or a rule would let the call run. What the policy refuses stays refused.
   * `repeats`: a child's own count of repeated calls (children side by side are not one model looping).
   */
  readonly beforeToolCall = async (
    call: ToolCall,
    tool: AnyAgentTool | undefined,
    signal: AbortSignal,
    hook?: Partial<HookPermission>,
    caller?: string,
    repeats = this.repeats,
  ): Promise<ToolCallBlock | undefined> => {
    const args = (call.arguments ?? {}) as Record<string, unknown>;
    if (!caller) return this.judgeAndAsk(call, args, tool, signal, hook, repeats);
    this.callers.set(args, caller);
    return this.judgeAndAsk(call, args, tool, signal, hook, repeats).finally(() => this.callers.delete(args));
  };

  private async judgeAndAsk(
    call: ToolCall,
    args: Record<string, unknown>,
    tool: AnyAgentTool | undefined,
    signal: AbortSignal,
    hook: Partial<HookPermission> | undefined,
    repeats: RepeatGuard,
  ): Promise<ToolCallBlock | undefined> {
    if (repeats.record(call.name, args) >= REPEAT_LIMIT) {
      const stop = await this.onRepeat(call, args, signal, repeats);
      if (stop) return stop;
    }
    const { decision, located, tackHome } = await this.judge(call.name, args, tool?.readOnlyHint, this.callers.has(args));
    if (decision.kind === 'deny') return block(decision.message);
    if (hook?.decision === 'ask') return this.wrote(args, await this.askForHook(call, args, hook.reason, signal, located));
    if (decision.kind === 'allow' || hook?.decision === 'allow') {
      // a hook's "allow" stands for the user's yes; the judge's read-only verdict is only a judgement
      if (hook?.decision === 'allow' || !(decision.kind === 'allow' && decision.readOnly)) this.writers.add(args);
      return undefined;
    }
    return this.wrote(args, await this.ask(call, args, decision, signal, located, tackHome, tool));
  }

  /** A call let through by an answer may write. */
  private wrote(args: object, blocked: ToolCallBlock | undefined): ToolCallBlock | undefined {
    return blocked ?? void this.writers.add(args);
  }

  /** A PreToolUse hook wants the user's yes for this call: a plain yes/no (no "always": the hook asks each time). */
  private async askForHook(
    call: ToolCall,
    args: Record<string, unknown>,
    why: string | undefined,
    signal: AbortSignal,
    located: Located,
  ): Promise<ToolCallBlock | undefined> {
    const reason = why ? `A PreToolUse hook asks for your approval: ${why}` : 'A PreToolUse hook asks for your approval';
    if (!this.prompter) {
      return block(
        `refused: a PreToolUse hook asks the user to approve this call${why ? ` (${why})` : ''}, and nobody is here to answer; nothing was done. ` +
          'Tell the user what you need.',
      );
    }
    const hidden = this.hiddenPreview(call.name, located);
    const preview = hidden ? undefined : await previewChange(call.name, args, this.o.cwd, this.o.editorFiles);
    const answer = await this.question<never>(signal, () => this.request(call, args, KINDS[call.name] ?? 'other', reason, [...YES_NO], preview, hidden));
    if (signal.aborted) return block('interrupted: the user stopped the agent while this call waited for approval');
    return answer.answer === 'no' ? block(declinedText(answer.reason)) : undefined;
  }

  private async onRepeat(call: ToolCall, args: Record<string, unknown>, signal: AbortSignal, repeats: RepeatGuard): Promise<ToolCallBlock | undefined> {
    const what = summarize(call.name, args, this.o);
    const sentence = `the model made the same call ${REPEAT_LIMIT} times in a row (${what})`;
    if (!this.prompter) {
      // nobody to ask (print mode): the call is refused and the run ends after this batch
      const stop = `stopped: ${sentence}; it looks stuck in a loop`;
      return { ...block(`${stop}, so the run was stopped`), stopRun: stop };
    }
    const answer = await this.question<never>(signal, () => ({
      toolCallId: call.id,
      tool: call.name,
      args,
      kind: 'repeat',
      summary: `Repeat ${what}`,
      reason: `${sentence}; it may be stuck in a loop`,
      choices: [
        { label: 'Yes, run it again', key: 'y', answer: { answer: 'yes' } },
        { label: 'No, and tell the model to try something else', key: 'n', answer: { answer: 'no' } },
      ],
    }));
    if (answer.answer === 'no') return block(declinedText(answer.reason, 'you repeated the same call; try a different approach'));
    repeats.reset();
    return undefined;
  }

  private async ask(
    call: ToolCall,
    args: Record<string, unknown>,
    decision: AskDecision,
    signal: AbortSignal,
    located: Located,
    tackHome: string | undefined,
    tool?: AnyAgentTool,
  ): Promise<ToolCallBlock | undefined> {
    if (!this.prompter) return block(refusal(decision));
    const hidden = this.hiddenPreview(call.name, located);
    const preview = hidden ? undefined : await previewChange(call.name, args, this.o.cwd, this.o.editorFiles);
    // A routine edit that cannot apply is not worth a question: the tool will explain what is wrong.
    if (preview && !preview.ok && decision.routine && decision.subject.type === 'edit') return undefined;
    const answer = await this.question(signal, () => {
      // An answer to an earlier question (a session grant) may have settled this one.
      const now = this.decide(call.name, args, located, tackHome);
      if (now.kind === 'allow') return { settled: undefined };
      if (now.kind === 'deny') return { settled: block(now.message) };
      const kind = now.subject.type === 'tool' || now.subject.type === 'fetch' ? 'other' : now.subject.type;
      const reason = `${now.reason[0].toUpperCase()}${now.reason.slice(1)}`;
      const request = this.request(call, args, kind, reason, askChoices(now, this.o.cwd, this.o.saveAllowRules !== undefined), preview, hidden);
      if (now.warning) request.note = now.warning;
      if (now.routine) request.routine = true;
      if (isMcpToolName(call.name)) {
        // the model reads the tool's own name in a refusal; the user reads the one name the screen uses
        request.reason = reason.replaceAll(call.name, shownToolName(call.name));
        if (tool) request.about = ownDescription(tool.description);
      }
      return request;
    });
    if ('settled' in answer) return answer.settled;
    if (signal.aborted) return block('interrupted: the user stopped the agent while this call waited for approval');
    if (answer.answer === 'no') return block(declinedText(answer.reason));
    if (answer.answer === 'always' && answer.scope) this.grant(answer);
    return undefined;
  }

  private request(
    call: ToolCall,
    args: Record<string, unknown>,
    kind: ApprovalRequest['kind'],
    reason: string,
    choices: ApprovalRequest['choices'],
    preview: ChangePreview | undefined,
    hidden: string | undefined,
  ): ApprovalRequest {
    const request: ApprovalRequest = { toolCallId: call.id, tool: call.name, args, kind, summary: summarize(call.name, args, this.o), reason, choices };
    if (preview?.ok) request.diff = preview.diff;
    if (preview?.ok && call.name === 'write') request.summary = writeSummary(request.summary, preview);
    if (preview && !preview.ok) request.note = preview.problem;
    if (hidden) request.note = hidden;
    if (call.name === 'bash') request.command = String(args.command ?? '');
    return request;
  }

  /** Why a change is asked about without its diff: the file holds secrets, or the path is a link that leads out. */
  private hiddenPreview(tool: string, located: Located): string | undefined {
    if (tool !== 'edit' && tool !== 'write') return undefined;
    for (const where of located.values()) {
      const secret = this.o.secretFile?.(where.absolute) ?? this.o.secretFile?.(where.real);
      if (secret) return `the diff is not shown: ${displayPath(this.o.cwd, where.absolute)} usually holds secrets`;
      if (where.finalLink && !where.inside)
        return `${describeLocation(this.o.cwd, where)}: the link is replaced by a file; the file it points to is not changed`;
    }
    return undefined;
  }

  /** Asks one question once the previous one is answered; `build` may settle it without asking. */
  private question<T extends object>(signal: AbortSignal, build: () => ApprovalRequest | T): Promise<ApprovalAnswer | T> {
    const turn = this.questions.then(async (): Promise<ApprovalAnswer | T> => {
      if (signal.aborted) return { answer: 'no' };
      const built = build();
      if (!('choices' in built)) return built;
      const prompter = this.prompter;
      if (!prompter) return { answer: 'no', reason: 'nobody was there to answer' };
      const caller = this.callers.get(built.args);
      if (caller) built.summary = `[${caller}] ${built.summary}`;
      this.onQuestion?.(built.summary);
      const aborted = new Promise<ApprovalAnswer>((resolve) => signal.addEventListener('abort', () => resolve({ answer: 'no' }), { once: true }));
      return Promise.race([prompter(built, signal), aborted]);
    });
    this.questions = turn.catch(() => undefined);
    return turn;
  }

  private grant(answer: ApprovalAnswer): void {
    const scope = answer.scope!;
    if (scope.kind === 'path') this.grants.grantPath(scope.access, scope.path);
    else if (scope.kind === 'all-edits') this.grants.allEdits = true;
    else if (scope.kind === 'tool') this.grants.grantTool(scope.name);
    else {
      if (scope.kind === 'host') this.grants.grantHost(scope.host);
      else this.grants.grantCommands(scope.prefixes, scope.exact);
      if (scope.save && this.o.saveAllowRules) {
        const rules = scope.kind === 'host' ? [`fetch(domain:${scope.host})`] : commandRules(scope.prefixes, scope.exact);
        try {
          const file = this.o.saveAllowRules(rules);
          this.o.notify?.(`saved ${rules.join(', ')} to permissions.allow in ${file}`);
        } catch (error) {
          this.o.notify?.(`could not save ${rules.join(', ')}: ${(error as Error).message}`);
        }
      }
    }
  }
}
