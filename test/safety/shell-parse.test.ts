// The shell lexer the policy judges commands with, one row per construct: which simple commands a
// line runs (words after quote removal), and where it cannot follow the line. A command it misses
// is a command no rule or question sees, so the rows with `$(…)` in odd places are the boundary.
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/text/shell-parse.js';

/** The words of each command, in the order the lexer finds them (inner commands first). */
const words = (line: string) => parseCommandLine(line).commands.map((c) => c.words);

const commands: [construct: string, line: string, expected: string[][]][] = [
  ['a simple command', 'ls -la src', [['ls', '-la', 'src']]],
  [
    'a pipeline',
    'git log | head -20 | wc -l',
    [
      ['git', 'log'],
      ['head', '-20'],
      ['wc', '-l'],
    ],
  ],
  ['|& pipes stderr too', 'make |& tee log', [['make'], ['tee', 'log']]],
  ['&&, || and ;', 'a && b || c; d', [['a'], ['b'], ['c'], ['d']]],
  ['& runs in the background', 'server & curl x', [['server'], ['curl', 'x']]],
  ['a newline separates commands', 'a\nb', [['a'], ['b']]],
  ['a backslash-newline continues one', 'ls \\\n  -la', [['ls', '-la']]],
  ['single quotes keep everything literal', "echo 'a b' '$(rm x)' '`rm y`'", [['echo', 'a b', '$(rm x)', '`rm y`']]],
  ['double quotes keep spaces, escapes removed', 'echo "a b" "c\\"d" "e\\$f"', [['echo', 'a b', 'c"d', 'e$f']]],
  ['a quoted operator is a word', 'echo \';\' "&&" \\| x', [['echo', ';', '&&', '|', 'x']]],
  ['words join their quoted parts', `echo a'b'"c"d`, [['echo', 'abcd']]],
  [
    '$(…) runs its commands',
    'echo $(rm -rf build)',
    [
      ['rm', '-rf', 'build'],
      ['echo', '$(rm -rf build)'],
    ],
  ],
  ['$(…) in double quotes too', 'echo "now: $(date)"', [['date'], ['echo', 'now: $(date)']]],
  ['$(…) nested', 'echo $(cat $(ls))', [['ls'], ['cat', '$(ls)'], ['echo', '$(cat $(ls))']]],
  ['$(…) with a pipeline inside', 'x=$(ls | grep a)', [['ls'], ['grep', 'a'], []]],
  ['backticks run their commands', 'echo `id`', [['id'], ['echo', '`id`']]],
  ['backticks in double quotes', 'echo "`whoami`"', [['whoami'], ['echo', '`whoami`']]],
  ['escaped backticks nest', 'echo `echo \\`id\\``', [['id'], ['echo', '`id`'], ['echo', '`echo \\`id\\``']]],
  [
    '$(…) inside ${…} runs (boundary)',
    'echo ${x:-$(rm y)}',
    [
      ['rm', 'y'],
      ['echo', '${x:-$(rm y)}'],
    ],
  ],
  [
    'backticks inside "${…}" run (boundary)',
    'echo "${x:-`rm y`}"',
    [
      ['rm', 'y'],
      ['echo', '${x:-`rm y`}'],
    ],
  ],
  [
    'a quote in "${…}" is a character: it hides nothing (boundary)',
    `echo "\${x:-'}$(rm y)'}"`,
    [
      ['rm', 'y'],
      ['echo', "${x:-'}$(rm y)'}"],
    ],
  ],
  [
    '$(…) inside $((…)) runs (boundary)',
    'echo $(( 1 + $(rm y) ))',
    [
      ['rm', 'y'],
      ['echo', '$(( 1 + $(rm y) ))'],
    ],
  ],
  ['arithmetic alone runs nothing', 'echo $((1 + (2 * 3))) ${#x} ${x%%/*}', [['echo', '$((1 + (2 * 3)))', '${#x}', '${x%%/*}']]],
  [
    'process substitution',
    'diff <(ls a) <(ls b)',
    [
      ['ls', 'a'],
      ['ls', 'b'],
      ['diff', '<(ls a)', '<(ls b)'],
    ],
  ],
  ['subshells', '(cd src && make)', [['cd', 'src'], ['make']]],
  ['a comment ends the command', 'ls # && rm -rf /', [['ls']]],
  ['a comment line', '# rm -rf /\nls', [['ls']]],
  ['# inside a word is not a comment', 'echo a#b', [['echo', 'a#b']]],
  [
    'reserved words are not commands',
    'if test -f x; then rm x; fi',
    [
      ['test', '-f', 'x'],
      ['rm', 'x'],
    ],
  ],
  ['a for header runs nothing, its body does', 'for f in *.ts; do wc -l "$f"; done', [[], ['wc', '-l', '$f']]],
  ['a here-document body is data', 'cat <<EOF\nrm -rf /\nEOF\nls', [['cat'], ['ls']]],
  ['$(…) in an unquoted here-document runs (boundary)', 'cat <<EOF\n$(rm x)\nEOF', [['cat'], ['rm', 'x']]],
  ['backticks in an unquoted here-document run (boundary)', 'cat <<-EOF | sh\n\t`rm x`\n\tEOF', [['cat'], ['sh'], ['rm', 'x']]],
  ['an escaped $ in a here-document is text', 'cat <<EOF\n\\$(rm x)\nEOF', [['cat']]],
  ["a quoted delimiter keeps the body literal: 'EOF'", "cat <<'EOF'\n$(rm x)\nEOF", [['cat']]],
  ['a quoted delimiter keeps the body literal: "EOF"', 'cat <<"EOF"\n`rm x`\nEOF', [['cat']]],
  ['a quoted delimiter keeps the body literal: E\\OF', 'cat <<E\\OF\n$(rm x)\nEOF', [['cat']]],
  ['<<- strips the tabs before the delimiter', 'cat <<-EOF\n\tbody\n\tEOF\npwd', [['cat'], ['pwd']]],
  ['two here-documents on one line', 'cat <<A <<B\na\nA\nb\nB\nls', [['cat'], ['ls']]],
  ['leading assignments are not words', 'FOO=1 BAR=2 make', [['make']]],
];

