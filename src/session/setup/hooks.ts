// The session's hooks: which run on each event, what goes to them, and what their outcome does —
// PreToolUse blocks a call, PostToolUse adds to a result (a formatter runs), UserPromptSubmit adds
// context or refuses the prompt, Stop makes the agent go on. Failures are told, never fatal.
import type { Agent } from '../../agent/agent.js';
import type { AgentToolResult, AnyAgentTool, ToolCallBlock } from '../../agent/types.js';
import { textOf } from '../../ai/content.js';
import type { ToolCall } from '../../ai/types.js';
import { claudeToolName } from '../../extensions/claude-names.js';
import { readOutcome, type HookOutcome } from '../../extensions/hooks/outcome.js';
import { runHooks } from '../../extensions/hooks/runner.js';
import type { HookSpec } from '../../extensions/hooks/sources.js';
import type { HookEvent } from '../../config/hooks-schema.js';
import { changedPins, pinName, pinRuns, type Pin } from '../../trust/run-pins.js';
import type { HookPermission } from '../permissions/gate.js';
import { visible } from '../../text/terminal-text.js';
import { hookRuns } from './run-files.js';

export interface SessionHooksOptions {
  cwd: string;
  /** the scrubbed environment tool processes get */
  env: Record<string, string>;
  /** a failed hook, told once per failure */
  note: (message: string) => void;
  /** the session's id and file at the moment (they change with /new) */
  ids: () => { sessionId: string; transcriptPath: string | null };
}

/** Claude Code's names: a question waits for the user; a turn is over and the app waits for the next message. */
export type NotificationType = 'permission_prompt' | 'idle_prompt';

/** A Stop hook may send the agent back at most this many times in a row. */
export const STOP_CONTINUES = 5;

function matches(matcher: string | undefined, tool: string | undefined): boolean {
  if (matcher === undefined || tool === undefined) return true;
  const names = [tool, claudeToolName(tool)];
  try {
    const re = new RegExp(`^(?:${matcher})$`);
    return names.some((n) => re.test(n));
  } catch {
    return names.includes(matcher);
  }
}

/** tack's arguments, with Claude Code's `file_path` beside `path` so hooks written for Claude read them. */
function toolInput(args: Record<string, unknown>): Record<string, unknown> {
  return typeof args.path === 'string' ? { ...args, file_path: args.path } : args;
}

/** A hook's input in Claude's names back in tack's: `file_path` is tack's `path`. */
function fromClaudeInput(input: Record<string, unknown>, original: Record<string, unknown>): Record<string, unknown> {
  if (!('file_path' in input) || 'file_path' in original) return input;
  const { file_path, ...rest } = input;
  return { ...rest, path: file_path };
}

/** What the PreToolUse hooks said, short of a block: the gate's answer, and the input to use instead. */
export interface PreToolUseAnswer extends Partial<HookPermission> {
  updatedInput?: Record<string, unknown>;
}

const hookText = (r: AgentToolResult) => textOf(r.content).slice(0, 64 * 1024);

const followedByHooks = new WeakSet<AnyAgentTool>();

/** Whether PostToolUse hooks run after this tool: they may change files its arguments do not name. */
export function runsHooksAfter(tool: AnyAgentTool): boolean {
  return followedByHooks.has(tool);
}

export class SessionHooks {
  /** what each hook runs in the workspace, as it was when the session started */
  private readonly pins: Map<HookSpec, Pin[]>;

  constructor(
    readonly specs: readonly HookSpec[],
    private readonly o: SessionHooksOptions,
  ) {
    this.pins = new Map(specs.map((spec) => [spec, pinRuns(hookRuns(spec, o.cwd))]));
  }

  /** A hook whose script changed since the session started does not run: the agent may have written it. */
  private unchanged(spec: HookSpec): boolean {
    const changed = changedPins(this.pins.get(spec) ?? []);
    if (changed.length === 0) return true;
    const names = changed.map((pin) => pinName(pin.key, this.o.cwd)).join(', ');
    this.o.note(
      `the ${spec.event} hook "${visible(spec.command)}" did not run: ${visible(names)} changed since this session started, ` +
        'and a hook runs outside the sandbox; review the change, then start tack again (the trust question shows it)',
    );
    return false;
  }

  /** `target`: what the matchers are tried on (a tool's name; a Notification's type). */
  private async fire(event: HookEvent, payload: Record<string, unknown>, target?: string, signal?: AbortSignal): Promise<HookOutcome | undefined> {
    const specs = this.specs.filter((s) => s.event === event && matches(s.matcher, target) && this.unchanged(s));
    if (specs.length === 0) return undefined;
    const { sessionId, transcriptPath } = this.o.ids();
    const input = { session_id: sessionId, transcript_path: transcriptPath, cwd: this.o.cwd, hook_event_name: event, ...payload };
    const runs = await runHooks(specs, input, { cwd: this.o.cwd, env: this.o.env, signal });
    const outcome = readOutcome(runs, event === 'UserPromptSubmit' || event === 'SessionStart');
    for (const failure of outcome.failures) this.o.note(failure);
    return outcome;
  }

