// What each slash command does.
import type { Message, ThinkingLevel } from '../../../ai/types.js';
import type { CommandContext } from './command-context.js';
import { findSessionById } from '../../../session/locate.js';
import { copyNotice, osc52 } from '../clipboard.js';
import { COMMANDS, HELP_KEYS, type ParsedCommand } from '../commands.js';
import { s } from '../style.js';
import { padEnd, wrapWithPrefix } from '../text.js';
import { compactNumber, formatCost } from '../view/footer.js';
import { plural, renderSessionInfo } from '../view/session-info.js';
import { isPromptCommand, mcpCommand, mcpPrompt } from '../mcp-view.js';
import { initRequest } from '../../../session/init-request.js';
import { showHooks, showSkills } from '../extensions-view.js';
import { exportConversation } from './export-file.js';
import { runShellLine } from './shell-line.js';
import { RewindPanel } from './rewind-panel.js';
import { quietWithin } from '../../../session/quiet.js';

export function helpLines(cols: number): string[] {
  const keyWidth = Math.max(...HELP_KEYS.map(([k]) => k.length)) + 2;
  const cmdWidth = Math.max(...COMMANDS.map((c) => `/${c.name}${c.args ? ` ${c.args}` : ''}`.length)) + 2;
  const row = (left: string, right: string, w: number) => wrapWithPrefix(right, cols, `  ${padEnd(left, w)}`, ' '.repeat(w + 2));
  return [
    s.bold('Keys'),
    ...HELP_KEYS.flatMap(([k, d]) => row(k, d, keyWidth)),
    '',
    s.bold('Commands'),
    ...COMMANDS.flatMap((c) => row(`/${c.name}${c.args ? ` ${c.args}` : ''}`, c.description, cmdWidth)),
  ];
}

/** how long a command that needs a quiet moment waits for a run that is only finishing */
const FINISHING_MS = 3000;

export async function runCommand(ctx: CommandContext, cmd: ParsedCommand): Promise<void> {
  const t = ctx.transcript;
  switch (cmd.name) {
    case 'help':
      t.push(helpLines(t.width));
      return;
    case 'quit':
      ctx.quit();
      return;
    case 'model': {
      if (!cmd.args) {
        ctx.openModelPicker();
        return;
      }
      const model = ctx.makeModel(cmd.args);
      ctx.session().setModel(model);
      t.notice(`model: ${model.id} (from the next model call)`);
      return;
    }
    case 'new': {
      await ctx.renewSession();
      t.notice(`new conversation · session ${ctx.session().id}`);
      return;
    }
    case 'resume': {
      const session = ctx.session();
      if (!cmd.args) ctx.openResumePicker();
      else await ctx.resume(findSessionById(session.config.home, session.config.cwd, cmd.args));
      return;
    }
    case 'compact':
      await compact(ctx, cmd.args);
      return;
    case 'thinking':
      thinking(ctx, cmd.args);
      return;
    case 'session': {
      const session = ctx.session();
      const file = session.file;
      const tot = session.usage;
      const cost = tot.cost === null ? 'unknown (no prices for this model)' : formatCost(tot.cost);
      t.push(
        renderSessionInfo(
          [
            { label: 'session', value: session.id },
            { label: 'file', value: file ?? 'none (--no-session: kept in memory only)', path: file !== undefined },
            { label: 'model', value: session.model.id },
            { label: 'messages', value: String(session.state.messages.length) },
            {
              label: 'tokens',
              value: `${compactNumber(tot.input)} in (${compactNumber(tot.cacheRead)} cached) · ${compactNumber(tot.output)} out · ${plural(tot.calls, 'model call')}`,
            },
            { label: 'cost', value: cost },
          ],
          t.width,
        ),
      );
      return;
    }
    case 'copy': {
      const answer = lastAnswer(ctx.session().state.messages);
      if (!answer) {
        t.error('nothing to copy yet: no answer in this conversation');
        return;
      }
      ctx.writeRaw(osc52(answer));
      t.notice(copyNotice(answer.length, process.env));
      return;
    }
    case 'mcp':
      await mcpCommand(ctx.session(), t, cmd.args);
      return;
    case '!':
      await runShellLine(ctx, cmd.args);
      return;
    case 'init': {
      const session = ctx.session();
      if (!(await quietWithin(session, FINISHING_MS))) t.error('/init needs a quiet moment: let the run finish, or interrupt it with Esc, then try again');
      else ctx.send(initRequest(session.config.cwd, cmd.args));
      return;
    }
    case 'export':
      t.notice(`exported the conversation to ${exportConversation(ctx.session(), cmd.args)}`);
      return;
    case 'skills':
      showSkills(ctx.session(), t);
      return;
    case 'hooks':
      showHooks(ctx.session(), t);
      return;
    case 'rewind':
    case 'undo': {
      if (!(await quietWithin(ctx.session(), FINISHING_MS))) {
        t.error(`/${cmd.name} needs a quiet moment: let the run finish, or interrupt it with Esc, then try again`);
        return;
      }
      const panel = new RewindPanel({ session: ctx.session(), transcript: t, input: ctx.input });
      if (cmd.name === 'undo') panel.openUndo();
      else panel.openList();
      return;
    }
    default:
      if (isPromptCommand(cmd.name)) {
        await mcpPrompt(ctx.session(), t, cmd, ctx.send);
        return;
      }
      t.error(`unknown command /${cmd.name}; type /help for the commands`);
  }
}

async function compact(ctx: CommandContext, focus: string): Promise<void> {
  const session = ctx.session();
  const t = ctx.transcript;
  if (!(await quietWithin(session, FINISHING_MS))) {
    t.error('/compact needs a quiet moment: let the run finish, or interrupt it with Esc, then try again');
    return;
  }
  let started = false;
  const off = session.subscribe((e) => {
    if (e.type === 'compaction_start') started = true;
  });
  const abort = new AbortController();
  ctx.onCancel(() => abort.abort());
  try {
    await session.compact(focus || undefined, abort.signal);
  } finally {
    off();
    ctx.onCancel(null);
  }
  if (!started) t.notice('nothing to compact: the conversation is still short enough to keep as it is');
}

const LEVELS: readonly ThinkingLevel[] = ['off', 'low', 'medium', 'high'];

function thinking(ctx: CommandContext, arg: string): void {
  const session = ctx.session();
  const t = ctx.transcript;
  if (!arg) {
    t.notice(`thinking: ${session.state.thinkingLevel} (choices: ${LEVELS.join(', ')}; /thinking <level> sets it)`);
    return;
  }
  const level = LEVELS.find((l) => l === arg.toLowerCase());
  if (!level) {
    t.error(`/thinking takes one of ${LEVELS.join(', ')}, not "${arg}"`);
    return;
  }
  session.setThinkingLevel(level);
  const model = session.model;
  // Sent as reasoning_effort only where the model takes it; the model layer says so once otherwise.
  const unknown = level !== 'off' && !model.reasoning && model.compat?.supportsReasoningEffort !== true;
  t.notice(`thinking: ${level} (from the next model call)${unknown ? `; ${model.id} is not known to take a thinking level, so it may be ignored` : ''}`);
}

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
