#!/usr/bin/env node
// The GitHub Action's entry (action.yml runs it): reads the event, decides whether to act, runs tack
// in the checkout, pushes a branch when files changed, and answers with a comment. A workflow's
// environment is its interface: GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY,
// GITHUB_API_URL, GITHUB_SERVER_URL, GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, INPUT_*.
import { appendFileSync, readFileSync } from 'node:fs';
import { commentBody } from './comment.mjs';
import { readEvent } from './event.mjs';
import { GitHub } from './github.mjs';
import { commitAndPush, pushAuth, startBranch } from './git.mjs';
import { InputError, readInputs } from './inputs.mjs';
import { runTack } from './run-tack.mjs';
import { sandboxPlan } from './sandbox.mjs';

const env = process.env;
const log = (line) => process.stdout.write(`${line}\n`);
const fail = (message) => log(`::error title=tack::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}`);

/** Appends `name=value` pairs to GITHUB_OUTPUT (multi-line values in heredoc form). */
function setOutputs(values) {
  if (!env.GITHUB_OUTPUT) return;
  for (const [name, value] of Object.entries(values)) {
    const delimiter = `tack_${Math.random().toString(36).slice(2)}`;
    appendFileSync(env.GITHUB_OUTPUT, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
  }
}

async function main() {
  const inputs = readInputs(env);
  const repository = env.GITHUB_REPOSITORY ?? '';
  const payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8'));
  const task = readEvent(env.GITHUB_EVENT_NAME ?? '', payload, { ...inputs, repository });
  if (!task.act) {
    log(`tack: not acting: ${task.why}`);
    setOutputs({ acted: 'false' });
    return 0;
  }
  const github = new GitHub({ apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com', token: inputs.token, repository });
  const answer = async (body) => {
    if (task.issue !== undefined) log(`tack: answered in ${await github.comment(task.issue, body)}`);
    if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${body}\n`);
  };
  if (task.commentId !== undefined) await github.react(task.commentId).catch((error) => log(`::warning::tack: ${error.message}`));

  const plan = sandboxPlan(inputs.sandbox, env.PATH);
  if (plan.fail) {
    fail(plan.fail);
    await answer(commentBody({ answer: '', files: [], sandbox: 'none', failure: plan.fail }));
    setOutputs({ acted: 'false' });
    return 1;
  }

  const cwd = env.GITHUB_WORKSPACE ?? process.cwd();
  const serverUrl = env.GITHUB_SERVER_URL ?? 'https://github.com';
  const branch = `${inputs.branchPrefix}${task.label.replace(/\s+/g, '-')}`;
  const auth = pushAuth(cwd, 'origin', inputs.token, serverUrl);
  startBranch(cwd, { remote: 'origin', branch, auth, pullHead: task.pullRequest ? task.issue : undefined });

  const run = await runTack(inputs, { cwd, env, prompt: task.prompt, flags: plan.flags });
  const result = run.result;
  const failure =
    run.code === 0 ? undefined : `${(run.stderr.trim().split('\n').at(-1) || `tack exited with ${run.code}`).replace(/^tack: /, '')} (exit ${run.code})`;
  const files = commitAndPush(cwd, {
    remote: 'origin',
    branch,
    auth,
    name: 'github-actions[bot]',
    email: '41898282+github-actions[bot]@users.noreply.github.com',
    message: `tack: ${task.issue !== undefined ? `#${task.issue}` : task.label}${task.author ? ` (asked by @${task.author})` : ''}`,
  });
  const pushed = files.length > 0;
  await answer(
    commentBody({
      answer: result?.is_error && result?.stop_reason !== 'max_budget' && result?.stop_reason !== 'max_turns' ? '' : (result?.result ?? ''),
      files,
      branch: pushed ? branch : undefined,
      compareUrl: pushed ? `${serverUrl}/${repository}/tree/${branch}` : undefined,
      sandbox: result?.sandbox ?? 'none',
      sandboxNote: result?.sandbox === 'none' ? plan.note : undefined,
      cost: result?.total_cost_usd,
      failure,
    }),
  );
  setOutputs({
    acted: 'true',
    branch: pushed ? branch : '',
    'files-changed': files.map((f) => f.path).join('\n'),
    result: result?.result ?? '',
    'exit-code': String(run.code),
  });
  if (failure) fail(failure);
  return run.code === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    fail(error instanceof InputError ? error.message : `the action failed: ${error.message}`);
    process.exit(1);
  },
);
