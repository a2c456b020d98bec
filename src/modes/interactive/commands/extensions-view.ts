// The user's setup in the app: custom commands and skills in the `/` menu (with where each comes
// from), `/skills` and `/hooks` listing what is active and from which file, and the typed line of a
// custom command or skill sent through the same preparation as print mode's.
import type { Session } from '../../../session/session.js';
import { findCustomCommand, findSkill } from '../../../session/input/slash.js';
import { visible } from '../../../text/terminal-text.js';
import type { CommandInfo } from './command.js';
import { s } from '../text/style.js';
import { truncate, wrapWithPrefix } from '../text/text.js';
import type { Transcript } from '../conversation/transcript.js';

const where = (source: string, shadowed: readonly string[]) => (shadowed.length > 0 ? `${source}; over ${shadowed.join(', ')}` : source);

/** Custom commands, then skills as `skill:name`, for the `/` menu. */
export function extensionMenuItems(session: Session): CommandInfo[] {
  const { commands, skills } = session.view().extensions;
  return [
    ...commands.map((c) => ({
      name: c.name,
      args: c.argumentHint ? visible(c.argumentHint) : undefined,
      description: visible(c.description ?? c.body.split('\n')[0] ?? '').slice(0, 200),
      source: where(c.source, c.shadowed),
    })),
    ...skills.map((k) => ({ name: `skill:${k.name}`, args: '[args]', description: visible(k.description).slice(0, 200), source: k.source })),
  ];
}

/** A `/name` that a custom command or a skill answers to (built-in commands are looked up first). */
export function isExtensionCommand(session: Session, name: string): boolean {
  return findCustomCommand(session.view(), name) !== undefined || findSkill(session.view(), name) !== undefined;
}

export function skillLines(session: Session, cols: number): string[] {
  const { skills } = session.view().extensions;
  if (skills.length === 0)
    return ['no skills (folders with SKILL.md under .agents/skills, .tack/skills, .claude/skills, or ~/.agents/skills, $TACK_HOME/skills)'];
  const lines = [s.bold(`Skills (${skills.length}): the model reads one when a task fits; /skill:NAME runs it`)];
  for (const k of skills) {
    lines.push(`  ${s.bold(k.name)}  ${s.gray(k.source)}`);
    lines.push(...wrapWithPrefix(visible(k.description), cols, '    ', '    ').map((l) => s.gray(l)));
  }
  return lines;
}

export function hookLines(session: Session, cols: number): string[] {
  const specs = session.view().extensions.hookSpecs;
  if (specs.length === 0) return ['no hooks ("hooks" in $TACK_HOME/config.json or .tack/config.json, or .claude/settings.json)'];
  const lines = [s.bold(`Hooks (${specs.length})`)];
  for (const h of specs) {
    const matcher = h.matcher ? ` (${visible(h.matcher)})` : '';
    lines.push(truncate(`  ${s.bold(h.event)}${matcher}  ${visible(h.command)}`, cols));
    lines.push(s.gray(truncate(`    from ${h.source} · timeout ${h.timeoutSeconds} s`, cols)));
  }
  return lines;
}

export function showSkills(session: Session, t: Transcript): void {
  t.push(skillLines(session, t.width));
}

export function showHooks(session: Session, t: Transcript): void {
  t.push(hookLines(session, t.width));
}
