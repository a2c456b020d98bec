// action.yml is what a workflow reads: every input reaches the script (a composite action passes no
// INPUT_* variables of its own), and the step runs the entry the end-to-end tests run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../support/cli.js';

const action = parse(readFileSync(join(repoRoot, 'action.yml'), 'utf8'));

it('is a composite action whose step hands every input to action/main.mjs', () => {
  expect(action.runs.using).toBe('composite');
  const step = action.runs.steps.find((s: any) => s.id === 'tack');
  expect(step.run).toBe('node "$GITHUB_ACTION_PATH/action/main.mjs"');
  const names = Object.keys(action.inputs);
  expect(names).toEqual(expect.arrayContaining(['base-url', 'api-key', 'model', 'trigger', 'allowed-associations', 'sandbox', 'prompt', 'github-token']));
  for (const name of names) expect(step.env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`]).toBe(`\${{ inputs.${name} }}`);
  expect(action.inputs.sandbox.default).toBe('required');
  for (const output of Object.keys(action.outputs)) expect(action.outputs[output].value).toBe(`\${{ steps.tack.outputs.${output} }}`);
});