  /**
   * PreToolUse, before the approval gate: exit 2 or a deny stops the call (the reason goes to the
   * model); an "allow" or "ask" goes to the gate, which answers or asks (see HookPermission). The
   * reason of an "allow" is the user's to read, as in Claude Code, not the model's. `agent`: a child's call.
   */
  async preToolUse(call: ToolCall, signal?: AbortSignal, agent?: string): Promise<ToolCallBlock | PreToolUseAnswer | undefined> {
    const args = (call.arguments ?? {}) as Record<string, unknown>;
    const payload = { tool_name: claudeToolName(call.name), tool_input: toolInput(args), ...(agent ? { agent_name: agent } : {}) };
    const outcome = await this.fire('PreToolUse', payload, call.name, signal);
    if (!outcome) return undefined;
    if (outcome.block) return { block: true, reason: `blocked by a PreToolUse hook: ${outcome.block}` };
    if (outcome.stop) return { block: true, reason: outcome.stop, stopRun: outcome.stop };
    const updatedInput = outcome.updatedInput && fromClaudeInput(outcome.updatedInput, call.arguments);
    if (outcome.permission !== 'allow' && outcome.permission !== 'ask') return updatedInput ? { updatedInput } : undefined;
    if (outcome.permission === 'allow' && outcome.permissionReason) this.o.note(`a PreToolUse hook allowed ${call.name}: ${visible(outcome.permissionReason)}`);
    return { decision: outcome.permission, reason: outcome.permissionReason, updatedInput };
  }

  /** The tool with PostToolUse hooks after each call (`agent`: a child's, named in the payload); what they say (exit 2, a reason, context) joins the result. */
  wrap(tool: AnyAgentTool, agent?: string): AnyAgentTool {
    if (!this.specs.some((s) => s.event === 'PostToolUse' && matches(s.matcher, tool.name))) return tool;
    const wrapped: AnyAgentTool = {
      ...tool,
      execute: async (id, params, signal, onUpdate) => {
        const result = await tool.execute(id, params, signal, onUpdate);
        const args = params as Record<string, unknown>;
        const response = { output: hookText(result), is_error: result.isError === true, ...(typeof args.path === 'string' ? { file_path: args.path } : {}) };
        const outcome = await this.fire(
          'PostToolUse',
          { tool_name: claudeToolName(tool.name), tool_input: toolInput(args), tool_response: response, ...(agent ? { agent_name: agent } : {}) },
          tool.name,
          signal,
        );
        const said = [outcome?.block && `PostToolUse hook: ${outcome.block}`, ...(outcome?.context ?? [])].filter((x): x is string => !!x);
        return said.length > 0 ? { ...result, content: [...result.content, { type: 'text', text: `\n${said.join('\n')}` }] } : result;
      },
    };
    followedByHooks.add(wrapped);
    return wrapped;
  }

  /** UserPromptSubmit: `blocked` is shown and the prompt is not sent; `context` is added to it. */
  async userPromptSubmit(prompt: string, signal?: AbortSignal): Promise<{ blocked?: string; context: string[] }> {
    const outcome = await this.fire('UserPromptSubmit', { prompt }, undefined, signal);
    const blocked = outcome?.block ?? outcome?.stop;
    return blocked ? { blocked, context: [] } : { context: outcome?.context ?? [] };
  }

  /** A run that ended with an answer goes on while a Stop hook blocks (exit 2), with its reason. */
  async untilStopAgrees(agent: Pick<Agent, 'state' | 'prompt' | 'hasQueuedMessages'>, run: Promise<void>): Promise<void> {
    await run;
    for (let i = 0; i < STOP_CONTINUES; i++) {
      const last = agent.state.messages.at(-1);
      if (last?.role !== 'assistant' || last.stopReason !== 'stop') return;
      const reason = await this.stop(i > 0);
      // the user may have sent something while the hook ran: their message goes first
      if (!reason || agent.state.isStreaming || agent.hasQueuedMessages()) return;
      await agent.prompt(`A Stop hook asks you to go on:\n${reason}`);
    }
  }

  /** Stop: the text the agent goes on with, or undefined to stop. */
  async stop(active: boolean): Promise<string | undefined> {
    const outcome = await this.fire('Stop', { stop_hook_active: active });
    return outcome?.stop ? undefined : outcome?.block;
  }

  /** SessionStart: what its hooks print, for the model. */
  async sessionStart(source: 'startup' | 'resume'): Promise<string[]> {
    return (await this.fire('SessionStart', { source }))?.context ?? [];
  }

  async sessionEnd(reason: string): Promise<void> {
    await this.fire('SessionEnd', { reason });
  }

  async preCompact(trigger: 'manual' | 'auto', instructions: string | undefined): Promise<void> {
    await this.fire('PreCompact', { trigger, custom_instructions: instructions ?? '' });
  }

  /** Notification, as Claude Code sends it: `message`, and `notification_type`, which the matchers are tried on. */
  async notification(message: string, type: NotificationType): Promise<void> {
    await this.fire('Notification', { message, notification_type: type }, type);
  }
}
