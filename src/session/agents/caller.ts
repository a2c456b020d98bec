// Which child a call comes from, as its questions name it: the agent and its task, short, so that
// children side by side are told apart (`[general agent: fix the typo]`).
import { visible } from '../../text/terminal-text.js';

export interface Caller {
  /** the agent's name: hooks get it as `agent_name` */
  agent: string;
  /** the task call's `description` (the model's words) */
  task: string;
}

/** The task shown on a question: a few words are meant, a long one is cut. */
const TASK_CHARS = 40;

export function callerLabel(caller: Caller): string {
  const task = visible(caller.task.replace(/\s+/g, ' ').trim());
  const short = task.length > TASK_CHARS ? `${task.slice(0, TASK_CHARS - 1)}…` : task;
  return short ? `${caller.agent} agent: ${short}` : `${caller.agent} agent`;
}
