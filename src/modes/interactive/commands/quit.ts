// /quit: leave tack.
import type { Command } from './command.js';

export const quit: Command = {
  name: 'quit',
  description: 'leave tack',
  run: (ctx) => ctx.quit(),
};
