// The permission policy as a pure function: (tool, arguments, mode, rules, session grants) ->
// allow | ask | deny, with a sentence saying why. No I/O, so every case is one row of a table test.
import { isAbsolute } from 'node:path';
import { displayPath, expandHome, isInside, resolvePath } from '../../../tools/fs/paths.js';
import { describeLocation, leadsOut, type RealLocation } from '../../../tools/fs/real-path.js';
import { isRunsLater } from '../../../tools/sandbox/runs-later.js';
import { commandGrant, commandRules, grantCover, mergeCovers, type CommandGrant } from './grants.js';
import { classify, setsRiskyVariables } from './read-only.js';
import type { AskDecision, AskSubject, Decision, PolicyContext } from './decision.js';
import { planVerdict } from './plan-policy.js';
import { matchesCommand, matchesPath, ruleCovers, suggestPathRule, type Rule, type RuleList, type Rules } from './rules.js';
import { secretMatch, secretsBelow, secretsReached } from './secrets.js';
import { commandName, judgeCommandLine, type JudgedCommand } from './shell-unwrap.js';
import { type CommandPlace, commandPlaces, gitFolder, wordReach } from './command-places.js';
import { TODO_TOOL } from '../todo/list.js';
import { decideWeb } from './web-policy.js';
import { controlCharacter, visible } from '../../text/terminal-text.js';

const LOOKING_TOOLS = new Set(['read', 'grep', 'find', 'ls']);
const JOB_TOOLS = new Set(['job_output', 'job_stop']);
const CHANGING_TOOLS = new Set(['edit', 'write']);
const NEEDS_YOLO = '--approval yolo or an allow rule';
const NEEDS_AUTO_EDIT = '--approval auto-edit, --approval yolo or an allow rule';

function firstRule(rules: Rules, list: RuleList, test: (rule: Rule) => boolean): Rule | undefined {
  return rules[list].find(test);
}

/** Files that make something run later without a question (the one list: tools/sandbox/runs-later.ts). */
function isControlFile(absolute: string, ctx: PolicyContext): boolean {
  return isRunsLater(absolute, ctx.cwd, ctx.runsLater);
}

/** The path a file tool will touch, read exactly as the tool reads it. */
function toolPath(args: Record<string, unknown>, ctx: Pick<PolicyContext, 'cwd' | 'home'>): string {
  return resolvePath(ctx.cwd, typeof args.path === 'string' ? args.path : '.', ctx.home).absolute;
}

/** A path nobody looked up: judged as written. */
function asWritten(absolute: string, ctx: PolicyContext): RealLocation {
  return ctx.located?.get(absolute) ?? { absolute, real: absolute, inside: isInside(ctx.cwd, absolute), finalLink: false, hardLinks: 1 };
}

/** The absolute paths `decide` judges for a call: what the caller should locate first. */
export function judgedPaths(tool: string, args: Record<string, unknown>, ctx: Pick<PolicyContext, 'cwd' | 'home'>): string[] {
  if (LOOKING_TOOLS.has(tool) || CHANGING_TOOLS.has(tool)) return [toolPath(args, ctx)];
  if (tool !== 'bash' || typeof args.command !== 'string') return [];
  const paths: string[] = [];
  const { commands } = judgeCommandLine(args.command);
  const places = commandPlaces(commands, ctx.cwd, ctx.home);
  commands.forEach((cmd, i) => {
    const verdict = classify(cmd);
    if (!verdict.readOnly) return;
    for (const word of verdict.paths) {
      const reach = wordReach(word, places[i]!, ctx.home);
      paths.push(...reach.paths, ...reach.searched);
    }
  });
  return paths;
}

