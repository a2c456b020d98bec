// Each operation of the protocol carried out on the Session's parts. The one switch every mode's
// input goes through: a new operation is a line here, not a new public method.
import { join } from 'node:path';
import { changesSince } from '../checkpoints/run-changes.js';
import { submitInput } from './input/submit.js';
import type { OpResult, OpResults, SessionOp } from './protocol.js';
import type { Questions } from './questions.js';
import type { SessionCore } from './session-core.js';
import { runUserCommand } from './user-command.js';
import { quietWithin } from './quiet.js';

export interface OpTarget {
  core: SessionCore;
  questions: Questions;
}

type Handlers = { [K in SessionOp['type']]: (t: OpTarget, op: Extract<SessionOp, { type: K }>) => OpResults[K] | Promise<OpResults[K]> };

const handlers: Handlers = {
  user_message: ({ core }, op) => submitInput(core, op.input, { followUp: op.queue === 'follow_up', signal: op.signal }),
  note: ({ core }, op) => void core.runs.addToConversation(op.text),
  shell: ({ core }, op) => runUserCommand(op.command, core.tools, core.approvals, op.signal),
  abort: ({ core }) => core.runs.abort(),
  take_queue: ({ core }) => core.runs.takeQueue(),
  answer: ({ questions }, op) => questions.answer(op.id, op.answer),
  set_model: ({ core }, op) => void core.setModel(op.model),
  set_thinking: ({ core }, op) => void core.setThinkingLevel(op.level),
  set_mode: ({ core }, op) => {
    const gate = core.approvals;
    if (!gate) return undefined;
    if (op.mode === 'next') return gate.cycleMode();
    gate.setMode(op.mode);
    return op.mode;
  },
  compact: async ({ core }, op) => void (await core.compact(op.focus, op.signal)),
  rewind: ({ core }, op) => core.rewind(op.n, op.what, { overwrite: op.overwrite }),
  new: async ({ core }) => void (await core.startNew()),
  set_goal: ({ core }, op) => core.goal.set({ command: op.command, ...(op.tries === undefined ? {} : { tries: op.tries }) }),
  clear_goal: ({ core }) => core.goal.clear(),
  check_goal: async ({ core }) => void (await core.runs.pursueGoal()),
  changes_since: ({ core }, op) => (core.checkpoints ? changesSince(core.checkpoints, op.before) : undefined),
  context: ({ core }) => core.contextUsage(),
  quiet: ({ core }, op) => quietWithin(core, op.ms),
  wait_idle: async ({ core }) => void (await core.runs.waitForIdle()),
  start_extensions: ({ core }, op) => void core.startExtensions(op.warm),
  mcp_reconnect: ({ core }, op) => core.mcp?.reconnect(op.server) ?? false,
  mcp_prompt: ({ core }, op) => {
    if (!core.mcp) throw new Error('no MCP server is configured');
    return core.mcp.expandPrompt(op.command, op.args);
  },
  notify_idle: ({ core }) => void core.extensions.hooks?.notification('tack is waiting for your input', 'idle_prompt'),
  stop_jobs: async ({ core }) => {
    const running = core.jobs?.running() ?? [];
    await core.jobs?.stopAll();
    return running.map((job) => ({ id: job.id, command: job.command }));
  },
  stop_job: async ({ core }, op) => {
    const job = core.jobs?.get(op.id);
    if (job?.state !== 'running') return false;
    await job.stop();
    return true;
  },
  keep_jobs: ({ core }) => core.jobs?.keepRunning(join(core.config.home, 'jobs')) ?? [],
};

export async function applyOp<T extends SessionOp>(target: OpTarget, op: T): Promise<OpResult<T>> {
  const handle = handlers[op.type] as unknown as (t: OpTarget, op: T) => OpResult<T> | Promise<OpResult<T>>;
  return handle(target, op);
}
