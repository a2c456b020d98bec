// A tool call's arguments as a person reads them: one `name: value` line each (a text as it is, its
// later lines indented under it; anything else as compact JSON), every control character visible.
import { visible } from '../../../text/terminal-text.js';
import { sanitize, wrapWithPrefix } from '../text/text.js';

export function argumentLines(args: Record<string, unknown>, cols: number, indent: string): string[] {
  return Object.entries(args).flatMap(([name, value]) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    const key = sanitize(visible(name));
    const pad = `${indent}${' '.repeat(Math.min(key.length + 2, 12))}`;
    return sanitize(visible(text))
      .split('\n')
      .flatMap((line, i) => wrapWithPrefix(line, cols, i === 0 ? `${indent}${key}: ` : pad, pad));
  });
}
