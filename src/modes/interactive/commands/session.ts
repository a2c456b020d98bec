// The session's commands: a new one, an earlier one, what it is, and its conversation written out.
import type { Message } from '../../../ai/types.js';
import { findSessionById } from '../../../session/file/locate.js';
import { exportConversation } from './export-file.js';
import { copyNotice, osc52 } from '../os/clipboard.js';
import { compactNumber, formatCost } from '../view/footer.js';
import { plural, renderSessionInfo } from '../view/session-info.js';
import type { Command } from './command.js';

export const newCommand: Command = {
  name: 'new',
  description: 'start a fresh conversation',
  async run(ctx) {
    await ctx.renewSession();
    ctx.transcript.notice(`new conversation · session ${ctx.session().view().id}`);
  },
};

export const resume: Command = {
  name: 'resume',
  args: '[id]',
  description: 'continue an earlier session of this directory (no id: pick from a list)',
  async run(ctx, args) {
    const session = ctx.session();
    if (!args) ctx.openResumePicker();
    else await ctx.resume(findSessionById(session.view().config.home, session.view().config.cwd, args));
  },
};

export const sessionInfo: Command = {
  name: 'session',
  description: 'session id, file and token totals',
  run(ctx) {
    const t = ctx.transcript;
    const session = ctx.session();
    const file = session.view().file;
    const tot = session.view().usage;
    const cost = tot.cost === null ? 'unknown (no prices for this model)' : formatCost(tot.cost);
    t.push(
      renderSessionInfo(
        [
          { label: 'session', value: session.view().id },
          { label: 'file', value: file ?? 'none (--no-session: kept in memory only)', path: file !== undefined },
          { label: 'model', value: session.view().model.id },
          { label: 'messages', value: String(session.view().state.messages.length) },
          {
            label: 'tokens',
            value: `${compactNumber(tot.input)} in (${compactNumber(tot.cacheRead)} cached) · ${compactNumber(tot.output)} out · ${plural(tot.calls, 'model call')}`,
          },
          { label: 'cost', value: cost },
        ],
        t.width,
      ),
    );
  },
};

export const copy: Command = {
  name: 'copy',
  description: 'copy the last answer to the clipboard',
  run(ctx) {
    const t = ctx.transcript;
    const answer = lastAnswer(ctx.session().view().state.messages);
    if (!answer) {
      t.error('nothing to copy yet: no answer in this conversation');
      return;
    }
    ctx.writeRaw(osc52(answer));
    t.notice(copyNotice(answer.length, process.env));
  },
};

export const exportCommand: Command = {
  name: 'export',
  args: '[file]',
  description: 'write the conversation as Markdown (default: $TACK_HOME/exports/tack-<date>-<id>.md)',
  run(ctx, args) {
    ctx.transcript.notice(`exported the conversation to ${exportConversation(ctx.session(), args)}`);
  },
};

/** The text of the latest answer that has any. */
function lastAnswer(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role !== 'assistant') continue;
    const text = m.content
      .map((c) => (c.type === 'text' ? c.text : ''))
      .join('')
      .trim();
    if (text) return text;
  }
  return '';
}
