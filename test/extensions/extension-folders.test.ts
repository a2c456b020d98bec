// Which folders of skills and commands are read: a project's must stay inside the project and may
// not link up to a folder holding them; the user's own may link anywhere but up (dotfiles do).
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCommands } from '../../src/extensions/commands/catalog.js';
import { loadSkills } from '../../src/extensions/skills/catalog.js';

function tree() {
  const base = mkdtempSync(join(tmpdir(), 'tack-ext-folders-'));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  };
  const link = (target: string, path: string) => {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    symlinkSync(target, join(base, path));
  };
  const roots = { cwd: join(base, 'project'), home: join(base, 'tackhome'), userHome: join(base, 'user') };
  mkdirSync(roots.cwd, { recursive: true });
  return { base, put, link, roots };
}

const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nbody\n`;

describe('skill folders', () => {
  it("a project's: a link inside the project is read, a link out of it or up is skipped with its reason", async () => {
    const { base, put, link, roots } = tree();
    put('project/docs/shared/SKILL.md', skill('shared'));
    put('elsewhere/ext/SKILL.md', skill('ext'));
    link('../../docs/shared', 'project/.claude/skills/shared');
    link(join(base, 'elsewhere/ext'), 'project/.claude/skills/ext');
    link('..', 'project/.claude/skills/up');
    const { skills, problems } = await loadSkills(roots, true);
    expect(skills.map((s) => s.name)).toEqual(['shared']);
    expect(problems).toEqual([
      { path: join(roots.cwd, '.claude/skills/ext'), problem: `it leads outside the project, to ${join(base, 'elsewhere/ext')}` },
      { path: join(roots.cwd, '.claude/skills/up'), problem: 'it is a link to a folder that holds it' },
    ]);
  });

  it("the user's own: a link to a dotfiles folder is read, a link up is skipped", async () => {
    const { base, put, link, roots } = tree();
    put('dotfiles/notes/SKILL.md', skill('notes'));
    link(join(base, 'dotfiles/notes'), 'user/.claude/skills/notes');
    link('../..', 'user/.claude/skills/home');
    const { skills, problems } = await loadSkills(roots, false);
    expect(skills.map((s) => s.name)).toEqual(['notes']);
    expect(problems).toEqual([{ path: join(roots.userHome, '.claude/skills/home'), problem: 'it is a link to a folder that holds it' }]);
  });
});

describe('command folders', () => {
  it("a project's commands folder that links to the project root is skipped: its README is no command", async () => {
    const { put, link, roots } = tree();
    put('project/README.md', 'Read me');
    link('..', 'project/.claude/commands');
    const { commands, problems } = await loadCommands(roots, true);
    expect(commands).toEqual([]);
    expect(problems).toEqual([{ path: join(roots.cwd, '.claude/commands'), problem: 'it is a link to a folder that holds it' }]);
  });
});
