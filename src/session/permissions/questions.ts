// How a question looks: a one-line summary of the call and the answers that make sense for it.
import { displayPath, resolvePath } from '../../../tools/fs/paths.js';
import type { Decision } from './decision.js';
import type { ApprovalChoice } from './prompter.js';
import { visible } from '../../text/terminal-text.js';
import { isMcpToolName, shownToolName } from '../../extensions/mcp/names.js';

const MAX = 100;
/** An exact command in an "always" answer's label: the question shows it whole above. */
const EXACT_SHOWN = 48;

function oneLine(text: string, max = MAX): string {
  const line = visible(text.replace(/[ \t]*\n[ \t]*/g, ' ⏎ ').trim());
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * A path as a person should read it: the one the tool will touch (absolute outside the workspace),
 * with `./` before a relative one that starts like `~/` or `$HOME`, which the tools do not expand.
 */
export function shownPath(cwd: string, absolute: string): string {
  const shown = displayPath(cwd, absolute);
  return /^[~$]/.test(shown) ? `./${shown}` : shown;
}

/** "Edit src/app.ts", "Run npm test", "Read /home/u/.aws/credentials". */
export function summarize(tool: string, args: Record<string, unknown>, where: { cwd: string; home: string }): string {
  const s = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : '');
  const path = () => visible(shownPath(where.cwd, resolvePath(where.cwd, s('path'), where.home).absolute));
  switch (tool) {
    case 'bash':
      return `Run ${oneLine(s('command'))}${args.run_in_background === true ? ' in the background' : ''}`;
    case 'edit':
    case 'write':
    case 'read':
      return `${tool[0].toUpperCase()}${tool.slice(1)} ${path()}`;
    case 'ls':
      return `List ${path()}`;
    case 'fetch':
      return `Fetch ${oneLine(s('url'))}`;
    case 'search':
      return `Search the web for ${oneLine(s('query'))}`;
    case 'grep':
    case 'find':
      return `${tool === 'grep' ? 'Search' : 'Find'} ${oneLine(s('pattern'))}${s('path') ? ` in ${path()}` : ''}`;
    default:
      // an MCP tool's arguments are shown below the title, one `name: value` line each
      return isMcpToolName(tool) ? `Use ${visible(shownToolName(tool))}` : `${tool} ${oneLine(JSON.stringify(args))}`;
  }
}

/** A write's title says what it writes: "Create notes.md (12 lines)", "Overwrite src/app.ts (+3 -1)". */
export function writeSummary(summary: string, preview: { created: boolean; added: number; removed: number }): string {
  const path = summary.replace(/^Write /, '');
  return preview.created
    ? `Create ${path} (${preview.added} line${preview.added === 1 ? '' : 's'})`
    : `Overwrite ${path} (+${preview.added} -${preview.removed})`;
}

const YES: ApprovalChoice = { label: 'Yes', key: 'y', answer: { answer: 'yes' } };
const NO: ApprovalChoice = { label: 'No (Esc), optionally telling the model why', key: 'n', answer: { answer: 'no' } };
/** The two plain answers, for a question no "always" answer could settle (a hook's "ask"). */
export const YES_NO: readonly ApprovalChoice[] = [YES, NO];

export function askChoices(decision: Extract<Decision, { kind: 'ask' }>, cwd: string, canSave = true): ApprovalChoice[] {
  const subject = decision.subject;
  switch (subject.type) {
    case 'edit':
    case 'read': {
      const access = subject.type;
      const shown = shownPath(cwd, subject.path);
      const choices: ApprovalChoice[] = [
        YES,
        {
          label: `Yes, and don't ask again for ${shown} this session`,
          key: 'f',
          answer: { answer: 'always', scope: { kind: 'path', path: subject.path, access } },
        },
      ];
      if (subject.type === 'edit' && decision.routine) {
        choices.push({ label: 'Yes to all edits in the workspace this session', key: 'a', answer: { answer: 'always', scope: { kind: 'all-edits' } } });
      }
      return [...choices, NO];
    }
    case 'bash': {
      const exact = subject.exact ?? [];
      if (subject.prefixes.length === 0 && exact.length === 0) return [YES, NO];
      const named = [...subject.prefixes.map((p) => `\`${p} …\``), ...exact.map((e) => `exactly \`${oneLine(e, EXACT_SHOWN)}\``)].join(', ');
      const covers = { kind: 'commands', prefixes: subject.prefixes, ...(exact.length > 0 ? { exact } : {}) } as const;
      const session: ApprovalChoice = {
        label: `Always allow ${named} this session`,
        key: 'a',
        answer: { answer: 'always', scope: { ...covers, save: false } },
      };
      const save: ApprovalChoice = {
        label: `Always allow ${named}, and save it to .tack/config.json`,
        key: 's',
        answer: { answer: 'always', scope: { ...covers, save: true } },
      };
      // a saved rule reads `*` as "anything": a command holding one cannot be saved as exactly itself
      return canSave && !exact.some((e) => e.includes('*')) ? [YES, session, save, NO] : [YES, session, NO];
    }
    case 'fetch': {
      const host = visible(subject.host);
      const choices: ApprovalChoice[] = [
        YES,
        {
          label: `Yes, and don't ask again for ${host} this session`,
          key: 'a',
          answer: { answer: 'always', scope: { kind: 'host', host: subject.host, save: false } },
        },
      ];
      if (canSave) {
        choices.push({
          label: `Always allow ${host}, and save fetch(domain:${host}) to .tack/config.json`,
          key: 's',
          answer: { answer: 'always', scope: { kind: 'host', host: subject.host, save: true } },
        });
      }
      return [...choices, NO];
    }
    default:
      if (!decision.routine || !decision.detail.startsWith('mcp__')) return [YES, NO];
      return [
        YES,
        {
          label: `Yes, and don't ask again for ${visible(shownToolName(decision.detail))} this session`,
          key: 'a',
          answer: { answer: 'always', scope: { kind: 'tool', name: decision.detail } },
        },
        NO,
      ];
  }
}
