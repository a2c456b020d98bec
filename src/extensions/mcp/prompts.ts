// A server's prompts as slash commands: `/mcp__server__prompt args…` fills the prompt in (arguments
// as `name=value`, or in the prompt's order) and the text becomes the user's message. Pure but for
// the call itself, which the manager makes.
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { cleanText } from './results.js';

export interface PromptCommand {
  /** `mcp__server__prompt`, sanitised like tool names */
  command: string;
  server: string;
  prompt: Prompt;
}

/** `a=1 b="two words" three` → named and positional values. */
export function splitPromptArgs(text: string): { named: Record<string, string>; positional: string[] } {
  const named: Record<string, string> = {};
  const positional: string[] = [];
  for (const m of text.matchAll(/(?:([A-Za-z_][\w-]*)=)?(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (m[1]) named[m[1]] = value;
    else positional.push(value);
  }
  return { named, positional };
}

/** The arguments for `prompt` from what was typed; a missing required one is named. */
export function promptArguments(prompt: Prompt, typed: string): { args: Record<string, string> } | { missing: string[] } {
  const { named, positional } = splitPromptArgs(typed);
  const declared = prompt.arguments ?? [];
  const args: Record<string, string> = { ...named };
  for (const arg of declared) {
    if (args[arg.name] === undefined && positional.length > 0) args[arg.name] = positional.shift()!;
  }
  // positional words left over belong to the last argument ("/p topic several words")
  const last = declared.at(-1);
  if (positional.length > 0 && last) args[last.name] = [args[last.name], ...positional].filter(Boolean).join(' ');
  const missing = declared.filter((a) => a.required && !args[a.name]).map((a) => a.name);
  return missing.length > 0 ? { missing } : { args };
}

/** The filled-in prompt as the text of one user message. */
export function promptText(result: GetPromptResult): string {
  const parts = result.messages.map((m) => {
    const c = m.content;
    const text =
      c.type === 'text'
        ? c.text
        : c.type === 'resource' && 'text' in c.resource
          ? `Resource ${c.resource.uri}:\n${c.resource.text}`
          : c.type === 'resource_link'
            ? `Resource link: ${c.name} ${c.uri}`
            : `[${c.type} content not shown]`;
    return m.role === 'assistant' ? `(assistant) ${text}` : text;
  });
  return cleanText(parts.join('\n\n'));
}

/** "/mcp__s__p <topic> [style]": how the command is shown in the menu. */
export function promptUsage(p: PromptCommand): string {
  const args = (p.prompt.arguments ?? []).map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ');
  return args;
}
