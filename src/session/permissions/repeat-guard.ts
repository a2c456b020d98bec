// Notices a model stuck repeating itself: the same tool call with the same arguments, in a row.

export const REPEAT_LIMIT = 3;

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` count as the same arguments. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class RepeatGuard {
  private last: string | undefined;
  private count = 0;

  /** Records a call; returns how many times in a row this exact call has now been made. */
  record(tool: string, args: unknown): number {
    const key = `${tool}\u0000${canonical(args)}`;
    this.count = key === this.last ? this.count + 1 : 1;
    this.last = key;
    return this.count;
  }

  /** After the user lets a repeat run, counting starts over. */
  reset(): void {
    this.last = undefined;
    this.count = 0;
  }
}
