// The "fix the bug in calc.js" scenario: read -> edit -> final text.
import type { Turn } from './mock-openai-server.js';

export const CALC_BUGGY = 'export function add(a, b) {\n  return a - b;\n}\n';
export const CALC_FIXED = 'export function add(a, b) {\n  return a + b;\n}\n';
export const CALC_ANSWER = 'Fixed: add() subtracted instead of adding.';

export const calcTurns = (): Turn[] => [
  { toolCalls: [{ name: 'read', arguments: { path: 'calc.js' } }], usage: { prompt_tokens: 100, completion_tokens: 10 } },
  {
    toolCalls: [{ name: 'edit', arguments: { path: 'calc.js', old_text: 'return a - b;', new_text: 'return a + b;' } }],
    usage: { prompt_tokens: 150, completion_tokens: 20, cached_tokens: 100 },
  },
  { text: CALC_ANSWER, usage: { prompt_tokens: 200, completion_tokens: 12 } },
];
