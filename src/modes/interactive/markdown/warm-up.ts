// The first answer of a process is rendered by cold code: marked's rules, the highlighter and its
// grammars are loaded and compiled on first use, and their regexes run interpreted at first. Paid
// in the middle of a fast stream, that is ~150 ms more before the answer's end shows. Rendering a
// small sample of every kind of block while the model is still thinking pays it up front, in slices
// with a turn of the event loop between them: the request's own I/O (connect, send) never waits
// more than a slice.
import { renderMarkdown } from './render.js';

/** One piece per slice, each a few milliseconds cold. */
const SAMPLES = [
  '# Heading\n\nProse with *emphasis*, **strong**, `code`, ~~struck~~ and a [link](https://example.com).\nSecond line',
  '## Section\n\n- an item with `code`\n- another **item**\n  1. nested',
  '> a quote\n\n---\n\nUnderlined\n===',
  '| name | value |\n| --- | ---: |\n| alpha | `1` |',
  // the two languages nearly every coding answer shows: a script's and the shell's
  '```ts\nconst value = compute(1, "text"); // why\nexport function f(a: number): string { return `${a}`; }\n```',
  '```bash\nnpm test -- --run && git status | grep "src/"\n```',
];

let started = false;

/** Starts warming the renderer, once per process; later calls do nothing. */
export function warmUpMarkdown(width: number): void {
  if (started) return;
  started = true;
  const next = (i: number) => {
    if (i >= SAMPLES.length) return;
    setImmediate(() => {
      renderMarkdown(SAMPLES[i]!, { width, highlight: true });
      next(i + 1);
    }).unref();
  };
  next(0);
}
