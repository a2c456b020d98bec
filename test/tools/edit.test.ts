import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace } from './helpers.js';

interface Case {
  name: string;
  file: string | Buffer;
  old: string;
  new: string;
  all?: boolean;
  /** the whole file afterwards; its bytes must equal this exactly */
  result?: string;
  /** for refusals: every one of these must be in the message, and the file must not change */
  refuse?: (string | RegExp)[];
  /** words the success summary must contain */
  says?: string[];
}

const CASES: Case[] = [
  // exact
  { name: 'exact single line', file: 'a\nb\nc\n', old: 'b', new: 'B', result: 'a\nB\nc\n' },
  { name: 'exact multi-line', file: 'one\ntwo\nthree\nfour\n', old: 'two\nthree', new: '2\n3\n3.5', result: 'one\n2\n3\n3.5\nfour\n' },
  { name: 'exact at the start of the file', file: 'first\nrest\n', old: 'first', new: 'head', result: 'head\nrest\n' },
  { name: 'exact at the end, no final newline', file: 'x\nlast', old: 'last', new: 'end', result: 'x\nend' },
  { name: 'deleting text', file: 'keep\ndrop me\nkeep\n', old: 'drop me\n', new: '', result: 'keep\nkeep\n' },
  { name: 'mid-line fragment', file: 'const a = foo(1, 2);\n', old: 'foo(1, 2)', new: 'bar(2)', result: 'const a = bar(2);\n' },
  { name: 'replace_all', file: 'x = 1\ny = x\nz = x\n', old: 'x', new: 'w', all: true, result: 'w = 1\ny = w\nz = w\n', says: ['3 replacements'] },
  { name: 'replace_all with one occurrence', file: 'only once\n', old: 'once', new: 'twice', all: true, result: 'only twice\n' },
  {
    name: 'ambiguous exact match',
    file: 'return 0;\nx\nreturn 0;\n',
    old: 'return 0;',
    new: 'return 1;',
    refuse: ['old_text matches 2 places in f.txt, at lines 1, 3', 'add surrounding lines', 'replace_all'],
  },
  // 1. line endings and BOM
  { name: 'LF old_text in a CRLF file', file: 'a\r\nb\r\nc\r\n', old: 'a\nb', new: 'A\nB\nB2', result: 'A\r\nB\r\nB2\r\nc\r\n', says: ['line endings'] },
  { name: 'CRLF old_text in an LF file', file: 'a\nb\nc\n', old: 'b\r\nc', new: 'B\r\nC', result: 'a\nB\nC\n' },
  { name: 'CRLF file, one-line match, multi-line new_text', file: 'a\r\nb\r\n', old: 'b', new: 'b1\nb2', result: 'a\r\nb1\r\nb2\r\n' },
  { name: 'mixed endings: the matched region keeps its own', file: 'a\r\nb\r\nc\nd\n', old: 'c\nd', new: 'C\nD', result: 'a\r\nb\r\nC\nD\n' },
  { name: 'BOM kept on an edit of the first line', file: '\uFEFFfirst\nsecond\n', old: 'first', new: 'head', result: '\uFEFFhead\nsecond\n' },
  { name: 'BOM and CRLF with LF old_text', file: '\uFEFFa\r\nb\r\n', old: 'a\nb\n', new: 'x\ny\n', result: '\uFEFFx\r\ny\r\n' },
  { name: 'old_text that starts with a BOM', file: '\uFEFFa\nb\n', old: '\uFEFFa', new: 'z', result: '\uFEFFz\nb\n' },
  // 2. line-number prefixes from read
  {
    name: 'prefixes on old_text and new_text',
    file: 'alpha\nbeta\ngamma\n',
    old: '     2\tbeta\n     3\tgamma',
    new: '     2\tBETA\n     3\tgamma',
    result: 'alpha\nBETA\ngamma\n',
    says: ['line numbers'],
  },
  { name: 'prefixes on old_text only', file: 'alpha\nbeta\n', old: '     1\talpha', new: 'ALPHA', result: 'ALPHA\nbeta\n' },
  { name: 'prefixed blank line without its tab', file: 'a\n\nb\n', old: '     1\ta\n     2\n     3\tb', new: 'a\nb', result: 'a\nb\n' },
  { name: 'real tab-separated numbers match exactly first', file: '1\tfoo\n2\tbar\n', old: '1\tfoo', new: '1\tbaz', result: '1\tbaz\n2\tbar\n' },
  // 3. trailing whitespace
  { name: 'file has trailing spaces', file: 'a  \nb  \nc\n', old: 'a\nb', new: 'x\ny', result: 'x\ny  \nc\n', says: ['trailing whitespace'] },
  {
    name: 'old_text has trailing spaces',
    file: 'if (x) {\n  go();\n}\n',
    old: 'if (x) {   \n  go();  ',
    new: 'if (y) {\n  go();',
    result: 'if (y) {\n  go();\n}\n',
  },
  { name: 'trailing tabs', file: 'key:\t\t\nvalue\n', old: 'key:\nvalue', new: 'k:\nv', result: 'k:\nv\n' },
  // 4. indentation
  {
    name: 'old_text without the indentation of the file',
    file: 'class A {\n    run() {\n        go();\n    }\n}\n',
    old: 'run() {\n    go();\n}',
    new: 'run() {\n    stop();\n    go();\n}',
    result: 'class A {\n    run() {\n        stop();\n        go();\n    }\n}\n',
    says: ['re-indented'],
  },
  { name: 'old_text indented too deep', file: 'if a:\n  b()\n', old: '    if a:\n      b()', new: '    if a:\n      c()', result: 'if a:\n  c()\n' },
  {
    name: 'tabs in the file, spaces in old_text',
    file: 'func f() {\n\tif x {\n\t\treturn\n\t}\n}\n',
    old: '    if x {\n        return\n    }',
    new: '    if x {\n        log()\n        return\n    }',
    result: 'func f() {\n\tif x {\n\t\tlog()\n\t\treturn\n\t}\n}\n',
  },
  { name: 'two-space file, tabs in old_text', file: 'a:\n  b:\n    c\n', old: '\tb:\n\t\tc', new: '\tb:\n\t\td', result: 'a:\n  b:\n    d\n' },
  {
    name: 'indentation with a blank line inside',
    file: '  one\n\n  two\n',
    old: 'one\n\ntwo',
    new: 'one\n\ntwo\nthree',
    result: '  one\n\n  two\n  three\n',
  },
  {
    name: 'indentation shift differing per line is refused',
    file: 'a\n    b\n',
    old: '  a\n  b',
    new: 'x',
    refuse: ['old_text was not found in f.txt', 'Closest region, lines 1-2', '!     1\ta'],
  },
  // 5. typographic characters
  { name: 'curly quotes in the file', file: 'say(“hello”);\n', old: 'say("hello");', new: 'say("bye");', result: 'say("bye");\n', says: ['typographic'] },
  { name: 'curly quotes in old_text', file: "it's fine\n", old: 'it’s fine', new: 'it is fine', result: 'it is fine\n' },
  { name: 'em dash against hyphen', file: 'a — b\n', old: 'a - b', new: 'a, b', result: 'a, b\n' },
  { name: 'ellipsis against three dots', file: 'wait…\nok\n', old: 'wait...\nok', new: 'done\nok', result: 'done\nok\n' },
  { name: 'non-breaking space against space', file: 'price:\u00A010\n', old: 'price: 10', new: 'price: 12', result: 'price: 12\n' },
  {
    name: 'typographic and indentation together',
    file: '    print(“a”)\n    print(“b”)\n',
    old: 'print("a")\nprint("b")',
    new: 'print("a")\nprint("c")',
    result: '    print("a")\n    print("c")\n',
  },
  // unicode
  { name: 'CJK exact', file: '你好，世界\n再见\n', old: '你好，世界', new: '你好，tack', result: '你好，tack\n再见\n' },
  {
    name: 'emoji with trailing-space fallback',
    file: '🎉 party  \n🚀 launch\n',
    old: '🎉 party\n🚀 launch',
    new: '🎉 fête\n🚀 launch',
    result: '🎉 fête\n🚀 launch\n',
  },
  { name: 'CJK in a CRLF file', file: '第一行\r\n第二行\r\n', old: '第一行\n第二行', new: '一\n二', result: '一\r\n二\r\n' },
  { name: 'emoji next to curly quotes', file: 'x = “😀”; y = 1;\n', old: 'x = "😀";', new: 'x = "😎";', result: 'x = "😎"; y = 1;\n' },
  // refusals that teach
  {
    name: 'no match shows the closest region and the differing line',
    file: 'function f() {\n  return 1;\n}\n',
    old: 'function f() {\n  return 2;\n}',
    new: 'x',
    refuse: ['old_text was not found in f.txt. Closest region, lines 1-3', '!     2\t  return 1;', 'old_text line 2 is "  return 2;"'],
  },
  { name: 'nothing alike', file: 'abc\n', old: 'zzzz qqqq', new: 'x', refuse: ['nothing in the file resembles it'] },
  { name: 'old_text equal to new_text', file: 'a\n', old: 'a', new: 'a', refuse: ['old_text and new_text are identical'] },
  { name: 'empty old_text', file: 'a\n', old: '', new: 'b', refuse: ['old_text is empty', 'use write'] },
  {
    name: 'ambiguous after a fallback',
    file: 'x  \ny\nx \ny\n',
    old: 'x\ny',
    new: 'z',
    refuse: ['old_text matches 2 places in f.txt (matched ignoring trailing whitespace), at lines 1, 3'],
  },
  { name: 'a fuzzy match that would change nothing', file: 'foo\n', old: 'foo  ', new: 'foo', refuse: ['would leave f.txt unchanged'] },
  { name: 'replace_all through a fallback', file: 'a\r\nb\r\na\r\nb\r\n', old: 'a\nb', new: 'c', all: true, result: 'c\r\nc\r\n' },
  { name: 'binary file', file: Buffer.from([104, 105, 0, 1, 2]), old: 'hi', new: 'ho', refuse: ['f.txt: binary file, 5 B; edit changes text files only'] },
  {
    name: 'invalid UTF-8',
    file: Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' ok\n')]),
    old: 'ok',
    new: 'fine',
    refuse: ['f.txt is not valid UTF-8', 'use bash'],
  },
];

