// What the hooks of one event decided, read from their exit codes and output as Claude Code documents
// it. Exit 0: go on (stdout may be JSON with a decision, or context); exit 2: block with stderr;
// anything else, a timeout, or JSON that does not parse: a failure that is reported and blocks nothing.
import { stripControls, visible } from '../../text/terminal-text.js';
import type { HookRun } from './runner.js';

export interface HookOutcome {
  /** a hook blocked: the reason (stderr of exit 2, or its JSON `reason`) */
  block: string | undefined;
  /** `permissionDecision` of a PreToolUse hook (the strictest one wins) */
  permission: 'allow' | 'deny' | 'ask' | undefined;
  /** the `permissionDecisionReason`s of the hooks that gave the winning decision (for "ask": shown in the question) */
  permissionReason: string | undefined;
  /** `updatedInput` of a PreToolUse hook: the tool's input to use instead (the last hook that gave one wins) */
  updatedInput: Record<string, unknown> | undefined;
  /** text to add for the model (`additionalContext`, or plain stdout of UserPromptSubmit/SessionStart) */
  context: string[];
  /** `continue: false`: stop, for this reason */
  stop: string | undefined;
  /** one sentence per hook that failed */
  failures: string[];
}

const STRICTNESS = { allow: 0, ask: 1, deny: 2 } as const;

/** A failing hook's last words, for the user: its escapes and controls are noise, stripped. */
function short(text: string): string {
  const line = stripControls(text).trim().split('\n').at(-1) ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The hook by its command, drawn visibly: the user must see what ran. */
export function hookLabel(run: HookRun): string {
  const command = run.spec.command.length > 60 ? `${run.spec.command.slice(0, 59)}…` : run.spec.command;
  return `the ${run.spec.event} hook "${visible(command)}" (${visible(run.spec.source)})`;
}

export function readOutcome(runs: readonly HookRun[], plainStdoutIsContext: boolean): HookOutcome {
  const out: HookOutcome = {
    block: undefined,
    permission: undefined,
    permissionReason: undefined,
    updatedInput: undefined,
    context: [],
    stop: undefined,
    failures: [],
  };
  const blocks: string[] = [];
  const reasons: Record<'allow' | 'ask', string[]> = { allow: [], ask: [] };
  for (const run of runs) {
    if (run.timedOut) {
      out.failures.push(`${hookLabel(run)} timed out after ${run.spec.timeoutSeconds} s`);
      continue;
    }
    if (run.code === 2) {
      blocks.push(run.stderr.trim() || `blocked by ${hookLabel(run)}`);
      continue;
    }
    if (run.code !== 0) {
      const said = short(run.stderr);
      out.failures.push(`${hookLabel(run)} failed (exit ${run.code ?? 'killed'})${said ? `: ${said}` : ''}`);
      continue;
    }
    const text = run.stdout.trim();
    if (!text.startsWith('{')) {
      if (text && plainStdoutIsContext) out.context.push(text);
      continue;
    }
    let json: Record<string, any>;
    try {
      json = JSON.parse(text);
    } catch {
      out.failures.push(`${hookLabel(run)} printed JSON that does not parse; its output was ignored`);
      continue;
    }
    const specific = (json.hookSpecificOutput ?? {}) as Record<string, unknown>;
    const reason = typeof json.reason === 'string' ? json.reason : undefined;
    if (json.decision === 'block') blocks.push(reason ?? `blocked by ${hookLabel(run)}`);
    const permission = specific.permissionDecision ?? (json.decision === 'approve' ? 'allow' : undefined);
    if (permission === 'allow' || permission === 'deny' || permission === 'ask') {
      if (!out.permission || STRICTNESS[permission] > STRICTNESS[out.permission]) out.permission = permission;
      const why = typeof specific.permissionDecisionReason === 'string' ? specific.permissionDecisionReason.trim() : '';
      if (permission === 'deny') blocks.push(why || (reason ?? `denied by ${hookLabel(run)}`));
      else if (why) reasons[permission].push(why);
    }
    const updated = specific.updatedInput;
    if (updated && typeof updated === 'object' && !Array.isArray(updated)) out.updatedInput = updated as Record<string, unknown>;
    for (const extra of [json.additionalContext, specific.additionalContext]) if (typeof extra === 'string' && extra.trim()) out.context.push(extra.trim());
    if (json.continue === false) out.stop = typeof json.stopReason === 'string' ? json.stopReason : `stopped by ${hookLabel(run)}`;
  }
  out.block = blocks.length > 0 ? blocks.join('\n') : undefined;
  if (out.permission === 'allow' || out.permission === 'ask') out.permissionReason = reasons[out.permission].join('; ') || undefined;
  return out;
}
