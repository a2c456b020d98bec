// Skills from the command line: only the index reaches the system prompt, the body is read when the
// model asks for it (also under $TACK_HOME, which the tools may not touch otherwise), /skill:name sends
// it; a project's skills load only once the folder is trusted.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSkillIndex } from '../../src/extensions/skills/prompt-index.js';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const scripted = scriptedServers();

const systemText = (body: any): string => body.messages.find((m: any) => m.role === 'system' || m.role === 'developer').content;
const userText = (body: any): string => body.messages.filter((m: any) => m.role === 'user').at(-1).content;

function put(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const PDF = '---\nname: pdf-forms\ndescription: Fill in PDF forms with the scripts in this folder.\n---\nBODY-OF-THE-PDF-SKILL: run fill.py\n';

describe('skills', () => {
  it("a trusted project's skill: its description and path are in the system prompt, its body is not", async () => {
    const s = await scripted([{ text: 'ok' }]);
    const { dir, home } = makeProject({ '.claude/skills/pdf-forms/SKILL.md': PDF });
    const r = await runTack(['-p', '--trust', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    const system = systemText(s.chatRequests()[0].body);
    expect(system).toContain(`- pdf-forms: Fill in PDF forms with the scripts in this folder. (${join(dir, '.claude/skills/pdf-forms/SKILL.md')})`);
    expect(system).not.toContain('BODY-OF-THE-PDF-SKILL');
  });

  it("an untrusted project's skill is not offered; after tack trust it is", async () => {
    const s = await scripted([{ text: 'ok' }, { text: 'ok' }]);
    const { dir, home } = makeProject({ '.agents/skills/pdf-forms/SKILL.md': PDF });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.stderr).toContain('ignoring .agents/skills/pdf-forms/SKILL.md (this folder is not trusted)');
    expect(systemText(s.chatRequests()[0].body)).not.toContain('pdf-forms');
    expect((await runTack(['trust'], { cwd: dir, home })).code).toBe(0);
    const again = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(again.stderr).toBe('');
    expect(systemText(s.chatRequests()[1].body)).toContain('- pdf-forms: Fill in PDF forms with the scripts in this folder.');
  });

  it('the model reads a skill under $TACK_HOME with the read tool, which is otherwise kept out of there', async () => {
    const { dir, home } = makeProject();
    put(home, { 'skills/pdf-forms/SKILL.md': PDF });
    const path = join(home, 'skills/pdf-forms/SKILL.md');
    const s = await scripted([{ toolCalls: [{ name: 'read', arguments: { path } }] }, { text: 'done' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'fill the form'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(systemText(s.chatRequests()[0].body)).toContain('pdf-forms');
    expect(toolResultText(s.chatRequests()[1])).toContain('BODY-OF-THE-PDF-SKILL');
  });

  it('/skill:name (or /name) sends the body with the arguments', async () => {
    const s = await scripted([{ text: 'a' }, { text: 'b' }]);
    const { dir, home } = makeProject();
    put(join(home, '..'), { '.agents/skills/pdf-forms/SKILL.md': PDF });
    await runTack(['-p', '--base-url', s.url, '-m', 'm', '/skill:pdf-forms form.pdf'], { cwd: dir, home });
    await runTack(['-p', '--base-url', s.url, '-m', 'm', '/pdf-forms'], { cwd: dir, home });
    const [first, second] = s.chatRequests().map((q) => userText(q.body));
    expect(first).toContain('Use the skill "pdf-forms"');
    expect(first).toContain('BODY-OF-THE-PDF-SKILL: run fill.py');
    expect(first).toContain('ARGUMENTS: form.pdf');
    expect(second).toContain('BODY-OF-THE-PDF-SKILL');
  });

  it('bad frontmatter: the skill is skipped with one line naming the file, the others load', async () => {
    const s = await scripted([{ text: 'ok' }]);
    const { dir, home } = makeProject();
    put(home, { 'skills/broken/SKILL.md': '---\nname: [\n---\nx', 'skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nx', 'skills/pdf-forms/SKILL.md': PDF });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`tack: skipped ${join(home, 'skills/broken/SKILL.md')}: its frontmatter is not valid YAML`);
    expect(r.stderr).toContain(`tack: skipped ${join(home, 'skills/nodesc/SKILL.md')}: it has no description in its frontmatter`);
    expect(systemText(s.chatRequests()[0].body)).toContain('pdf-forms');
  });
});

describe('the skills index in the system prompt', () => {
  it('stays within its budget: past it, skills are listed by name and path only, and the rest counted', () => {
    const skills = Array.from({ length: 200 }, (_, i) => ({ name: `s${i}`, description: 'd'.repeat(300), path: `/k/s${i}/SKILL.md` }));
    const text = renderSkillIndex(skills, 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text).toContain(`- s0: ${'d'.repeat(300)} (/k/s0/SKILL.md)`);
    expect(text).toMatch(/More skills, without their descriptions .*: s\d+ \(\/k\/s\d+\/SKILL\.md\)/);
    expect(text).toMatch(/, and \d+ more not listed$/);
    expect(renderSkillIndex(skills.slice(0, 2), 2000)).not.toContain('More skills');
  });
});
