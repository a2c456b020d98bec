// What a line typed into the input is: a shell line (`!ls`), a command of tack's own or an MCP
// prompt's, a custom command or skill (sent through the Session's front door), a command it does not
// know, or a message for the model. The line is read here once.
import type { Session } from '../../../session/session.js';
import { findCommand, parseCommand } from '../commands/index.js';
import { isExtensionCommand } from '../commands/extensions-view.js';
import { isPromptCommand } from '../commands/mcp-view.js';

export type TypedLine =
  | { kind: 'command'; name: string; args: string }
  | { kind: 'extension'; name: string; args: string }
  | { kind: 'unknown'; name: string }
  | { kind: 'message' };

export function readTypedLine(typed: string, session: Session): TypedLine {
  const parsed = typed.startsWith('!') ? { name: '!', args: typed.slice(1).trim() } : parseCommand(typed);
  if (!parsed) return { kind: 'message' };
  if (parsed.name === '!' || findCommand(parsed.name) || isPromptCommand(parsed.name)) return { kind: 'command', ...parsed };
  return isExtensionCommand(session, parsed.name) ? { kind: 'extension', ...parsed } : { kind: 'unknown', name: parsed.name };
}
