// A typed line that names a custom command becomes the command's text: arguments filled in, `!cmd`
// run as the agent's bash runs (approval gate, sandbox), `@path` read as the read tool would (the gate,
// then only inside the workspace). Print mode and the app both send what this returns.
import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { readBounded } from '../../config/bounded-read.js';
import { textOf } from '../../ai/content.js';
import type { ToolCall } from '../../ai/types.js';
import { tackRule } from '../../extensions/claude-names.js';
import type { CustomCommand } from '../../extensions/commands/catalog.js';
import type { CommandModel } from './command-model.js';
import type { Skill } from '../../extensions/skills/catalog.js';
import { expandCommand, type ExpandIo } from '../../extensions/commands/expand.js';
import { parseRule, type Rule } from '../permissions/rules.js';
import type { SessionCore } from '../session-core.js';
import { rewriteArguments } from '../setup/updated-input.js';

const INCLUDE_LIMIT = 64 * 1024;

export interface PreparedInput {
  text: string;
  /** sentences for the user: what was left out, rules not understood */
  notes: string[];
  /** ends the command's `allowed-tools` rules: call it when the run it started is over */
  release: () => void;
  /** the command's `model:`, for the run it starts (see command-model.ts) */
  model?: CommandModel;
}

export interface SlashLine {
  name: string;
  args: string;
}

/** `/name args` → its parts; names may hold `:` (namespaces, `skill:x`). */
export function parseSlash(text: string): SlashLine | undefined {
  const m = /^\/([A-Za-z0-9][\w.:-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  return m ? { name: m[1]!, args: (m[2] ?? '').trim() } : undefined;
}

/** `session`: the core, or the Session's view (the app's menu). */
export function findCustomCommand(session: { readonly extensions: { readonly commands: readonly CustomCommand[] } }, name: string): CustomCommand | undefined {
  const key = name.toLowerCase();
  return session.extensions.commands.find((c) => c.name.toLowerCase() === key);
}

function toolIo(session: SessionCore, signal: AbortSignal): ExpandIo {
  const gate = async (call: ToolCall) => {
    const tool = session.tools.find((t) => t.name === call.name);
    if (!tool) throw new Error(`the ${call.name} tool is not enabled in this run`);
    // the same way as the agent's own calls: PreToolUse hooks (which may rewrite the call), then the approval gate
    const hook = await session.extensions.hooks?.preToolUse(call, signal);
    if (hook && 'block' in hook) throw new Error(hook.reason);
    const problem = hook?.updatedInput && rewriteArguments(call, hook.updatedInput, tool);
    if (problem) throw new Error(problem);
    const blocked = await session.approvals?.beforeToolCall(call, tool, signal, hook);
    if (blocked?.block) throw new Error(blocked.reason);
    return tool;
  };
  return {
    async run(command) {
      const call: ToolCall = { type: 'toolCall', id: `command-${randomUUID()}`, name: 'bash', arguments: { command } };
      const bash = await gate(call);
      const result = await bash.execute(call.id, call.arguments, signal);
      return textOf(result.content).trimEnd();
    },
    async read(path) {
      const call: ToolCall = { type: 'toolCall', id: `command-${randomUUID()}`, name: 'read', arguments: { path } };
      await gate(call);
      const read = readBounded(resolve(session.config.cwd, String(call.arguments.path)), { limit: INCLUDE_LIMIT, within: session.config.cwd });
      if (!read.ok) throw new Error(read.missing ? 'there is no such file' : read.problem);
      return read.truncated ? `${read.text}\n[cut at ${INCLUDE_LIMIT / 1024} KB]` : read.text;
    },
  };
}

function allowRules(cmd: CustomCommand, notes: string[]): Rule[] {
  const rules: Rule[] = [];
  for (const entry of cmd.allowedTools) {
    const text = tackRule(entry);
    try {
      if (!text) throw new Error('tack has no such tool');
      rules.push(parseRule(text, 'allow', homedir()));
    } catch (err) {
      notes.push(`/${cmd.name}: allowed-tools entry "${entry}" ignored: ${(err as Error).message.split(';')[0]}`);
    }
  }
  return rules;
}

/** `/skill:name`, or `/name` of a skill when no command has that name. */
export function findSkill(session: { readonly extensions: { readonly skills: readonly Skill[] } }, name: string): Skill | undefined {
  const wanted = name.toLowerCase().replace(/^skill:/, '');
  return session.extensions.skills.find((s) => s.name === wanted);
}

/** A skill run by name: its instructions, where its files are, and what was typed after it. */
export function skillText(skill: Skill, args: string): string {
  const head = `Use the skill "${skill.name}" (${skill.path}; files it names are relative to ${skill.dir}):`;
  return [head, skill.body, args ? `ARGUMENTS: ${args}` : ''].filter(Boolean).join('\n\n');
}

/**
 * The command's (or skill's) text for `/name args`, or undefined when none has that name. `parsed`:
 * the line as the caller already read it (`null`: no command), so it is read once.
 */
export async function expandSlashCommand(
  session: SessionCore,
  line: string,
  signal: AbortSignal,
  parsed: SlashLine | null | undefined = parseSlash(line),
): Promise<PreparedInput | undefined> {
  if (!parsed) return undefined;
  const cmd = parsed.name.toLowerCase().startsWith('skill:') ? undefined : findCustomCommand(session, parsed.name);
  if (!cmd) {
    const skill = findSkill(session, parsed.name);
    return skill && { text: skillText(skill, parsed.args), notes: [], release: () => {} };
  }
  const notes: string[] = [];
  // the command's own `!cmd` lines run under its allowed-tools too, as in Claude Code; a project's never reach outside the workspace
  const grant = { rules: allowRules(cmd, notes), reach: cmd.project ? ('workspace' as const) : ('as-written' as const) };
  const release = session.approvals?.allowDuring(grant) ?? (() => {});
  try {
    const expansion = await expandCommand(cmd.body, parsed.args, toolIo(session, signal));
    const model = cmd.model ? { command: cmd.name, wanted: cmd.model } : undefined;
    return { text: expansion.text, notes: [...notes, ...expansion.notes], release, model };
  } catch (err) {
    release();
    throw err;
  }
}