export function decide(tool: string, args: Record<string, unknown>, ctx: PolicyContext): Decision {
  if (ctx.mode === 'plan') {
    const verdict = planVerdict(tool, args, {
      bash: ctx.planBash ?? { sandboxed: false, why: 'no sandbox was set up' },
      readOnlyHint: ctx.readOnlyHint,
      child: ctx.child,
    });
    if (verdict.kind !== 'judge') return verdict;
    return decide(tool, args, { ...ctx, mode: verdict.as });
  }
  if (tool.startsWith('mcp__')) return decideMcp(tool, ctx);
  // the model's own todo list: it changes nothing of the user's
  if (tool === TODO_TOOL) return { kind: 'allow' };
  if (tool === 'fetch' || tool === 'search') return decideWeb(tool, args, ctx);
  if (tool === 'bash') return decideCommandLine(typeof args.command === 'string' ? args.command : '', ctx);
  if (LOOKING_TOOLS.has(tool) || CHANGING_TOOLS.has(tool)) return decidePath(tool, toolPath(args, ctx), ctx);
  // reading or ending a job bash started, which was judged as any command when it started
  if (JOB_TOOLS.has(tool)) return { kind: 'allow' };
  // a task only hands a job to a child, whose every call this gate judges
  if (tool === 'task') return { kind: 'allow' };
  if (ctx.mode === 'yolo' || ctx.mode === 'auto') return { kind: 'allow' };
  return { kind: 'ask', reason: `using the ${tool} tool`, needs: NEEDS_YOLO, detail: tool, subject: { type: 'tool' }, routine: true };
}

/**
 * An MCP tool is the user's own program, but what it does is unknown to tack: it asks in every mode
 * but yolo (print mode's `auto` refuses), unless a rule allows it or the user trusts the server's
 * read-only marks. Its arguments are not judged, so a rule covers the tool whole.
 */
function decideMcp(tool: string, ctx: PolicyContext): Decision {
  const applies = (rule: Rule) => ruleCovers(rule, tool);
  const denied = firstRule(ctx.rules, 'deny', applies);
  if (denied) return { kind: 'deny', message: `refused: the MCP tool ${tool} is denied by the rule "${denied.text}" in permissions.deny` };
  const subject: AskSubject = { type: 'tool' };
  const asked = firstRule(ctx.rules, 'ask', applies);
  if (asked)
    return {
      kind: 'ask',
      reason: `using an MCP tool covered by the rule "${asked.text}" in permissions.ask`,
      needs: 'an answer',
      detail: tool,
      subject,
      routine: false,
    };
  if (firstRule(ctx.rules, 'allow', applies) || ctx.grants.allowsTool(tool)) return { kind: 'allow' };
  if (ctx.mode === 'yolo') return { kind: 'allow' };
  if (ctx.readOnlyHint && ctx.trustReadOnlyHints) return { kind: 'allow' };
  return { kind: 'ask', reason: `using the MCP tool ${tool}`, needs: NEEDS_YOLO, detail: tool, suggestion: tool, subject, routine: true };
}

