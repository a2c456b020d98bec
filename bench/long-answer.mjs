// The long markdown answer the interactive benches stream: deterministic paragraphs, lists, code
// fences and a table now and then, cut to `chars` characters and ending with `end` on its own line.
// One generator, so tack and Claude Code render exactly the same text.
export function longAnswer(chars, end) {
  const words = 'the agent reads files runs commands and edits code while you keep typing corrections it picks up between steps'.split(' ');
  let seed = 7;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const sentence = () => Array.from({ length: 8 + rnd(12) }, () => words[rnd(words.length)]).join(' ') + '.';
  const parts = [];
  let size = 0;
  for (let i = 0; size < chars - 200; i++) {
    let block;
    if (i % 9 === 3) block = `## Section ${i}\n`;
    else if (i % 7 === 5) block = Array.from({ length: 4 }, () => `- ${sentence()} with \`code\` and **bold**`).join('\n') + '\n';
    else if (i % 11 === 8)
      block = '```ts\n' + Array.from({ length: 8 }, (_, k) => `const value${k} = compute(${k}, "text"); // step ${k}`).join('\n') + '\n```\n';
    else if (i % 23 === 13) block = '| name | value |\n| --- | --- |\n| alpha | 1 |\n| beta | 2 |\n';
    else block = Array.from({ length: 3 + rnd(4) }, sentence).join(' ') + '\n';
    parts.push(block);
    size += block.length + 1;
  }
  const text = parts.join('\n');
  return text.slice(0, chars - end.length - 2) + `\n\n${end}`;
}
