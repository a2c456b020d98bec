// Assembles the live region (everything below the transcript) and keeps it shorter than the
// terminal: Ink clears the whole screen and scrollback when its frame is as tall as the terminal.

export interface LiveParts {
  /** the streaming answer and the running tools */
  body: string[];
  /** an approval question, already cut to fit */
  question?: string[];
  status: string[];
  queue: string[];
  /** the todo list above the queue, and how it is drawn in fewer lines (keeping its count and current item) */
  todos?: string[];
  fitTodos?: (max: number) => string[];
  input: string[];
  menu: string[];
  footer: string[];
}

export function aboveMarker(n: number): string {
  return `… ${n} line${n === 1 ? '' : 's'} above`;
}

/** The last `max` lines of `lines`, under a marker when some are cut off. */
export function lastLines(lines: string[], max: number, marker: (n: number) => string = aboveMarker): string[] {
  if (lines.length <= max) return lines;
  if (max <= 0) return [];
  if (max === 1) return [marker(lines.length)];
  const kept = lines.slice(lines.length - (max - 1));
  return [marker(lines.length - kept.length), ...kept];
}

/**
 * At most `rows - 1` lines. When something must go, the body shrinks first (to its last lines),
 * then the menu, the queue, the todo list (to its count and current item), the status and the question (its end, with the choices, stays); the
 * input and the footer stay.
 */
export function composeLive(p: LiveParts, rows: number, styleMarker: (text: string) => string = (t) => t): string[] {
  const budget = Math.max(1, rows - 1);
  const fixed = () => question.length + status.length + todos.length + queue.length + input.length + menu.length + footer.length;
  let { question = [], status, todos = [], queue, input, menu } = p;
  const { footer } = p;
  if (fixed() > budget) menu = menu.slice(0, Math.max(0, menu.length - (fixed() - budget)));
  if (fixed() > budget) queue = lastLines(queue, Math.max(0, queue.length - (fixed() - budget)), (n) => styleMarker(`… ${n} queued`));
  if (fixed() > budget) todos = p.fitTodos?.(Math.max(0, todos.length - (fixed() - budget))) ?? [];
  if (fixed() > budget) status = status.slice(0, Math.max(0, status.length - (fixed() - budget)));
  if (fixed() > budget) question = question.slice(Math.min(question.length, fixed() - budget));
  if (fixed() > budget) input = input.slice(Math.max(0, fixed() - budget));
  const room = budget - fixed();
  const body = lastLines(p.body, room, (n) => styleMarker(aboveMarker(n)));
  return [...body, ...question, ...status, ...todos, ...queue, ...input, ...menu, ...footer].slice(-budget);
}
