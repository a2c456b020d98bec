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
  return undefined;
}
