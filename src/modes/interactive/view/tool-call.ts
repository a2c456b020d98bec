// A tool call as the screen keeps it: what was called, how far it got, and its result. The views of
// a call (tool-view.ts) and of a child agent's call (child-view.ts) both read it.
import type { AgentToolResult } from '../../../agent/types.js';

/** `interrupted`: stopped by Esc (failed only because the user stopped it) */
export type ToolStatus = 'preparing' | 'running' | 'done' | 'failed' | 'interrupted';

export interface ToolCallView {
  id: string;
  name: string;
  args: unknown;
  status: ToolStatus;
  /** the latest partial result while running, the result when finished */
  result?: AgentToolResult;
  startedAt?: number;
  endedAt?: number;
  /** an edit whose diff the user saw in the question: its result is the one line `✓ edit x +1 -1` */
  diffShown?: boolean;
}
