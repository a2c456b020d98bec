// The messages a program may write to `tack -p --input-format stream-json`, checked strictly.
// Pure: a line's text in, a typed message or one sentence saying what is wrong out.
import type { ImageContent, TextContent } from '../ai/types.js';
import { APPROVAL_MODES, type ApprovalMode } from '../session/permissions/index.js';

export type Decision = 'allow' | 'deny' | 'always';

export type InputMessage =
  /** Claude Code's shape: starts a turn, or steers when the agent is working */
  | { type: 'user'; content: string | (TextContent | ImageContent)[] }
  | { type: 'steer'; text: string }
  | { type: 'follow_up'; text: string }
  | { type: 'abort' }
  /** where the context goes, answered with a `context` line */
  | { type: 'context' }
  | { type: 'set_model'; model: string }
  /** the approval mode, as Shift+Tab sets it in the app: ask, auto-edit, yolo or plan */
  | { type: 'set_mode'; mode: ApprovalMode }
  /** `choice`: the key of one of the request's choices, when `always` has more than one scope */
  | { type: 'approval_response'; id: string; decision: Decision; reason?: string; choice?: string }
  /** a goal (`--until`'s): the command whose exit 0 ends the work; `null` clears it */
  | { type: 'set_goal'; command: string | null; tries?: number };

export type Parsed = { ok: true; message: InputMessage } | { ok: false; error: string };

const fail = (error: string): Parsed => ({ ok: false, error });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const TYPES = ['user', 'steer', 'follow_up', 'abort', 'context', 'set_model', 'set_mode', 'approval_response', 'set_goal'];
const DECISIONS: Decision[] = ['allow', 'deny', 'always'];

/** Claude Code's content parts: text, and base64 images (`{type:"image",source:{type:"base64",media_type,data}}`). */
function parsePart(part: unknown, i: number): TextContent | ImageContent | string {
  if (!isObject(part)) return `content[${i}] is not an object`;
  if (part.type === 'text') return typeof part.text === 'string' ? { type: 'text', text: part.text } : `content[${i}].text must be a string`;
  if (part.type === 'image') {
    const source = part.source;
    if (!isObject(source) || source.type !== 'base64') return `content[${i}].source must be {"type":"base64","media_type":…,"data":…}`;
    if (typeof source.media_type !== 'string' || !source.media_type.startsWith('image/')) return `content[${i}].source.media_type must be an image type`;
    if (typeof source.data !== 'string' || source.data === '') return `content[${i}].source.data must be base64 text`;
    return { type: 'image', mimeType: source.media_type, data: source.data };
  }
  return `content[${i}] has type ${JSON.stringify(part.type)}; expected "text" or "image"`;
}

function parseUser(o: Record<string, unknown>): Parsed {
  const message = o.message;
  if (!isObject(message)) return fail('a "user" message needs "message": {"role":"user","content":…}');
  if (message.role !== undefined && message.role !== 'user') return fail('message.role must be "user"');
  const content = message.content;
  if (typeof content === 'string') {
    return content.trim() ? { ok: true, message: { type: 'user', content } } : fail('message.content is empty');
  }
  if (!Array.isArray(content) || content.length === 0) return fail('message.content must be text or a non-empty list of parts');
  const parts: (TextContent | ImageContent)[] = [];
  for (const [i, raw] of content.entries()) {
    const part = parsePart(raw, i);
    if (typeof part === 'string') return fail(part);
    parts.push(part);
  }
  return { ok: true, message: { type: 'user', content: parts } };
}

function text(o: Record<string, unknown>, key: string, type: string): string | Parsed {
  const value = o[key];
  if (typeof value !== 'string' || value.trim() === '') return fail(`a "${type}" message needs "${key}": a non-empty string`);
  return value;
}

export function parseInputLine(line: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  if (!isObject(value)) return fail('expected a JSON object with a "type"');
  const type = value.type;
  if (typeof type !== 'string' || !TYPES.includes(type)) {
    return fail(`unknown message type ${JSON.stringify(type)}; expected one of ${TYPES.join(', ')}`);
  }
  switch (type) {
    case 'user':
      return parseUser(value);
    case 'abort':
      return { ok: true, message: { type: 'abort' } };
    case 'context':
      return { ok: true, message: { type: 'context' } };
    case 'set_model': {
      const model = text(value, 'model', type);
      return typeof model === 'string' ? { ok: true, message: { type: 'set_model', model } } : model;
    }
    case 'set_mode': {
      const mode = APPROVAL_MODES.find((m) => m === value.mode);
      return mode ? { ok: true, message: { type: 'set_mode', mode } } : fail(`"mode" must be one of ${APPROVAL_MODES.join(', ')}`);
    }
    case 'approval_response':
      return parseApproval(value);
    case 'set_goal':
      return parseGoal(value);
    default: {
      const t = text(value, 'text', type);
      return typeof t === 'string' ? { ok: true, message: { type: type as 'steer' | 'follow_up', text: t } } : t;
    }
  }
}

function parseApproval(o: Record<string, unknown>): Parsed {
  if (typeof o.id !== 'string' || o.id === '') return fail('an "approval_response" needs the "id" of its approval_request');
  const decision = o.decision as Decision;
  if (!DECISIONS.includes(decision)) return fail(`"decision" must be one of ${DECISIONS.join(', ')}`);
  if (o.reason !== undefined && typeof o.reason !== 'string') return fail('"reason" must be a string');
  if (o.choice !== undefined && typeof o.choice !== 'string') return fail('"choice" must be the key of one of the request\'s choices');
  const message: InputMessage = { type: 'approval_response', id: o.id, decision };
  if (typeof o.reason === 'string' && o.reason.trim()) message.reason = o.reason;
  if (typeof o.choice === 'string') message.choice = o.choice;
  return { ok: true, message };
}

function parseGoal(o: Record<string, unknown>): Parsed {
  if (o.command === null) return { ok: true, message: { type: 'set_goal', command: null } };
  if (typeof o.command !== 'string' || o.command.trim() === '')
    return fail('a "set_goal" message needs "command": the check to run (a non-empty string), or null to clear the goal');
  if (o.tries !== undefined && (typeof o.tries !== 'number' || !Number.isInteger(o.tries) || o.tries < 1))
    return fail('"tries" must be a whole number of at least 1');
  return { ok: true, message: { type: 'set_goal', command: o.command, ...(o.tries !== undefined ? { tries: o.tries as number } : {}) } };
}
