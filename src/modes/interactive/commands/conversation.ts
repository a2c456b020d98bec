// The conversation's commands: shorten it, go back in it, and have it write an AGENTS.md. Each needs a
// quiet moment: it waits a little for a run that is only finishing, and otherwise says why it did not.
import { initRequest } from '../../../session/prompt/init-request.js';
import type { Session } from '../../../session/session.js';
import type { CommandContext } from './command-context.js';
import { RewindPanel } from './panels/rewind-panel.js';
import type { Command } from './command.js';

/** how long a command that needs a quiet moment waits for a run that is only finishing */
const FINISHING_MS = 3000;

/** true once the session is quiet; false (and says so) if it is still running after FINISHING_MS */
async function quietMoment(ctx: CommandContext, session: Session, name: string): Promise<boolean> {
  if (await session.submit({ type: 'quiet', ms: FINISHING_MS })) return true;
  ctx.transcript.error(`/${name} needs a quiet moment: let the run finish, or interrupt it with Esc, then try again`);
  return false;
}

export const compact: Command = {
  name: 'compact',
  args: '[focus]',
  description: 'summarize the older part of the conversation now (focus: what the summary should keep)',
  async run(ctx, focus) {
    const session = ctx.session();
    if (!(await quietMoment(ctx, session, 'compact'))) return;
    let started = false;
    const off = session.subscribe((e) => {
      if (e.type === 'compaction_start') started = true;
    });
    const abort = new AbortController();
    ctx.onCancel(() => abort.abort());
    try {
      await session.submit({ type: 'compact', focus: focus || undefined, signal: abort.signal });
    } finally {
      off();
      ctx.onCancel(null);
    }
    if (!started) ctx.transcript.notice('nothing to compact: the conversation is still short enough to keep as it is');
  },
};

export const init: Command = {
  name: 'init',
  args: '[notes]',
  description: 'have tack write an AGENTS.md for this repository (shown as a change to approve)',
  async run(ctx, notes) {
    const session = ctx.session();
    if (await quietMoment(ctx, session, 'init')) ctx.send(initRequest(session.view().config.cwd, notes));
  },
};

/** /rewind and /undo: the rewind panel, at its list or at undoing the last prompt. */
async function openRewind(ctx: CommandContext, name: 'rewind' | 'undo'): Promise<void> {
  if (!(await quietMoment(ctx, ctx.session(), name))) return;
  const panel = new RewindPanel({ session: ctx.session(), transcript: ctx.transcript, input: ctx.input });
  if (name === 'undo') panel.openUndo();
  else panel.openList();
}

export const rewind: Command = {
  name: 'rewind',
  description: 'go back to before an earlier message: files, conversation or both (also: Esc twice)',
  run: (ctx) => openRewind(ctx, 'rewind'),
};

export const undo: Command = {
  name: 'undo',
  description: "undo the last prompt's changes to the files",
  run: (ctx) => openRewind(ctx, 'undo'),
};
