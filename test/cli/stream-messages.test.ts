// stream-json input: line framing, message shapes and approval answers, without a process.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../src/modes/json-lines.js';
import { answerFor } from '../../src/modes/stdio-approvals.js';
import { parseInputLine } from '../../src/modes/stream-messages.js';
import type { ApprovalRequest } from '../../src/session/permissions/index.js';

async function lines(chunks: (string | Buffer)[], max = 100) {
  const out = [];
  for await (const l of readLines(Readable.from(chunks), max)) out.push(l);
  return out;
}

describe('readLines', () => {
  it('splits at LF only, across chunks and inside multi-byte characters', async () => {
    const euro = Buffer.from('€');
    const got = await lines(['{"a":"x\u2028y"}\n{"b":', Buffer.from('1}\r\nc'), euro.subarray(0, 1), Buffer.concat([euro.subarray(1), Buffer.from('\n')])]);
    expect(got).toEqual([
      { kind: 'line', text: '{"a":"x\u2028y"}', number: 1 },
      { kind: 'line', text: '{"b":1}\r', number: 2 },
      { kind: 'line', text: 'c€', number: 3 },
    ]);
  });

  it('skips an over-long line whole, reports it, and reads on', async () => {
    const got = await lines(['x'.repeat(60), 'y'.repeat(60), '\nok\n', 'tail'], 100);
    expect(got).toEqual([
      { kind: 'too_long', number: 1, bytes: 120 },
      { kind: 'line', text: 'ok', number: 2 },
      { kind: 'line', text: 'tail', number: 3 },
    ]);
  });
});

describe('parseInputLine', () => {
  it("reads Claude Code's user message, with text and image parts", () => {
    expect(parseInputLine('{"type":"user","message":{"role":"user","content":"hi"}}')).toEqual({ ok: true, message: { type: 'user', content: 'hi' } });
    const parts = {
      type: 'user',
      message: {
        content: [
          { type: 'text', text: 'see' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAA=' } },
        ],
      },
    };
    expect(parseInputLine(JSON.stringify(parts))).toEqual({
      ok: true,
      message: {
        type: 'user',
        content: [
          { type: 'text', text: 'see' },
          { type: 'image', mimeType: 'image/png', data: 'AAA=' },
        ],
      },
    });
  });

  it.each([
    ['{"type":"steer","text":"not that file"}', { type: 'steer', text: 'not that file' }],
    ['{"type":"follow_up","text":"then test"}', { type: 'follow_up', text: 'then test' }],
    ['{"type":"abort"}', { type: 'abort' }],
    ['{"type":"set_model","model":"gpt-x"}', { type: 'set_model', model: 'gpt-x' }],
    [
      '{"type":"approval_response","id":"approval-1","decision":"deny","reason":"no"}',
      { type: 'approval_response', id: 'approval-1', decision: 'deny', reason: 'no' },
    ],
  ])('reads %s', (line, message) => {
    expect(parseInputLine(line)).toEqual({ ok: true, message });
  });

  it.each([
    ['[1]', 'expected a JSON object'],
    ['{"type":"user","message":{"role":"assistant","content":"x"}}', 'message.role must be "user"'],
    ['{"type":"user","message":{"content":[{"type":"audio"}]}}', 'content[0] has type "audio"'],
    ['{"type":"user","message":{"content":[{"type":"image","source":{"type":"url"}}]}}', 'content[0].source must be'],
    ['{"type":"steer"}', 'needs "text"'],
    ['{"type":"approval_response","decision":"allow"}', 'needs the "id"'],
  ])('refuses %s', (line, error) => {
    const parsed = parseInputLine(line);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(error);
  });
});

describe('answerFor', () => {
  const request: ApprovalRequest = {
    toolCallId: 'c1',
    tool: 'bash',
    args: { command: 'npm test' },
    kind: 'bash',
    summary: 'Run npm test',
    reason: 'Running commands asks',
    choices: [
      { label: 'Yes', key: 'y', answer: { answer: 'yes' } },
      { label: 'Always', key: 'a', answer: { answer: 'always', scope: { kind: 'commands', prefixes: ['npm test'], save: false } } },
      { label: 'Always, saved', key: 's', answer: { answer: 'always', scope: { kind: 'commands', prefixes: ['npm test'], save: true } } },
      { label: 'No', key: 'n', answer: { answer: 'no' } },
    ],
  };
  const response = (decision: 'allow' | 'deny' | 'always', extra = {}) => ({ type: 'approval_response' as const, id: 'approval-1', decision, ...extra });

  it('maps allow, deny with a reason, and always to the session scope unless a choice names another', () => {
    expect(answerFor(request, response('allow'))).toEqual({ answer: 'yes' });
    expect(answerFor(request, response('deny', { reason: 'flaky' }))).toEqual({ answer: 'no', reason: 'flaky' });
    expect(answerFor(request, response('always'))).toMatchObject({ scope: { save: false } });
    expect(answerFor(request, response('always', { choice: 's' }))).toMatchObject({ scope: { save: true } });
  });

  it('refuses an answer the request does not offer', () => {
    expect(answerFor({ ...request, choices: [request.choices[0], request.choices[3]] }, response('always'))).toContain('offers no such answer');
    expect(answerFor(request, response('allow', { choice: 's' }))).toContain('offers no such answer');
  });
});
