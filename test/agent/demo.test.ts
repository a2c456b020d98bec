import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The seed's SDK demo must run unchanged on the built package (npm test builds first).
it('runs examples/demo.mjs and prints the 17 documented lines', () => {
  const out = execFileSync(process.execPath, ['examples/demo.mjs'], { cwd: root, encoding: 'utf8' });
  const lines = out
    .trim()
    .split('\n')
    .map((l) => l.trim());
  expect(lines).toEqual([
    '[agent_start]',
    '[turn_start]',
    '[message_start] user',
    '[message_end] user',
    '[message_start] assistant',
    '[message_end] assistant',
    '[tool_execution_start]',
    '[tool_execution_end] add -> 42',
    '[message_start] toolResult',
    '[message_end] toolResult',
    '[turn_end] assistant',
    '[turn_start]',
    '[message_start] assistant',
    '[message_end] assistant',
    '[turn_end] assistant',
    '[agent_end]',
    '对话记录: user -> assistant -> toolResult -> assistant',
  ]);
});
