// What a command, skill or Claude Code settings file would do, in plain words, for the trust question.
import type { SettingsEffects } from './describe.js';

const COMMAND_DIRS = ['.tack/commands/', '.claude/commands/', '.opencode/command/', '.opencode/commands/', '.gemini/commands/'];

/** The effects of an extension file by its path under the trust root; undefined for other files. */
export function describeExtensionFile(rel: string, _text: string): SettingsEffects | undefined {
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
