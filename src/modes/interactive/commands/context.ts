// /context: where the context goes, in tokens (the session counts, context-view.ts draws).
import { contextLines } from '../view/context-view.js';
import type { Command } from './command.js';

export const context: Command = {
  name: 'context',
  description: 'where the context goes: system prompt, tools, messages, files, in tokens',
  async run(ctx) {
    const usage = await ctx.session().submit({ type: 'context' });
    ctx.transcript.push(contextLines(usage, ctx.transcript.width));
  },
};
