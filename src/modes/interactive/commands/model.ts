// The model's commands: which model answers, and how hard it thinks.
import type { ThinkingLevel } from '../../../ai/types.js';
import type { Command } from './command.js';

export const model: Command = {
  name: 'model',
  args: '[id]',
  description: "switch the model for the next turn (no id: pick from the server's list)",
  run(ctx, args) {
    if (!args) {
      ctx.openModelPicker();
      return;
    }
    const model = ctx.makeModel(args);
    void ctx.session().submit({ type: 'set_model', model });
    ctx.transcript.notice(`model: ${model.id} (from the next model call)`);
  },
};

const LEVELS: readonly ThinkingLevel[] = ['off', 'low', 'medium', 'high'];

export const thinking: Command = {
  name: 'thinking',
  args: '[off|low|medium|high]',
  description: 'how hard the model thinks, where it takes a reasoning effort (no level: show it)',
  run(ctx, arg) {
    const session = ctx.session();
    const t = ctx.transcript;
    if (!arg) {
      t.notice(`thinking: ${session.view().state.thinkingLevel} (choices: ${LEVELS.join(', ')}; /thinking <level> sets it)`);
      return;
    }
    const level = LEVELS.find((l) => l === arg.toLowerCase());
    if (!level) {
      t.error(`/thinking takes one of ${LEVELS.join(', ')}, not "${arg}"`);
      return;
    }
    void session.submit({ type: 'set_thinking', level });
    const model = session.view().model;
    // Sent as reasoning_effort only where the model takes it; the model layer says so once otherwise.
    const unknown = level !== 'off' && !model.reasoning && model.compat?.supportsReasoningEffort !== true;
    t.notice(`thinking: ${level} (from the next model call)${unknown ? `; ${model.id} is not known to take a thinking level, so it may be ignored` : ''}`);
  },
};
