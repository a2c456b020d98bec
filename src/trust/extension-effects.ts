// What a command, skill or Claude Code settings file would do, in plain words, for the trust question.
import type { HookEvent, HooksConfig } from '../config/hooks-schema.js';
import { readClaudeHooks } from '../extensions/hooks/sources.js';
import type { SettingsEffects } from './describe.js';

const short = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

/** One line per hook command: they run outside the sandbox, so each is a risk to read. */
export function describeHooks(hooks: HooksConfig | undefined): string[] {
  return Object.entries(hooks ?? {}).flatMap(([event, entries]) =>
    (entries ?? []).flatMap((e) =>
      e.hooks.map((h) => `runs "${short(h.command)}" on ${event as HookEvent}${e.matcher && e.matcher !== '*' ? ` (${e.matcher})` : ''}, outside the sandbox`),
    ),
  );
}

const COMMAND_DIRS = ['.tack/commands/', '.claude/commands/', '.opencode/command/', '.opencode/commands/', '.gemini/commands/'];

/** The effects of an extension file by its path under the trust root; undefined for other files. */
export function describeExtensionFile(rel: string, path: string): SettingsEffects | undefined {
  if (rel.endsWith('.claude/settings.json')) {
    const read = readClaudeHooks(path, undefined);
    const lines = read && 'hooks' in read ? describeHooks(read.hooks) : [`cannot be applied: ${read && 'problem' in read ? read.problem : 'it is gone'}`];
    return { lines, risky: lines.length };
  }
  const dir = COMMAND_DIRS.find((d) => rel.includes(d));
  if (dir) {
    const name = rel
      .slice(rel.indexOf(dir) + dir.length)
      .replace(/\.(md|toml)$/, '')
      .split('/')
      .join(':');
    return { lines: [`adds the slash command /${name} (its !\`commands\` still ask as the agent's do)`], risky: 0 };
  }
  const skill = /(?:^|\/)\.(?:tack|agents|claude)\/skills\/([^/]+)\/SKILL\.md$/.exec(rel);
  if (skill) return { lines: [`adds the skill "${skill[1]}" (the model is told of it and may follow it)`], risky: 0 };
  return undefined;
}
