// /context's parts: the system prompt cut at its sections, tools by where they come from, and the
// messages apart from the files and images attached to them.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/ai/types.js';
import { contextParts } from '../../src/session/context/context-parts.js';
import { measureContext } from '../../src/session/context/context-usage.js';

const PROMPT =
  'You are tack.\n# Tools\n- read\n# Skills\nSkills are folders…\n- pdf: reads PDFs\n# Project instructions (from context files; follow them)\n## AGENTS.md\nuse tabs';
const tool = (name: string) => ({ name, description: `the ${name} tool`, parameters: { type: 'object', properties: {} } });
const usage = { input: 900, output: 20, cacheRead: 800, cacheWrite: 0, totalTokens: 920, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
// a 1x1 png
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const messages = [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'summarize @notes.md' },
      { type: 'text', text: '<file path="notes.md" size="1 KB">\nsome notes\n</file>' },
      { type: 'text', text: '<image path="a.png" size="70 B" type="image/png">' },
      { type: 'image', mimeType: 'image/png', data: PNG },
    ],
    timestamp: 1,
  },
  { role: 'assistant', content: [{ type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'x' } }], usage, stopReason: 'toolUse', timestamp: 2 },
  { role: 'toolResult', toolCallId: 'c1', toolName: 'read', content: [{ type: 'text', text: 'the file' }], isError: false, timestamp: 3 },
  { role: 'assistant', content: [{ type: 'text', text: 'Done.' }], usage, stopReason: 'stop', timestamp: 4 },
] as unknown as Message[];

describe('/context parts', () => {
  it('cuts the system prompt at its sections and groups tools by source', () => {
    const parts = contextParts({
      systemPrompt: PROMPT,
      tools: [tool('read'), tool('task'), tool('mcp__memory__add'), tool('mcp__memory__get'), tool('mcp__git__log')],
      messages: [],
    });
    expect(parts.map((p) => `${p.group}:${p.label}`)).toEqual([
      'system:system prompt',
      'system:skills index',
      'system:project instructions',
      'tools:built-in tools',
      'tools:agents index (task tool)',
      'tools:MCP memory',
      'tools:MCP git',
    ]);
    expect(
      parts
        .map((p) => p.text)
        .slice(0, 3)
        .join(''),
    ).toBe(PROMPT);
    expect(parts[1]!.text).toContain('pdf: reads PDFs');
    expect(parts[2]!.text).toContain('use tabs');
    expect(parts[5]!.text).toContain('mcp__memory__get');
  });

  it('counts attached files and images apart from the messages, and the last request from the server', async () => {
    const u = await measureContext({ systemPrompt: 'p', tools: [], messages, window: 32_000, threshold: 25_600, tokensPerChar: 0.25 }, async () => undefined);
    expect(u.parts.map((p) => p.label)).toEqual(['system prompt', 'messages', 'tool calls and results', 'attached files', 'images']);
    expect(u.counted).toBe('estimate');
    // a 1x1 image is one tile: 85 + 170
    expect(u.parts.find((p) => p.label === 'images')!.tokens).toBe(255);
    expect(u.lastRequest).toEqual({ input: 900, cached: 800 });
    expect(u.left).toBe(25_600 - u.total);
  });

  it("takes the server's counts when it has a tokeniser", async () => {
    const u = await measureContext({ systemPrompt: 'one two three', tools: [], messages: [], window: 100, threshold: 80, tokensPerChar: 0.25 }, async (texts) =>
      texts.map((t) => t.split(' ').length),
    );
    expect(u).toMatchObject({ counted: 'server', total: 3, left: 77, parts: [{ label: 'system prompt', tokens: 3 }] });
  });
});
