// What the trust question says of a project's commands and skills: what a command's allowed-tools
// grants, marked risky when it writes, runs commands or uses MCP; a skill described as a skill
// wherever a link inside the project puts it; a skills folder linking up to the project is not there.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeAllowedTools } from '../../src/extensions/commands/allowed-tools.js';
import { assessTrust } from '../../src/trust/assess.js';

function project(files: Record<string, string>) {
  const base = mkdtempSync(join(tmpdir(), 'tack-ext-trust-'));
  const dir = join(base, 'project');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(dir, { recursive: true });
  return { dir, home: join(base, 'home') };
}

const SKILL = '---\nname: notes\ndescription: Notes.\n---\nx\n';

describe("a command's allowed-tools in plain words", () => {
  it.each([
    [['Bash(git push:*)', 'Write(/**)'], 'may run "git push*" and write any file in the workspace without asking', true],
    [['Read(**)', 'Grep', 'Glob'], 'may read any file in the workspace without asking', false],
    [['Edit(src/**)'], 'may write files matching "src/**" in the workspace without asking', true],
    [['Bash'], 'may run any command without asking', true],
    [
      ['mcp__github__create_issue', 'Read(docs/*.md)'],
      'may use the MCP tool mcp__github__create_issue and read files matching "docs/*.md" in the workspace without asking',
      true,
    ],
  ])('%j', (entries, text, risky) => {
    expect(describeAllowedTools(entries)).toEqual({ text, risky });
  });

  it('entries that name no tack tool grant nothing', () => {
    expect(describeAllowedTools(['WebFetch', 'Task'])).toBeUndefined();
  });
});

describe('the trust question', () => {
  it("names a command's grants as a risk, first", () => {
    const { dir, home } = project({ '.claude/commands/deploy.md': '---\nallowed-tools: [Bash(git push:*), Write(/**)]\n---\nDeploy.\n' });
    const [file] = assessTrust(dir, home).files;
    expect(file!.risky).toBe(true);
    expect(file!.effects).toEqual(['/deploy may run "git push*" and write any file in the workspace without asking', 'adds the slash command /deploy']);
  });

  it('a command without allowed-tools is no risk', () => {
    const { dir, home } = project({ '.tack/commands/ops/review.md': 'Review it.' });
    const [file] = assessTrust(dir, home).files;
    expect(file).toMatchObject({ risky: false, effects: ["adds the slash command /ops:review (its !`commands` still ask as the agent's do)"] });
  });

  it('a skill whose folder a link inside the project moves is still described as a skill', () => {
    const { dir, home } = project({ 'docs/skills/notes/SKILL.md': SKILL });
    mkdirSync(join(dir, '.claude'));
    symlinkSync('../docs/skills', join(dir, '.claude/skills'));
    const [file] = assessTrust(dir, home).files;
    expect(file).toMatchObject({ rel: 'docs/skills/notes/SKILL.md', effects: ['adds the skill "notes" (the model is told of it and may follow it)'] });
  });

  it('a skills folder that links up to the project offers no skill, and no file is called unparsable settings', () => {
    const { dir, home } = project({ 'SKILL.md': SKILL, '.env': 'SECRET=1' });
    mkdirSync(join(dir, '.claude'));
    symlinkSync('..', join(dir, '.claude/skills'));
    symlinkSync('.', join(dir, 'all'));
    expect(assessTrust(dir, home).files).toEqual([]);
  });
});
