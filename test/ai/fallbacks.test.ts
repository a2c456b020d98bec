// Which refusal means which feature, in the words real servers use; and which tool schemas go strict.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { findFallback } from '../../src/ai/openai/fallbacks.js';
import { strictSchema } from '../../src/ai/openai/strict-tools.js';

const everything = {
  model: 'm',
  stream: true,
  stream_options: { include_usage: true },
  max_completion_tokens: 100,
  parallel_tool_calls: true,
  tool_choice: 'auto',
  reasoning_effort: 'high',
  tools: [{ type: 'function', function: { name: 'write', parameters: {}, strict: true } }],
  messages: [
    { role: 'developer', content: 'sys' },
    { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,x' } }] },
    { role: 'assistant', content: null, reasoning_content: 'hmm' },
  ],
} as unknown as ChatCompletionCreateParamsStreaming;

const feature = (detail: string, params = everything) => findFallback(detail, params, new Set())?.feature;

describe('findFallback', () => {
  it.each([
    ['Unrecognized request argument supplied: stream_options', 'stream_options'],
    ["Unsupported parameter: 'max_completion_tokens' is not supported with this model.", 'max_completion_tokens'],
    ["Invalid value: 'developer' is not a supported role", 'developer role'],
    ['parallel_tool_calls is not supported with this model', 'parallel_tool_calls'],
    ['"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', 'tool_choice'],
    [`Invalid JSON payload received. Unknown name "strict" at 'tools[0].function': Cannot find field.`, 'strict'],
    ['Model grok-4 does not support parameter reasoningEffort.', 'reasoning_effort'],
    ['Unrecognized request argument supplied: reasoning_effort', 'reasoning_effort'],
    ['The reasoning_content is an intermediate result; please remove it from your input messages.', 'reasoning replay'],
    ['image input is not supported - hint: you may need to provide the mmproj', 'images'],
    ['Invalid content type. image_url is only supported by certain models.', 'images'],
  ])('%s -> %s', (detail, expected) => {
    expect(feature(detail)).toBe(expected);
  });

  it("OpenAI's reasoning models refusing max_tokens switch to max_completion_tokens", () => {
    const params = { ...everything, max_completion_tokens: undefined, max_tokens: 100 } as ChatCompletionCreateParamsStreaming;
    expect(
      findFallback("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", params, new Set()),
    ).toEqual({
      feature: 'max_tokens',
      learn: { maxTokensField: 'max_completion_tokens' },
    });
  });

  it('only leaves out what the request had, and each feature once', () => {
    const plain = { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] } as ChatCompletionCreateParamsStreaming;
    expect(feature('Unrecognized request argument supplied: stream_options', plain)).toBeUndefined();
    expect(findFallback('stream_options is bad', everything, new Set(['stream_options']))).toBeUndefined();
    expect(feature('the model is overloaded')).toBeUndefined();
  });
});

describe('strictSchema', () => {
  it('takes schemas whose properties are all required, adding additionalProperties: false everywhere', () => {
    const schema = Type.Object({ path: Type.String({ description: 'p' }), tags: Type.Array(Type.Object({ name: Type.String() })) });
    expect(strictSchema(schema)).toEqual({
      type: 'object',
      required: ['path', 'tags'],
      properties: {
        path: { type: 'string', description: 'p' },
        tags: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } }, additionalProperties: false } },
      },
      additionalProperties: false,
    });
  });

  it('leaves out schemas with optional properties or keywords outside the strict subset', () => {
    expect(strictSchema(Type.Object({ path: Type.Optional(Type.String()) }))).toBeUndefined();
    expect(strictSchema(Type.Object({ n: Type.Integer({ minimum: 1 }) }))).toBeUndefined();
    expect(strictSchema(Type.Object({ a: Type.Union([Type.String(), Type.Number()]) }))).toBeUndefined();
  });
});