function decidePath(tool: string, absolute: string, ctx: PolicyContext): Decision {
  const changes = CHANGING_TOOLS.has(tool);
  const verb = changes ? 'changing' : 'reading';
  const where = asWritten(absolute, ctx);
  const real = where.real;
  const spellings = real === absolute ? [absolute] : [absolute, real];
  // deny and ask rules hold for the path as written and for where it leads; an allow rule must name the real place
  const appliesToAny = (rule: Rule) => ruleCovers(rule, tool) && spellings.some((p) => matchesPath(rule, p, ctx.cwd));
  const appliesToReal = (rule: Rule) => ruleCovers(rule, tool) && matchesPath(rule, real, ctx.cwd);
  const inside = where.inside;
  const detail = real === absolute && where.hardLinks <= 1 ? absolute : describeLocation(ctx.cwd, where);
  const subject: AskSubject = changes ? { type: 'edit', path: real, inside } : { type: 'read', path: real };
  const rule = suggestPathRule(changes ? 'edit' : 'read', real, ctx.cwd);
  const ask = (reason: string, needs: string, suggestion: string | undefined = rule, routine = false): Decision => ({
    kind: 'ask',
    reason,
    needs,
    detail,
    suggestion,
    subject,
    routine,
  });

  const denied = firstRule(ctx.rules, 'deny', appliesToAny);
  if (denied) return { kind: 'deny', message: `refused: ${verb} ${detail} is denied by the rule "${denied.text}" in permissions.deny` };
  const linkedOut = leadsOut(ctx.cwd, where) && real !== absolute;
  if (changes && linkedOut && (tool === 'edit' || !where.finalLink)) {
    return {
      kind: 'deny',
      message:
        `refused: ${detail} leads outside the workspace through a symbolic link, and tack never writes through one` +
        (where.finalLink ? '; write replaces the link itself with a file, if that is what you want' : ''),
    };
  }
  const asked = firstRule(ctx.rules, 'ask', appliesToAny);
  if (asked) return ask(`${verb} a file covered by the rule "${asked.text}" in permissions.ask`, 'an answer');
  const allowed = firstRule(ctx.rules, 'allow', appliesToReal);
  // a workspace inside tack's home (a `tack -w` worktree) is the tools' own, the rest of the home is
  // not; a home inside the workspace (tack run in ~) stays closed
  const ownWorkspace = ctx.tackHome !== undefined && isInside(ctx.tackHome, ctx.cwd) && isInside(ctx.cwd, real);
  if (!allowed && ctx.tackHome && isInside(ctx.tackHome, real) && !ownWorkspace) {
    return {
      kind: 'deny',
      message:
        `refused: ${detail} is in tack's own home (${ctx.tackHome}: settings and the sessions of every project); ` +
        `the tools never ${changes ? 'change' : 'read'} it unless a permissions.allow rule names it`,
    };
  }
  if (allowed || ctx.grants.allowsPath(changes ? 'edit' : 'read', real)) return { kind: 'allow' };
  if (!changes && ctx.ownOutput && isInside(ctx.ownOutput, real)) return { kind: 'allow' };
  if (ctx.mode === 'yolo') return { kind: 'allow' };

  if (changes) {
    if (linkedOut) return ask(`replacing the symbolic link ${displayPath(ctx.cwd, absolute)} (it points outside the workspace) with a file`, NEEDS_YOLO);
    if (!inside) return ask('writing outside the workspace', NEEDS_YOLO);
    if (isControlFile(absolute, ctx) || isControlFile(real, ctx))
      return ask(
        'changing what runs later (git hooks and config, .tack, .mcp.json, .claude, .agents, .vscode, .opencode, .gemini, or a script a hook or MCP server runs)',
        NEEDS_YOLO,
      );
    if (ctx.mode === 'ask' && !ctx.grants.allEdits) return ask('changing files', NEEDS_AUTO_EDIT, rule, true);
    return { kind: 'allow' };
  }
  const secret = secretMatch(absolute, ctx.home) ?? (real !== absolute ? secretMatch(real, ctx.home) : undefined);
  if (secret) return ask(`reading a file that usually holds secrets (${secret})`, NEEDS_YOLO);
  // like writes: nobody answering (print mode) means refused
  if (!inside) return ask('reading outside the workspace', NEEDS_YOLO);
  return { kind: 'allow' };
}

function decideCommandLine(line: string, ctx: PolicyContext): Decision {
  const judged = judgeCommandLine(line);
  const bashRules = (list: RuleList) => ctx.rules[list].filter((r) => ruleCovers(r, 'bash'));
  // A line we could not follow is still checked whole against the deny rules.
  const deniedWhole = judged.problem ? bashRules('deny').find((r) => matchesCommand(r, [line])) : undefined;
  if (deniedWhole) return { kind: 'deny', message: `refused: this command line is denied by the rule "${deniedWhole.text}" in permissions.deny` };

  const places = commandPlaces(judged.commands, ctx.cwd, ctx.home);
  const decisions = judged.commands.map((cmd, i) => decideCommand(cmd, places[i]!, ctx));
  const denied = decisions.find((d) => d.kind === 'deny');
  if (denied) return denied;
  const asks = decisions.filter((d): d is AskDecision => d.kind === 'ask');
  // A carriage return or escape in a command can make a terminal show another command than the one
  // that runs; no allow rule or read-only verdict is trusted with it.
  const control = controlCharacter(line);
  if (control && ctx.mode !== 'yolo') {
    return {
      kind: 'ask',
      reason: `running a command that contains a control character (${control})`,
      needs: NEEDS_YOLO,
      detail: visible(line),
      subject: { type: 'bash', commands: [line], prefixes: [] },
      routine: false,
      warning: `This command contains ${control}: a terminal would not show all of it. Every control character is shown here as written.`,
    };
  }
  if (judged.problem && (ctx.mode === 'ask' || ctx.mode === 'auto-edit')) {
    asks.unshift({
      kind: 'ask',
      reason: `running a command line tack cannot fully follow (${judged.problem})`,
      needs: NEEDS_YOLO,
      detail: line,
      subject: { type: 'bash', commands: [line], prefixes: [] },
      routine: false,
    });
  }
  if (asks.length === 0) return decisions.every((d) => d.kind === 'allow' && d.readOnly) ? { kind: 'allow', readOnly: true } : { kind: 'allow' };
  // One question for the whole line, covering every part that needs an answer.
  const commands = asks.flatMap((a) => (a.subject.type === 'bash' ? a.subject.commands : []));
  const covers = mergeCovers(asks.map((a) => (a.subject.type === 'bash' ? a.subject : { prefixes: [] })));
  return { ...asks[0], reason: allReasons(asks.map((a) => a.reason)), subject: { type: 'bash', commands, ...covers } };
}

