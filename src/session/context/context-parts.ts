// What one request to the model holds, cut into the parts `/context` counts: the system prompt
// (and within it the skills' index, the project instructions and the SessionStart hooks' words), the
// tools (built-in, the agents' index in the task tool, each MCP server's), the messages, the files
// attached to them and their images. Pure: characters and text; the counting is elsewhere.
import type { ImageContent, Message } from '../../ai/types.js';

export type ContextGroup = 'system' | 'tools' | 'messages';

export interface ContextPart {
  group: ContextGroup;
  label: string;
  /** what the request carries for this part, as the server would tokenise it */
  text: string;
  /** images in this part (counted apart: a tokeniser sees no pixels) */
  images: ImageContent[];
}

export interface RequestShape {
  systemPrompt: string;
  tools: readonly { name: string; description: string; parameters: unknown }[];
  messages: readonly Message[];
}

/** Headings tack's system prompt puts its sections under (prompts/system.md, the skills' index, the context files). */
const SECTIONS: [label: string, heading: string][] = [
  ['skills index', '\n# Skills\n'],
  ['project instructions', '\n# Project instructions'],
  ['SessionStart hooks', '\n\n# From the SessionStart hooks\n'],
];

function systemParts(prompt: string): ContextPart[] {
  const found = SECTIONS.map(([label, heading]) => ({ label, at: prompt.indexOf(heading) }))
    .filter((s) => s.at >= 0)
    .sort((a, b) => a.at - b.at);
  const part = (label: string, text: string): ContextPart => ({ group: 'system', label, text, images: [] });
  const out = [part('system prompt', prompt.slice(0, found[0]?.at ?? prompt.length))];
  for (const [i, s] of found.entries()) out.push(part(s.label, prompt.slice(s.at, found[i + 1]?.at ?? prompt.length)));
  return out;
}

/** A tool as a request carries it (the OpenAI function shape). */
const toolText = (t: RequestShape['tools'][number]): string =>
  JSON.stringify({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } });

function toolParts(tools: RequestShape['tools']): ContextPart[] {
  const byLabel = new Map<string, string[]>();
  for (const t of tools) {
    const mcp = /^mcp__(.+?)__/.exec(t.name);
    const label = mcp ? `MCP ${mcp[1]}` : t.name === 'task' ? 'agents index (task tool)' : 'built-in tools';
    byLabel.set(label, [...(byLabel.get(label) ?? []), toolText(t)]);
  }
  const order = (label: string) => (label === 'built-in tools' ? 0 : label.startsWith('agents') ? 1 : 2);
  return [...byLabel.entries()]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([label, texts]) => ({ group: 'tools' as const, label, text: texts.join('\n'), images: [] }));
}

const ATTACHED = /^<(file|image) path="/;

function messageParts(messages: readonly Message[]): ContextPart[] {
  const said: string[] = [];
  const tools: string[] = [];
  const files: string[] = [];
  const images: ImageContent[] = [];
  for (const m of messages) {
    if (m.role === 'toolResult') {
      for (const p of m.content) if (p.type === 'text') tools.push(p.text);
      for (const p of m.content) if (p.type === 'image') images.push(p);
      continue;
    }
    if (typeof m.content === 'string') {
      said.push(m.content);
      continue;
    }
    m.content.forEach((p, i) => {
      if (p.type === 'image') images.push(p);
      else if (p.type === 'text') (m.role === 'user' && i > 0 && ATTACHED.test(p.text) ? files : said).push(p.text);
      else if (p.type === 'thinking') said.push(p.thinking);
      else if (p.type === 'toolCall') tools.push(JSON.stringify({ name: p.name, arguments: p.arguments }));
    });
  }
  const part = (label: string, text: string[], imgs: ImageContent[] = []): ContextPart => ({ group: 'messages', label, text: text.join('\n'), images: imgs });
  return [part('messages', said), part('tool calls and results', tools), part('attached files', files), part('images', [], images)].filter(
    (p) => p.text !== '' || p.images.length > 0,
  );
}

export function contextParts(r: RequestShape): ContextPart[] {
  return [...systemParts(r.systemPrompt), ...toolParts(r.tools), ...messageParts(r.messages)];
}
