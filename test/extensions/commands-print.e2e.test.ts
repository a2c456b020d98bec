// Custom slash commands from the command line: the files users already have (.claude/commands,
// $TACK_HOME/commands, Gemini's TOML) expand into the request; a project's apply only once trusted.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const scripted = scriptedServers();

const userText = (body: any): string => {
  const user = body.messages.filter((m: any) => m.role === 'user').at(-1);
  return typeof user.content === 'string' ? user.content : user.content.map((p: any) => p.text ?? '').join('');
};

function put(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const REVIEW = '---\ndescription: Review a file\nargument-hint: <file>\n---\nReview $ARGUMENTS for bugs. Focus on $1.\n';

describe('custom slash commands in print mode', () => {
  it('.claude/commands/review.md with $ARGUMENTS expands into the request once the folder is trusted', async () => {
    const s = await scripted([{ text: 'reviewed' }]);
    const { dir, home } = makeProject({ '.claude/commands/review.md': REVIEW, 'src/cli.ts': 'x' });
    const r = await runTack(['-p', '--trust', '--base-url', s.url, '-m', 'm', '/review src/cli.ts'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(userText(s.chatRequests()[0].body)).toBe('Review src/cli.ts for bugs. Focus on src/cli.ts.');
  });

  it('an untrusted folder: its command is not loaded, the line goes as typed, the file is named; tack trust applies it', async () => {
    const s = await scripted([{ text: 'one' }, { text: 'two' }]);
    const { dir, home } = makeProject({ '.claude/commands/review.md': REVIEW });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', '/review a.ts'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('ignoring .claude/commands/review.md (this folder is not trusted)');
    expect(userText(s.chatRequests()[0].body)).toBe('/review a.ts');
    const trusted = await runTack(['trust'], { cwd: dir, home });
    expect(trusted.stdout).toContain('adds the slash command /review');
    const again = await runTack(['-p', '--base-url', s.url, '-m', 'm', '/review a.ts'], { cwd: dir, home });
    expect(again.stderr).toBe('');
    expect(userText(s.chatRequests()[1].body)).toBe('Review a.ts for bugs. Focus on a.ts.');
  });

  it("the user's own folders apply anywhere: $TACK_HOME/commands with namespaces, ~/.claude/commands, Gemini TOML with {{args}}", async () => {
    const s = await scripted([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
    const { dir, home } = makeProject();
    put(home, { 'commands/frontend/review.md': 'Front-end review of $ARGUMENTS' });
    put(join(home, '..'), {
      '.claude/commands/explain.md': 'Explain $1 then $2',
      '.gemini/commands/plan.toml': 'description = "Plan it"\nprompt = """Make a plan for {{args}}"""\n',
    });
    for (const line of ['/frontend:review the header', '/explain "two words" three', '/plan the release']) {
      const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', line], { cwd: dir, home });
      expect(r.stderr).toBe('');
    }
    expect(s.chatRequests().map((q) => userText(q.body))).toEqual([
      'Front-end review of the header',
      'Explain two words then three',
      'Make a plan for the release',
    ]);
  });

  it('!`cmd` runs first and its output is put in; @path includes a workspace file, never one outside it', async () => {
    const s = await scripted([{ text: 'ok' }]);
    const { dir, home } = makeProject({ 'notes.md': 'the notes text' });
    writeFileSync(join(dir, '..', 'outside.txt'), 'OUTSIDE SECRET');
    put(home, { 'commands/ctx.md': 'Status: !`echo from-the-shell`\nRead @notes.md and @../outside.txt.' });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', '/ctx'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const text = userText(s.chatRequests()[0].body);
    expect(text).toContain('Status: from-the-shell');
    expect(text).toContain('<file path="notes.md">\nthe notes text\n</file>');
    expect(text).not.toContain('OUTSIDE SECRET');
    expect(r.stderr).toContain('@../outside.txt was not included');
  });

  it("allowed-tools lets the command's own !`cmd` run where the approval mode would refuse it", async () => {
    const s = await scripted([{ text: 'a' }, { text: 'b' }]);
    const { dir, home } = makeProject();
    put(home, {
      'commands/plain.md': 'Made: !`touch made-plain && echo yes`',
      'commands/allowed.md': '---\nallowed-tools: Bash(touch:*)\n---\nMade: !`touch made-allowed`',
    });
    const plain = await runTack(['-p', '--approval', 'ask', '--base-url', s.url, '-m', 'm', '/plain'], { cwd: dir, home });
    expect(plain.stderr).toContain('did not run');
    expect(existsSync(join(dir, 'made-plain'))).toBe(false);
    const allowed = await runTack(['-p', '--approval', 'ask', '--base-url', s.url, '-m', 'm', '/allowed'], { cwd: dir, home });
    expect(allowed.stderr).toBe('');
    expect(existsSync(join(dir, 'made-allowed'))).toBe(true);
  });

  it("a trusted project's command or skill that is a link to a file outside it is not read", async () => {
    const s = await scripted([{ text: 'ok' }]);
    const { dir, home } = makeProject();
    const secret = join(dir, '..', 'id_rsa');
    writeFileSync(secret, '-----BEGIN PRIVATE KEY----- sekrit');
    mkdirSync(join(dir, '.claude/commands'), { recursive: true });
    mkdirSync(join(dir, '.claude/skills/leak'), { recursive: true });
    symlinkSync(secret, join(dir, '.claude/commands/leak.md'));
    symlinkSync(secret, join(dir, '.claude/skills/leak/SKILL.md'));
    writeFileSync(join(dir, '.claude/commands/ok.md'), 'a command that is fine');
    const r = await runTack(['-p', '--trust', '--base-url', s.url, '-m', 'm', '/leak'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const request = JSON.stringify(s.chatRequests()[0].body);
    expect(request).not.toContain('sekrit');
    expect(userText(s.chatRequests()[0].body)).toBe('/leak');
    expect(r.stderr).toMatch(/skipped .*\.claude\/commands\/leak\.md: it cannot be read: it leads to .*id_rsa, outside/);
    expect(r.stderr).toMatch(/skipped .*\.claude\/skills\/leak\/SKILL\.md: it cannot be read/);
  });

  it('a command file with bad frontmatter is skipped with one line naming it; the run goes on', async () => {
    const s = await scripted([{ text: 'ok' }]);
    const { dir, home } = makeProject();
    put(home, { 'commands/broken.md': '---\ndescription: [unclosed\n---\nbody' });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hello'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^tack: skipped .*commands\/broken\.md: it.* frontmatter is not valid YAML/m);
  });
});
