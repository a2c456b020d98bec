import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Seeded PRNG, so the tree is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const WORDS = ['foo', 'bar(', 'TODO', 'todo:', 'café', 'École', '你好', '世界', '🎉', 'x.y(z)', 'return', '  ', '\t', 'fooo (', 'word', 'sword', 'a.b(c)'];

/**
 * A tree that exercises what the grep engines must agree on: .gitignore rules (nested, negated,
 * anchored, directory-only), hidden files, .git and node_modules, binary files, invalid UTF-8, CRLF,
 * unicode, long lines, a missing final newline, and a few hundred generated files.
 */
export async function makeGrepTree(root: string): Promise<void> {
  const files: Record<string, string | Buffer> = {
    '.gitignore': '*.log\n!keep.log\nbuild/\n/top-only.txt\nsecret*\n',
    'pkg/.gitignore': 'generated/\n*.tmp\n',
    'src/main.ts': 'import x from "y";\n// TODO: fix\nfoo(1);\nconst s = "你好 TODO";\n',
    'src/win.ts': 'first TODO\r\nsecond\r\nthird todo\r\n',
    'src/no-newline.md': 'last line TODO',
    'src/empty.txt': '',
    'src/long.txt': `${'x'.repeat(600)} TODO ${'y'.repeat(100)}\nshort TODO\n`,
    'src/emoji.txt': '🎉 party TODO 🎉\ncafé École ÉCOLE\n',
    'src/dash-file.ts': '-e not an option\nTODO -e\n',
    'keep.log': 'kept TODO\n',
    'drop.log': 'dropped TODO\n',
    'top-only.txt': 'ignored at the top TODO\n',
    'sub/top-only.txt': 'not ignored below TODO\n',
    'secret.env': 'TODO secret\n',
    'build/out.txt': 'TODO built\n',
    'pkg/generated/g.ts': 'TODO generated\n',
    'pkg/a.tmp': 'TODO tmp\n',
    'pkg/real.ts': 'TODO real\n\n\nfoo bar\n',
    '.config/settings.ts': 'TODO hidden\n',
    '.git/HEAD': 'TODO in git\n',
    'node_modules/lib/index.js': 'TODO dependency\n',
    'bin/blob.bin': Buffer.concat([Buffer.from('TODO before nul '), Buffer.from([0, 1, 2]), Buffer.from(' TODO after\n')]),
    'bin/latin1.txt': Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' TODO latin1\n')]),
  };
  const next = random(42);
  for (let i = 0; i < 300; i++) {
    const lines = Array.from({ length: 1 + Math.floor(next() * 40) }, () =>
      Array.from({ length: Math.floor(next() * 6) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' '),
    );
    const dir = ['src', 'pkg', 'deep/a/b', 'docs', 'build', 'pkg/generated'][i % 6];
    const ext = ['.ts', '.md', '.txt', '.log', '.tmp'][Math.floor(next() * 5)];
    files[`${dir}/gen${i}${ext}`] = lines.join(next() < 0.2 ? '\r\n' : '\n') + (next() < 0.8 ? '\n' : '');
  }
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}
