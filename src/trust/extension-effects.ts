// What a command, skill or Claude Code settings file would do, in plain words, for the trust question.
import { allowedToolsOf, describeAllowedTools } from '../extensions/commands/allowed-tools.js';
import { readClaudeHooks } from '../extensions/hooks/sources.js';
import { describeHooks, type SettingsEffects } from './describe.js';

/** A command file as found (not through links), its name after the folder: `.claude/commands/ops/deploy.md` → `ops/deploy`. */
const COMMAND_FILE = /\/\.(?:tack\/commands|claude\/commands|opencode\/commands?|gemini\/commands)\/((?:[^/.][^/]*\/)*[^/]+)\.(?:md|toml)$/;
const AGENT_FILE = /\/\.(?:tack\/agents|claude\/agents|opencode\/agents?)\/([^/]+)\.md$/;
const SKILL_FILE = /\/\.(?:tack|agents|claude)\/skills\/([^/]+)\/SKILL\.md$/;

/** What a command, skill or agent file adds (the one line it has when nothing else is to say): its kind and name. */
export function addedByFile(effects: readonly string[]): { kind: 'command' | 'skill' | 'agent'; name: string } | undefined {
  const [only] = effects.length === 1 ? effects : [];
  const found = only && /^adds the (?:slash command (\/\S+) \(|skill "([^"]+)" \(|agent "([^"]+)" \()/.exec(only);
  if (!found) return undefined;
  if (found[1]) return { kind: 'command', name: found[1] };
  return found[2] ? { kind: 'skill', name: found[2] } : { kind: 'agent', name: found[3]! };
}

/**
 * The effects of an extension file, by its path under the trust root (`rel`) and as it was found
 * (`path`): a command or skill is known by the folder it was found in, since `rel` is its real
 * place, which a link inside the project may move; undefined for other files.
 */
export function describeExtensionFile(rel: string, path: string): SettingsEffects | undefined {
  if (rel.endsWith('.claude/settings.json')) {
    const read = readClaudeHooks(path, undefined);
    const lines = read && 'hooks' in read ? describeHooks(read.hooks) : [`cannot be applied: ${read && 'problem' in read ? read.problem : 'it is gone'}`];
    return { lines, risky: lines.length };
  }
  const command = COMMAND_FILE.exec(path);
  if (command) {
    const name = `/${command[1]!.split('/').join(':')}`;
    const grants = describeAllowedTools(allowedToolsOf(path));
    if (!grants) return { lines: [`adds the slash command ${name} (its !\`commands\` still ask as the agent's do)`], risky: 0 };
    const lines = [`adds the slash command ${name}`, `${name} ${grants.text}`];
    return grants.risky ? { lines: lines.reverse(), risky: 1 } : { lines, risky: 0 };
  }
  const skill = SKILL_FILE.exec(path);
  if (skill) return { lines: [`adds the skill "${skill[1]}" (the model is told of it and may follow it)`], risky: 0 };
  const agent = AGENT_FILE.exec(path);
  if (agent) return { lines: [`adds the agent "${agent[1]}" (the model may hand it a job; it runs under the same rules)`], risky: 0 };
  return undefined;
}
