// Syntax highlighting of an answer's code: the 90 TypeScript blocks of the interactive bench's
// 300,000-character answer (8 lines each), in a fresh process (how the first answer is drawn) and
// warm, and the longest hostile block highlighted (unclosed tags, which Prism's markup grammar takes
// quadratic time on). Medians of 5 fresh processes. For the record, on the 2-core machine where
// Prism replaced highlight.js, the same through tack's highlight(): highlight.js 80 ms fresh, 17 ms
// warm, 61 ms for the hostile block; Prism 59 ms, 3.9 ms and 126 ms.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (process.argv[2] === 'child') {
  const { setColorLevel } = await import('../dist/src/modes/interactive/text/style.js');
  const { highlight, MAX_HIGHLIGHTED_CHARS } = await import('../dist/src/modes/interactive/markdown/highlight.js');
  setColorLevel('color');
  const block = Array.from({ length: 8 }, (_, k) => `const value${k} = compute(${k}, "text"); // step ${k}`).join('\n');
  const all = () => {
    let painted = 0;
    for (let i = 0; i < 90; i++) painted += highlight(`${block}${' '.repeat(i % 3)}`, 'ts').filter((l) => l.includes('\x1b[')).length;
    if (painted !== 90 * 8) throw new Error(`only ${painted} lines highlighted`);
  };
  let t = performance.now();
  all();
  const fresh = performance.now() - t;
  for (let r = 0; r < 5; r++) all();
  t = performance.now();
  for (let r = 0; r < 10; r++) all();
  const warm = (performance.now() - t) / 10;
  const hostile = '<a b="'.repeat(Math.floor(MAX_HIGHLIGHTED_CHARS / 6));
  t = performance.now();
  highlight(hostile, 'html');
  const worst = performance.now() - t;
  console.log(JSON.stringify({ fresh, warm, worst }));
} else {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'child'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    runs.push(JSON.parse(r.stdout));
  }
  const median = (key) =>
    runs
      .map((r) => r[key])
      .sort((a, b) => a - b)[2]
      .toFixed(1);
  console.log(`90 code blocks of 8 lines: ${median('fresh')} ms in a fresh process, ${median('warm')} ms warm`);
  console.log(`longest hostile block highlighted (unclosed tags, 24,000 characters): ${median('worst')} ms`);
}
