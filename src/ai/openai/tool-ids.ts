// Tool-call ids as they are sent back to the server. Some servers send empty ids, or the same ids
// every turn ("call_0"), and then reject the conversation they produced ("duplicate tool_call_id").
// Ids are made unique over the whole request, and each tool result follows its call's new id.

export class ToolCallIds {
  private readonly used = new Set<string>();
  /** original id -> the sent ids of the latest assistant message, in call order */
  private pending = new Map<string, string[]>();
  private counter = 0;

  /** Starts an assistant message: its results answer only its own calls. */
  startMessage(): void {
    this.pending = new Map();
  }

  forCall(id: string): string {
    let sent = id;
    while (!sent || this.used.has(sent)) sent = `call_${++this.counter}`;
    this.used.add(sent);
    const queue = this.pending.get(id) ?? [];
    queue.push(sent);
    this.pending.set(id, queue);
    return sent;
  }

  /** Results come in call order, so repeated ids within one message pair up by position. */
  forResult(id: string): string {
    return this.pending.get(id)?.shift() ?? id;
  }
}
