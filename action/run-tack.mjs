// Runs tack as a user would in a terminal: `tack -p --output-format json`, the prompt on stdin, in the
// workflow's checkout. Its environment holds the server and its key and no GitHub credential: the workflow's
// token and the runner's own tokens stay with the action.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The command: the `tack` input, else this checkout's built tack, else `tack` on PATH. */
export function tackCommand(input) {
  if (input) return { file: input, args: [] };
  if (existsSync(join(root, 'dist', 'src', 'cli.js'))) return { file: process.execPath, args: [join(root, 'bin', 'tack.js')] };
  return { file: 'tack', args: [] };
}

const SECRET = /TOKEN|SECRET|KEY|PASSWORD|CREDENTIAL/i;

/** The runner's environment without its credentials and the action's inputs, plus what tack needs. */
export function tackEnv(env, o) {
  const kept = Object.fromEntries(Object.entries(env).filter(([name]) => !SECRET.test(name) && !name.startsWith('INPUT_') && !name.startsWith('ACTIONS_')));
  const home = join(env.RUNNER_TEMP || tmpdir(), 'tack-home');
  mkdirSync(home, { recursive: true });
  // the OpenAI SDK's pair: a key set beside its base URL goes to that server (tack sends a key to no other)
  return { ...kept, TACK_HOME: home, OPENAI_BASE_URL: o.baseUrl, ...(o.apiKey ? { OPENAI_API_KEY: o.apiKey } : {}) };
}

/** Runs tack; resolves with its exit code, its result object (when it wrote one) and its stderr. */
export function runTack(inputs, o) {
  const command = tackCommand(inputs.tack);
  const args = [
    ...command.args,
    ...['-p', '--output-format', 'json'],
    ...(inputs.model ? ['-m', inputs.model] : []),
    ...(inputs.maxTurns ? ['--max-turns', inputs.maxTurns] : []),
    ...(inputs.maxBudgetUsd ? ['--max-budget-usd', inputs.maxBudgetUsd] : []),
    ...o.flags,
  ];
  return new Promise((resolve) => {
    const child = spawn(command.file, args, { cwd: o.cwd, env: tackEnv(o.env, inputs), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
      process.stderr.write(d);
    });
    child.on('error', (error) => resolve({ code: 127, stderr: `tack could not be started (${command.file}): ${error.message}` }));
    child.on('close', (code) => {
      let result;
      try {
        result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
      } catch {}
      resolve({ code: code ?? 1, result, stderr });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(o.prompt);
  });
}
