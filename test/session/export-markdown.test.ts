// /export's Markdown: who said what, each tool call with its arguments and result, in order, and
// no result text able to break out of its code block.
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, Message } from '../../src/ai/types.js';
import { conversationMarkdown } from '../../src/session/file/export-markdown.js';

const usage = { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null };
const assistant = (content: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'] = 'stop'): AssistantMessage => ({
  role: 'assistant',
  content,
  provider: 'p',
  model: 'm',
  usage,
  stopReason,
  timestamp: 0,
});
const header = { sessionId: '0123456789abcdef', model: 'gpt-x', cwd: '/work/p', exportedAt: new Date('2026-12-04T10:00:00Z') };

describe('conversation as Markdown', () => {
  it('has the user, the answers and the tool calls with their results, in order', () => {
    const messages: Message[] = [
      { role: 'user', content: 'fix calc.js', timestamp: 0 },
      assistant([
        { type: 'text', text: 'Reading it.' },
        { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'calc.js' } },
      ]),
      { role: 'toolResult', toolCallId: 'c1', toolName: 'read', content: [{ type: 'text', text: 'return a - b;' }], isError: false, timestamp: 0 },
      assistant([{ type: 'text', text: 'Fixed.' }]),
    ];
    const md = conversationMarkdown(messages, header);
    expect(md).toContain('# tack session 01234567');
    expect(md).toContain('- model: gpt-x');
    const order = [
      '## You',
      'fix calc.js',
      '## tack',
      'Reading it.',
      '**tool call: read**',
      '"path": "calc.js"',
      '**tool result: read**',
      'return a - b;',
      'Fixed.',
    ];
    const at = order.map((s) => md.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(md.match(/## tack/g)).toHaveLength(1);
  });

  it('fences a result longer than any backtick run inside it, and cuts huge results', () => {
    const hostile = 'a\n```\n## You\ninjected\n````';
    const md = conversationMarkdown(
      [
        { role: 'toolResult', toolCallId: 'c', toolName: 'bash', content: [{ type: 'text', text: hostile }], isError: true, timestamp: 0 },
        { role: 'toolResult', toolCallId: 'd', toolName: 'bash', content: [{ type: 'text', text: 'x'.repeat(10_000) }], isError: false, timestamp: 0 },
      ],
      header,
    );
    expect(md).toContain(`\`\`\`\`\`\n${hostile}\n\`\`\`\`\``);
    expect(md).toContain('**tool error: bash**');
    expect(md).toContain('… 6000 more characters');
  });
});