describe('parseCommandLine: the commands a line runs', () => {
  for (const [construct, line, expected] of commands) {
    it(`${construct}: ${JSON.stringify(line)}`, () => {
      expect(parseCommandLine(line).problem).toBeUndefined();
      expect(words(line)).toEqual(expected);
    });
  }
});

describe('parseCommandLine: redirections and assignments', () => {
  it('a for header sets its variable to each word, as assignments would (for PATH in .; do ls; done runs ./ls)', () => {
    expect(parseCommandLine('for PATH in . /tmp; do ls; done').commands[0]!.assignments).toEqual(['PATH=.', 'PATH=/tmp']);
    expect(parseCommandLine('for x; do echo; done').commands[0]!.assignments).toEqual(['x=']);
  });

  const cases: [line: string, redirects: [op: string, target: string][], expectedWords: string[]][] = [
    [
      'cat < in > out',
      [
        ['<', 'in'],
        ['>', 'out'],
      ],
      ['cat'],
    ],
    [
      'make >> log 2>&1',
      [
        ['>>', 'log'],
        ['>&', '1'],
      ],
      ['make'],
    ],
    [
      'make &> all &>> more',
      [
        ['&>', 'all'],
        ['&>>', 'more'],
      ],
      ['make'],
    ],
    ['echo hi>out.txt', [['>', 'out.txt']], ['echo', 'hi']],
    ['grep x <<< "$text"', [['<<<', '$text']], ['grep', 'x']],
    ['cat <<EOF\nx\nEOF', [['<<', 'EOF']], ['cat']],
    [
      "cat <<'END' >notes.md\nx\nEND",
      [
        ['<<', 'END'],
        ['>', 'notes.md'],
      ],
      ['cat'],
    ],
    ['exec 3<> file', [['<>', 'file']], ['exec']],
    ['cat < <(ls)', [['<', '<(ls)']], ['cat']],
  ];
  for (const [line, redirects, expectedWords] of cases) {
    it(JSON.stringify(line), () => {
      const cmd = parseCommandLine(line).commands.at(-1)!;
      expect(cmd.redirects.map((r) => [r.op, r.target])).toEqual(redirects);
      expect(cmd.words).toEqual(expectedWords);
    });
  }

  it('a bare assignment is a command of its own: it changes what the rest runs', () => {
    expect(parseCommandLine('PATH=./bin; ls').commands.map((c) => [c.assignments, c.words])).toEqual([
      [['PATH=./bin'], []],
      [[], ['ls']],
    ]);
  });

  it('the text of a command is as written, after the reserved words', () => {
    expect(parseCommandLine('while true; do FOO=1 make  -j2; done').commands.map((c) => c.text)).toEqual(['true', 'FOO=1 make  -j2']);
  });
});

