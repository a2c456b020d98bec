// The skills' index for the system prompt, within a token budget: name, description and path of as
// many as fit, the rest by name and path only. Pure.
import type { Skill } from './catalog.js';

/** About 2,000 tokens (4 characters each): enough for a few dozen skills' descriptions. */
export const SKILL_INDEX_CHARS = 8000;

export function renderSkillIndex(skills: readonly Pick<Skill, 'name' | 'description' | 'path'>[], budget = SKILL_INDEX_CHARS): string {
  if (skills.length === 0) return '';
  const lines = [
    '',
    '# Skills',
    'Skills are folders of instructions, scripts and references for particular tasks. When a task fits a skill, read its SKILL.md with the read tool before you start, and follow it; files it names are relative to its folder.',
  ];
  // descriptions take at most three quarters of the budget, so the rest can still be named
  let used = lines.join('\n').length;
  let i = 0;
  for (; i < skills.length; i++) {
    const skill = skills[i]!;
    const line = `- ${skill.name}: ${skill.description.replace(/\s+/g, ' ')} (${skill.path})`;
    if (used + line.length + 1 > budget * 0.75) break;
    lines.push(line);
    used += line.length + 1;
  }
  if (i === skills.length) return lines.join('\n');
  const named: string[] = [];
  for (; i < skills.length; i++) {
    const entry = `${skills[i]!.name} (${skills[i]!.path})`;
    if (used + entry.length + 120 > budget) break;
    named.push(entry);
    used += entry.length + 2;
  }
  const left = skills.length - i;
  lines.push(
    `More skills, without their descriptions (read the SKILL.md to see what one is for): ${named.join(', ')}${left > 0 ? `, and ${left} more not listed` : ''}`,
  );
  return lines.join('\n');
}
