// The pure parts of custom commands: arguments, !`cmd` and @path tokens, frontmatter, Claude's rule spelling.
import { describe, expect, it } from 'vitest';
import { tackRule } from '../../src/extensions/claude-names.js';
import { expandCommand, fillArguments } from '../../src/extensions/commands/expand.js';
import { listField, splitFrontmatter } from '../../src/extensions/frontmatter.js';

describe('command expansion', () => {
  it('fills $ARGUMENTS, $1…$9 and {{args}}; a body without a placeholder gets the arguments appended', () => {
    expect(fillArguments('a $ARGUMENTS b', 'x y')).toBe('a x y b');
    expect(fillArguments('$2-$1-$3', '"one two" three')).toBe('three-one two-');
    expect(fillArguments('plan {{args}}', 'it')).toBe('plan it');
    expect(fillArguments('no placeholder', 'typed words')).toBe('no placeholder\n\nARGUMENTS: typed words');
    expect(fillArguments('no placeholder', '')).toBe('no placeholder');
  });

  it('runs !`cmd` and !{cmd}, includes @path and @{path} once, and leaves plain @mentions alone', async () => {
    const ran: string[] = [];
    const io = {
      run: async (c: string) => {
        ran.push(c);
        return `<${c}>\n`;
      },
      read: async (p: string) => {
        if (p === 'a.md') return 'A';
        throw new Error('there is no such file');
      },
    };
    const out = await expandCommand('s: !`git status` g: !{ls} see @a.md, @{a.md} @team and @missing.md', '', io);
    expect(ran).toEqual(['git status', 'ls']);
    expect(out.text).toBe('s: <git status> g: <ls> see @a.md, @{a.md} @team and @missing.md\n\n<file path="a.md">\nA\n</file>');
    expect(out.notes).toEqual(['@missing.md was not included: there is no such file']);
  });

  it('a refused command leaves a marker and a note instead of failing the whole command', async () => {
    const out = await expandCommand('x !`rm -rf /`', '', {
      run: async () => {
        throw new Error('refused by the policy');
      },
      read: async () => '',
    });
    expect(out.text).toBe('x [command not run: rm -rf /]');
    expect(out.notes).toEqual(['!`rm -rf /` did not run: refused by the policy']);
  });
});

describe('frontmatter and names', () => {
  it('splits YAML frontmatter; allowed-tools as a list or one comma string', async () => {
    const f = await splitFrontmatter('---\ndescription: Hi\nallowed-tools: Bash(git add:*), Bash(git status:*), Read\n---\nBody\n');
    expect(f.body).toBe('Body\n');
    expect(listField(f.data, 'allowed-tools')).toEqual(['Bash(git add:*)', 'Bash(git status:*)', 'Read']);
    expect((await splitFrontmatter('no fence')).data).toEqual({});
    await expect(splitFrontmatter('---\n- a list\n---\n')).rejects.toThrow('must be a mapping');
  });

  it("reads Claude Code's rules as tack's", () => {
    expect(tackRule('Bash(git add:*)')).toBe('bash(git add*)');
    expect(tackRule('Edit(src/**)')).toBe('edit(src/**)');
    expect(tackRule('Glob')).toBe('find');
    expect(tackRule('bash(npm test*)')).toBe('bash(npm test*)');
    expect(tackRule('WebFetch')).toBeUndefined();
  });
});