describe('parseCommandLine: a line it cannot follow says why, and keeps what it saw', () => {
  const cases: [line: string, problem: string, expected: string[][]][] = [
    ["echo 'open", 'an unclosed single quote', [['echo', 'open']]],
    ['echo "open', 'an unclosed double quote', [['echo', 'open']]],
    ['echo $(ls', 'an unclosed "(" or "$("', [['ls'], ['echo', '$(ls']]],
    ['(cd x', 'an unclosed "(" or "$("', [['cd', 'x']]],
    ['ls )', 'a ")" without its "("', [['ls']]],
    ['echo `ls', 'an unclosed backtick', [['ls'], ['echo', '`ls']]],
    ['echo ${x', 'an unclosed "{"', [['echo', '${x']]],
    ['echo $((1 + 2', 'an unclosed "("', [['echo', '$((1 + 2']]],
    ['cat <<EOF\nbody', 'a here-document without its closing "EOF" line', [['cat']]],
    ['cat <<EOF\n$(rm x)', 'a here-document without its closing "EOF" line', [['cat'], ['rm', 'x']]],
    ['cat <<EOF\n$(rm x\nEOF', 'an unclosed "(" or "$("', [['cat'], ['rm', 'x']]],
  ];
  for (const [line, problem, expected] of cases) {
    it(JSON.stringify(line), () => {
      expect(parseCommandLine(line).problem).toBe(problem);
      expect(words(line)).toEqual(expected);
    });
  }

  it('commands nested too deeply: said, not followed, and no stack is exhausted', () => {
    for (const open of ['$(', '(', '<(', '${', '$((']) {
      for (const times of [20, 100_000]) {
        const deep = `echo ${open.repeat(times)}ls${(open.endsWith('{') ? '}' : ')').repeat(times)}`;
        expect(parseCommandLine(deep).problem, `${open} x ${times}`).toBe('commands nested too deeply');
      }
    }
    expect(parseCommandLine('echo $(a $(b $(c)))').problem).toBeUndefined();
  });
});

describe('parseCommandLine: which words bash passes as they stand', () => {
  const literal = (line: string) => parseCommandLine(line).commands.at(-1)!.literal;
  const cases: [line: string, expected: boolean[]][] = [
    ["grep -n '$x' a.txt", [true, true, true, true]],
    ['grep -n "$x" $y', [true, true, false, false]],
    ["rg -g '*.{ts,tsx}' foo", [true, true, true, true]],
    ['rg -g *.{ts,tsx} foo', [true, true, false, true]],
    ["sort $'\\055o' x", [true, false, true]],
    ['cat ~/x "~/y" ~u/z a\\*b', [true, false, true, false, true]],
    ['echo `date` $(date) a$ $', [true, false, false, true, true]],
    ['diff <(ls a) b', [true, false, true]],
    ['echo $(ls x) y', [true, false, true]],
  ];
  for (const [line, expected] of cases) it(JSON.stringify(line), () => expect(literal(line)).toEqual(expected));
});
