// A background laid over a styled line: the whole line on `base`, the given ranges of its visible
// text on `mark`. Styles inside (syntax colours) keep their foreground; whatever resets the
// background in them gets the current one back.
import type { Range } from './diff-words.js';

const CSI_SGR = /^\x1b\[([0-9;]*)m/;

/** True when an SGR parameter list ends the background (a full reset or a default background). */
function resetsBackground(params: string): boolean {
  return params === '' || params.split(';').some((p) => p === '0' || p === '49');
}

/** `styled`'s text with `mark` over `ranges` (offsets into its visible text) and `base` elsewhere. */
export function overlayBackground(styled: string, ranges: Range[], base: string, mark: string): string {
  let out = base;
  let visible = 0;
  let r = 0;
  let current = base;
  const want = () => {
    while (r < ranges.length && visible >= ranges[r]![1]) r++;
    return r < ranges.length && visible >= ranges[r]![0] ? mark : base;
  };
  for (let i = 0; i < styled.length; ) {
    if (styled.charCodeAt(i) === 0x1b) {
      const m = CSI_SGR.exec(styled.slice(i, i + 32));
      if (m) {
        out += m[0];
        if (resetsBackground(m[1]!)) out += current;
        i += m[0].length;
        continue;
      }
    }
    const next = want();
    if (next !== current) {
      out += next;
      current = next;
    }
    const cp = styled.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    out += styled.slice(i, i + len);
    i += len;
    visible += len;
  }
  if (current !== base) out += base;
  return out;
}