describe('edit: table of cases', () => {
  it('has at least 40 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  for (const c of CASES) {
    it(c.name, async () => {
      const { cwd, run } = workspace();
      const file = join(cwd, 'f.txt');
      await writeFile(file, c.file);
      const before = await readFile(file);
      const { text, isError } = await run('edit', { path: 'f.txt', old_text: c.old, new_text: c.new, replace_all: c.all });
      const after = await readFile(file);
      if (c.refuse) {
        expect(isError).toBe(true);
        for (const part of c.refuse) expect(text).toMatch(typeof part === 'string' ? new RegExp(escape(part)) : part);
        expect(after.equals(before)).toBe(true);
      } else {
        expect(text).not.toMatch(/not found|matches \d+ places/);
        expect(isError).toBe(false);
        expect(after.toString('utf8')).toBe(c.result);
        for (const word of c.says ?? []) expect(text).toContain(word);
      }
    });
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('edit: paths and results', () => {
  it('names similar files when the path does not exist', async () => {
    const { cwd, run } = workspace();
    await mkdir(join(cwd, 'src'));
    await writeFile(join(cwd, 'src/util.ts'), 'x');
    const { text, isError } = await run('edit', { path: 'src/utils.ts', old_text: 'x', new_text: 'y' });
    expect(isError).toBe(true);
    expect(text).toBe('no such file src/utils.ts; similar: src/util.ts');
  });

  it('refuses a directory', async () => {
    const { cwd, run } = workspace();
    await mkdir(join(cwd, 'src'));
    expect((await run('edit', { path: 'src', old_text: 'x', new_text: 'y' })).text).toBe('src is a directory, not a file');
  });

  it('summarizes in one line and puts a unified diff with line numbers in details', async () => {
    const { cwd, run } = workspace();
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    await writeFile(join(cwd, 'f.txt'), lines.join('\n') + '\n');
    const { text, details } = await run('edit', { path: 'f.txt', old_text: 'line 12\nline 13', new_text: 'twelve' });
    expect(text).toBe('Edited f.txt: 2 lines removed, 1 added; first change at line 12.');
    expect(details).toMatchObject({ added: 1, removed: 2, firstChangedLine: 12, replacements: 1, method: 'exact' });
    expect(details.diff).toContain('--- a/f.txt\n+++ b/f.txt\n@@ -9,8 +9,7 @@\n line 9\n line 10\n line 11\n-line 12\n-line 13\n+twelve\n line 14');
  });

  it('lets parallel edits of one file both land', async () => {
    const { cwd, run, tools } = workspace();
    await writeFile(join(cwd, 'f.txt'), 'alpha\nbeta\ngamma\n');
    const results = await Promise.all([
      run('edit', { path: 'f.txt', old_text: 'alpha', new_text: 'ALPHA' }),
      run('edit', { path: 'f.txt', old_text: 'gamma', new_text: 'GAMMA' }),
      run('edit', { path: './f.txt', old_text: 'beta', new_text: 'BETA' }),
    ]);
    expect(results.map((r) => r.isError)).toEqual([false, false, false]);
    expect(await readFile(join(cwd, 'f.txt'), 'utf8')).toBe('ALPHA\nBETA\nGAMMA\n');
    expect(tools.byName.edit.lockKey?.({ path: './f.txt' })).toBe(join(cwd, 'f.txt'));
  });

  it('counts as having read the file, so a later write is allowed', async () => {
    const { cwd, run } = workspace();
    await writeFile(join(cwd, 'f.txt'), 'a\n');
    await run('edit', { path: 'f.txt', old_text: 'a', new_text: 'b' });
    expect((await run('write', { path: 'f.txt', content: 'c\n' })).isError).toBe(false);
  });
});
