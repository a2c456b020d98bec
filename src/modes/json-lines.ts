// Splits a byte stream into lines at LF only, so a U+2028 or U+2029 inside a JSON string never
// ends a message (they are valid, unescaped, in JSON). A line longer than the cap is skipped whole
// and reported, so one runaway writer cannot exhaust memory.

export type LineEvent = { kind: 'line'; text: string; number: number } | { kind: 'too_long'; number: number; bytes: number };

const LF = 0x0a;

export async function* readLines(stream: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<LineEvent> {
  let parts: Buffer[] = [];
  let pending = 0;
  let skipping = false;
  let number = 0;
  for await (const chunk of stream) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let at = buf.indexOf(LF); at >= 0; at = buf.indexOf(LF)) {
      number++;
      const size = pending + at;
      if (skipping || size > maxBytes) yield { kind: 'too_long', number, bytes: size };
      else yield { kind: 'line', text: Buffer.concat([...parts, buf.subarray(0, at)]).toString('utf8'), number };
      parts = [];
      pending = 0;
      skipping = false;
      buf = buf.subarray(at + 1);
    }
    pending += buf.length;
    if (pending > maxBytes) {
      skipping = true;
      parts = [];
    } else if (buf.length > 0) parts.push(Buffer.from(buf));
  }
  if (pending > 0 || skipping) {
    number++;
    if (skipping) yield { kind: 'too_long', number, bytes: pending };
    else yield { kind: 'line', text: Buffer.concat(parts).toString('utf8'), number };
  }
}
