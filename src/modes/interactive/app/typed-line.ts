// What a line typed into the input is: a shell line (`!ls`), a command tack knows (its own, an MCP
// prompt's, an extension's), a command it does not know, or a message for the model.
import type { Session } from '../../../session/session.js';
import { findCommand, parseCommand } from '../commands.js';
import { isExtensionCommand } from '../extensions-view.js';
import { isPromptCommand } from '../mcp-view.js';

export type TypedLine = { kind: 'command'; name: string; args: string } | { kind: 'unknown'; name: string } | { kind: 'message' };

export function readTypedLine(typed: string, session: Session): TypedLine {
  const parsed = typed.startsWith('!') ? { name: '!', args: typed.slice(1).trim() } : parseCommand(typed);
  if (!parsed) return { kind: 'message' };
  const known = parsed.name === '!' || findCommand(parsed.name) || isPromptCommand(parsed.name) || isExtensionCommand(session, typed);
  return known ? { kind: 'command', ...parsed } : { kind: 'unknown', name: parsed.name };
}
