// What a command's `allowed-tools` lets run without a question, in plain words for the trust question.
// A project's rules never reach outside the workspace or a secret file (permissions/grant-reach.ts),
// so that is what they are described as; writes, commands and MCP tools make the line a risk.
import { readBounded } from '../../config/bounded-read.js';
import { tackRule } from '../claude-names.js';
import { EXTENSION_FILE_LIMIT } from '../files.js';
import { listField, splitFrontmatterSync } from '../frontmatter.js';

export interface GrantWords {
  /** `may run "git push*" and write any file in the workspace without asking` */
  text: string;
  risky: boolean;
}

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

function phrase(rule: string): { text: string; risky: boolean } {
  if (rule.startsWith('mcp__')) return { text: `use the MCP tool ${short(rule)}`, risky: true };
  const m = /^([a-z]+)(?:\(([\s\S]*)\))?$/.exec(rule);
  const tool = m?.[1] ?? rule;
  const pattern = m?.[2]?.trim();
  if (tool === 'bash') return { text: pattern === undefined || /^\**$/.test(pattern) ? 'run any command' : `run "${short(pattern)}"`, risky: true };
  // `Write(/**)`, `Read(**)`: every file there is, which for a project's command means the workspace
  const files = pattern === undefined || /^[./*]*$/.test(pattern) ? 'any file in the workspace' : `files matching "${short(pattern)}" in the workspace`;
  return tool === 'edit' || tool === 'write' ? { text: `write ${files}`, risky: true } : { text: `read ${files}`, risky: false };
}

const joined = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** The words for a project command's `allowed-tools` entries; undefined when none names a tack tool. */
export function describeAllowedTools(entries: readonly string[]): GrantWords | undefined {
  const phrases = entries.flatMap((entry) => {
    const rule = tackRule(entry);
    return rule ? [phrase(rule)] : [];
  });
  if (phrases.length === 0) return undefined;
  const texts = [...new Set(phrases.map((p) => p.text))];
  return { text: `may ${joined(texts)} without asking`, risky: phrases.some((p) => p.risky) };
}

/** A markdown command file's `allowed-tools`, parsed as the catalog parses them (synchronously, for trust). */
export function allowedToolsOf(path: string): string[] {
  if (!path.endsWith('.md')) return []; // Gemini's TOML commands have none
  const read = readBounded(path, { limit: EXTENSION_FILE_LIMIT });
  if (!read.ok) throw new Error(`it cannot be read: ${read.problem}`);
  if (read.truncated) throw new Error(`it is larger than ${EXTENSION_FILE_LIMIT / 1024} KB`);
  return listField(splitFrontmatterSync(read.text).data, 'allowed-tools');
}
