// The names MCP tools reach the model by: `mcp__<server>__<tool>`, in what OpenAI accepts
// (^[a-zA-Z0-9_-]{1,64}$). Pure and deterministic: the same servers and tools always give the same
// names, whatever order the servers answered in.
import { createHash } from 'node:crypto';

export const MAX_TOOL_NAME = 64;
export const PREFIX = 'mcp__';

/** Every character OpenAI would refuse becomes `_`. */
export function sanitize(part: string): string {
  const clean = part.replace(/[^A-Za-z0-9_-]/g, '_');
  return clean === '' ? '_' : clean;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 6);
}

/** A name cut to `max` characters keeps a hash of the whole, so two long names stay apart. */
function fit(name: string, whole: string, max = MAX_TOOL_NAME): string {
  if (name.length <= max) return name;
  const hash = shortHash(whole);
  return `${name.slice(0, max - hash.length - 1)}_${hash}`;
}

export interface ToolKey {
  server: string;
  tool: string;
}

/**
 * The model-facing name of each (server, tool), in the order given. Collisions (`a.b` and `a_b`
 * both sanitise to `a_b`) are settled by sorting on the original names: the first keeps the plain
 * name, the next get `_2`, `_3`, … (still within 64 characters).
 */
export function toolNames(keys: readonly ToolKey[]): string[] {
  const wanted = keys.map((k) => fit(`${PREFIX}${sanitize(k.server)}__${sanitize(k.tool)}`, `${k.server}\0${k.tool}`));
  const order = keys.map((_, i) => i).sort((a, b) => compare(keys[a]!, keys[b]!));
  const taken = new Set<string>();
  const out: string[] = new Array(keys.length);
  for (const i of order) {
    let name = wanted[i]!;
    for (let n = 2; taken.has(name); n++) {
      const suffix = `_${n}`;
      name = `${wanted[i]!.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
    }
    taken.add(name);
    out[i] = name;
  }
  return out;
}

function compare(a: ToolKey, b: ToolKey): number {
  const x = `${a.server}\0${a.tool}`;
  const y = `${b.server}\0${b.tool}`;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `mcp__srv__tool` → the server's part, for rules and labels; undefined for other tools. */
export function isMcpToolName(name: string): boolean {
  return name.startsWith(PREFIX);
}

/** The line an MCP tool's description ends with, so the model knows where the tool comes from. */
export function originLine(tool: string, server: string): string {
  return `\n(MCP tool "${tool}" of the server "${server}")`;
}

/** What the server itself says its tool does: the description without tack's origin line. */
export function ownDescription(description: string): string {
  return description.replace(/\n\(MCP tool "[^\n]*$/, '');
}

/** The one name an MCP tool has on screen, `server:tool` (the question, the transcript, its "always" answer); other names as they are. */
export function shownToolName(name: string): string {
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
  return mcp ? `${mcp[1]}:${mcp[2]}` : name;
}
