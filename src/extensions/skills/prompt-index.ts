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
  let used = lines.join('\n').length;
  const rest: string[] = [];
  for (const skill of skills) {
    const line = `- ${skill.name}: ${skill.description.replace(/\s+/g, ' ')} (${skill.path})`;
    if (rest.length === 0 && used + line.length + 1 <= budget) {
      lines.push(line);
      used += line.length + 1;
    } else rest.push(`${skill.name} (${skill.path})`);
  }
  if (rest.length > 0) lines.push(`More skills, without their descriptions (read the SKILL.md to see what one is for): ${rest.join(', ')}`);
  return lines.join('\n');
}
