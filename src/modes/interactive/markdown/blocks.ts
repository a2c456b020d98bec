// Splits streamed markdown into finished top-level blocks and the unfinished tail. A block is
// finished at a blank line outside a code fence; the finished part can be printed once and for all.

export interface FenceState {
  /** the fence that is open (e.g. "```" or "~~~~"), or null */
  open: string | null;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** Updates the fence state for one complete line. */
export function stepFence(state: FenceState, line: string): void {
  const m = FENCE.exec(line.replace(/^\s+/, (ws) => (ws.length > 3 ? '   ' : ws)));
  if (!m) return;
  const marker = m[1]!;
  if (state.open === null) {
    // An opening backtick fence's info string may not contain backticks.
    if (marker[0] === '`' && m[2]!.includes('`')) return;
    state.open = marker;
  } else if (marker[0] === state.open[0] && marker.length >= state.open.length && m[2]!.trim() === '') {
    state.open = null;
  }
}

export interface Split {
  /** finished blocks (ends with the blank line that finished them), or '' */
  done: string;
  /** what is still being written */
  rest: string;
}

/** Finds the last block boundary in `text`: everything before it is finished. */
export function splitFinished(text: string): Split {
  const state: FenceState = { open: null };
  let boundary = 0;
  let start = 0;
  let sawContent = false;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) break; // the last line is incomplete: it decides nothing yet
    const line = text.slice(start, nl);
    const wasOpen = state.open !== null;
    stepFence(state, line);
    if (!wasOpen && state.open === null && line.trim() === '') {
      if (sawContent) boundary = nl + 1;
    } else {
      sawContent = true;
    }
    start = nl + 1;
  }
  return { done: text.slice(0, boundary), rest: text.slice(boundary) };
}
