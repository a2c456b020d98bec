// /goal [command | clear]: the command whose exit 0 says the work is done. Set while idle, it is
// checked at once, and a failure starts the work; alone, it shows the goal and its last result.
import { describeGoal, goalSetWords, parseGoalArgs } from '../../../goal/words.js';
import { visible } from '../../../text/terminal-text.js';
import type { Command } from './command.js';

export const goal: Command = {
  name: 'goal',
  args: '[command | clear]',
  description: 'work until a command exits 0 (e.g. /goal npm test); alone: show it; clear: drop it',
  async run(ctx, args) {
    const session = ctx.session();
    const asked = parseGoalArgs(args);
    if (asked.op === 'show') return void ctx.transcript.notice(visible(describeGoal(session.view().goal)));
    if (asked.op === 'clear') return void ctx.transcript.notice((await session.submit({ type: 'clear_goal' })) ? 'goal cleared' : 'no goal was set');
    try {
      const set = await session.submit({ type: 'set_goal', command: asked.command });
      ctx.transcript.notice(visible(goalSetWords(set)));
    } catch (error) {
      return void ctx.transcript.error((error as Error).message);
    }
    void session.submit({ type: 'check_goal' }).catch((error: Error) => ctx.transcript.error(error.message));
  },
};
