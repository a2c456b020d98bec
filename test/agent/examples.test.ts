import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The low-level example runs on the built package (npm test builds first): the steer typed while the
// tool ran is the next turn's first message, and the answer takes it into account.
it('runs examples/agent-loop.mjs: the steer from the queue starts the second turn', () => {
  const out = execFileSync(process.execPath, ['examples/agent-loop.mjs'], { cwd: root, encoding: 'utf8' });
  const lines = out.trim().split('\n');
  expect(lines.slice(10, 14)).toEqual(['[turn_end] assistant', '[turn_start]', '[message_start] user', '[message_end] user']);
  expect(lines.at(-2)).toBe('new messages: user -> assistant -> toolResult -> user -> assistant');
  expect(lines.at(-1)).toBe('answer: 42, and in words: forty-two');
});