/** Every part's reason, once: "running `sed -i …` and `echo … > notes.txt`", not only the first. */
function allReasons(reasons: string[]): string {
  const unique = [...new Set(reasons)];
  if (unique.length === 1) return unique[0]!;
  const running = unique.every((r) => r.startsWith('running `')) ? unique.map((r) => r.slice('running '.length)) : undefined;
  if (!running) return unique.join('; ');
  return `running ${running.slice(0, -1).join(', ')} and ${running.at(-1)}`;
}

function decideCommand(cmd: JudgedCommand, place: CommandPlace, ctx: PolicyContext): Decision {
  const judgedText = cmd.words.join(' ');
  const applies = (rule: Rule) => ruleCovers(rule, 'bash') && matchesCommand(rule, cmd.views);
  const denied = firstRule(ctx.rules, 'deny', applies);
  if (denied)
    return { kind: 'deny', message: `refused: "${cmd.text}" is denied by the rule "${denied.text}" in permissions.deny; do not try to get around it` };
  const grant = commandGrant(cmd.words, cmd.text, cmd.literal);
  const grantRule = grant && commandRules(grantCover(grant).prefixes, grantCover(grant).exact)[0];
  /** `covers`: what an "always" answer would cover; none for a question about a file it reads */
  const ask = (reason: string, needs: string, suggestion?: string, covers?: CommandGrant): Decision => ({
    kind: 'ask',
    reason,
    needs,
    detail: cmd.text,
    suggestion,
    subject: { type: 'bash', commands: [cmd.text], ...grantCover(covers) },
    routine: covers !== undefined,
  });
  const asked = firstRule(ctx.rules, 'ask', applies);
  if (asked) return ask(`running a command covered by the rule "${asked.text}" in permissions.ask`, 'an answer');
  // An elevated command is allowed only by a rule that names the elevation itself, and one run with
  // variables that change what it runs (`GIT_CONFIG_*=…`, `LD_PRELOAD=…`) only by a rule naming them.
  const risky = setsRiskyVariables(cmd);
  const allowTexts = cmd.elevated ? [judgedText] : risky ? [cmd.text] : [judgedText, cmd.text];
  if (firstRule(ctx.rules, 'allow', (r) => ruleCovers(r, 'bash') && matchesCommand(r, allowTexts)) || (!risky && ctx.grants.allowsCommand(cmd))) {
    return { kind: 'allow' };
  }
  const verdict = classify(cmd);
  // unsandboxed, `git diff` or `git status` here would run the repository's filter, diff driver or hook
  if (
    verdict.readOnly &&
    ctx.gitRunsPrograms &&
    commandName(cmd.words[0]) === 'git' &&
    ctx.mode !== 'yolo' &&
    ctx.mode !== 'auto' &&
    (place.lost || place.folders.some((folder) => ctx.gitRunsPrograms!(gitFolder(cmd.words, folder))))
  )
    return ask(`running \`${cmd.text}\`, which here may run a program this repository's git config or hooks name`, NEEDS_YOLO, grantRule, grant);
  // read deny rules hold in yolo too, like every deny rule
  if (ctx.mode === 'yolo' && !verdict.readOnly) return { kind: 'allow' };
  if (verdict.readOnly) {
    const reach = verdict.paths.map((word) => wordReach(word, place, ctx.home));
    const lost = (word: string, i: number) => reach[i]!.unfollowed || (place.lost && !isAbsolute(expandHome(word, ctx.home)));
    const unplaced = ctx.mode === 'yolo' ? undefined : verdict.paths.find(lost);
    if (unplaced !== undefined) {
      const reason = `reading \`${unplaced}\`, which tack cannot place: the line moves or sets it in a way tack does not follow (every command starts in the workspace)`;
      return ask(reason, NEEDS_YOLO);
    }
    const named = ctx.mode === 'yolo' ? undefined : reach.find((r) => r.namedSecret)?.namedSecret;
    if (named) return ask(`reading a file that usually holds secrets (${named})`, NEEDS_YOLO);
    const reached = ctx.mode === 'yolo' ? [] : [...new Set(reach.flatMap((r) => r.patterns.flatMap((p) => secretsReached(p, ctx.home, verdict.recursive))))];
    if (reached.length > 0) return ask(`reading what a pattern matches, the home folder's secrets among it (${some(reached)})`, NEEDS_YOLO);
    const searched = new Set(reach.flatMap((r) => r.searched));
    const read = [...new Set(reach.flatMap((r) => [...r.paths, ...r.searched]))].map((path) => asWritten(path, ctx));
    const spellings = (where: RealLocation) => (where.real === where.absolute ? [where.real] : [where.absolute, where.real]);
    const readRules = (list: RuleList, on: string[]) => firstRule(ctx.rules, list, (r) => ruleCovers(r, 'read') && on.some((p) => matchesPath(r, p, ctx.cwd)));
    // a deny rule on any file the command reads beats a question about another
    for (const where of read) {
      const denied = readRules('deny', spellings(where));
      if (denied) return { kind: 'deny', message: `refused: reading ${where.absolute} is denied by the rule "${denied.text}" in permissions.deny` };
    }
    for (const where of read) {
      if (ctx.mode === 'yolo' || readRules('allow', [where.real]) || ctx.grants.allowsPath('read', where.real)) continue;
      const secret = spellings(where)
        .map((p) => secretMatch(p, ctx.home))
        .find(Boolean);
      const readRule = suggestPathRule('read', where.real, ctx.cwd);
      if (secret) return ask(`reading a file that usually holds secrets (${secret})`, NEEDS_YOLO, readRule);
      // a pattern's folder is judged by what the pattern reaches, above
      const below = verdict.recursive && !searched.has(where.absolute) ? spellings(where).flatMap((p) => secretsBelow(p, ctx.home)) : [];
      if (below.length > 0) return ask(`reading every file under ${where.absolute}, the home folder's secrets included (${some(below)})`, NEEDS_YOLO, readRule);
      // commands run in the sandbox, which is their boundary; in print mode they may read outside
      if (!where.inside && ctx.mode === 'ask') return ask('reading outside the workspace', NEEDS_AUTO_EDIT, readRule);
    }
    if (ctx.mode !== 'yolo' && reach.some((r) => r.anywhere)) return ask('reading a path the shell fills in: any file', NEEDS_YOLO);
    return ctx.mode === 'yolo' || ctx.mode === 'auto' ? { kind: 'allow' } : { kind: 'allow', readOnly: true };
  }
  if (ctx.mode === 'auto') return { kind: 'allow' };
  // a bare assignment (`PATH=…`) has no program an "always" answer could name
  if (cmd.words.length === 0 || risky) return ask(`running \`${cmd.text}\``, NEEDS_YOLO);
  return ask(`running \`${cmd.text}\``, NEEDS_YOLO, grantRule, grant);
}

/** The first two of a list, and an ellipsis for the rest. */
const some = (names: string[]) => (names.length > 2 ? `${names.slice(0, 2).join(', ')}, …` : names.join(', '));

/** The tool result the model gets when a question cannot be asked (print mode). */
export function refusal(decision: AskDecision): string {
  const hint = decision.suggestion ? ` (e.g. "${decision.suggestion}" in permissions.allow of .tack/config.json)` : '';
  return (
    `refused: ${decision.reason} needs ${decision.needs}${hint}; nothing was done: ${decision.detail}. ` +
    'Work inside the workspace with what is allowed, or tell the user what you need.'
  );
}
