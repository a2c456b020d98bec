// The GitHub Action end to end, as a workflow runs it: `node action/main.mjs` with a workflow's
// environment (a recorded event payload, GITHUB_* variables, INPUT_* inputs), a stand-in for the
// GitHub REST API and the scripted model server on 127.0.0.1, and a local bare repository as the
// remote it pushes to.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';
import { cleanEnv, repoRoot } from '../support/cli.js';
import { gitHubStandIns } from '../support/github-api.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
const gitHub = gitHubStandIns();
const TOKEN = 'ghs_workflowTokenForTheStandIn';
const MODEL_KEY = 'sk-model-key-for-the-scripted-server';
const bwrapWorks = probeSandbox().ok;

const fixture = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'test', 'fixtures', 'github', `${name}.json`), 'utf8'));

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });

/** A checkout of `remote.git` (a bare repository) with one commit on main, as actions/checkout leaves it. */
function checkout(files: Record<string, string> = { 'index.js': 'console.log(1);\n' }) {
  const base = mkdtempSync(join(tmpdir(), 'tack-action-'));
  const remote = join(base, 'remote.git');
  const work = join(base, 'work');
  mkdirSync(work);
  git(base, 'init', '--quiet', '--bare', remote);
  git(work, 'init', '--quiet');
  for (const [path, content] of Object.entries(files)) writeFileSync(join(work, path), content);
  git(work, 'add', '.');
  git(work, 'commit', '--quiet', '-m', 'first');
  git(work, 'remote', 'add', 'origin', remote);
  git(work, 'push', '--quiet', 'origin', 'main');
  return { base, remote, work };
}

interface ActionRun {
  code: number | null;
  stdout: string;
  outputs: string;
  summary: string;
}

/** Runs the action's entry as a workflow step would. */
function runAction(o: {
  event: string;
  payload: object;
  base: string;
  work: string;
  api: string;
  inputs: Record<string, string>;
  env?: Record<string, string>;
}) {
  const eventPath = join(o.base, 'event.json');
  writeFileSync(eventPath, JSON.stringify(o.payload));
  const outputs = join(o.base, 'outputs');
  const summary = join(o.base, 'summary.md');
  writeFileSync(outputs, '');
  writeFileSync(summary, '');
  const runnerTemp = join(o.base, 'runner-temp');
  mkdirSync(runnerTemp, { recursive: true });
  const env = {
    ...cleanEnv(join(o.base, 'unused-home')),
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: o.event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'octo-org/hello-world',
    GITHUB_API_URL: o.api,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_TOKEN: TOKEN,
    GITHUB_WORKSPACE: o.work,
    GITHUB_OUTPUT: outputs,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_RUN_ID: '4242',
    RUNNER_TEMP: runnerTemp,
    HOME: o.base,
    ...Object.fromEntries(Object.entries(o.inputs).map(([k, v]) => [`INPUT_${k}`, v])),
    ...o.env,
  };
  delete (env as Record<string, unknown>).TACK_HOME;
  const child = spawn(process.execPath, [join(repoRoot, 'action', 'main.mjs')], { cwd: o.work, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.resume();
  return new Promise<ActionRun>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, outputs: readFileSync(outputs, 'utf8'), summary: readFileSync(summary, 'utf8') })),
  );
}

const inputsFor = (url: string, extra: Record<string, string> = {}) => ({ BASE_URL: url, MODEL: 'm', API_KEY: MODEL_KEY, SANDBOX: 'best-effort', ...extra });
const show = (remote: string, spec: string) => git(remote, 'show', spec);

/** A PATH folder holding git and nothing else: a runner without bwrap. */
function gitOnlyPath(base: string): string {
  const bin = join(base, 'bin');
  mkdirSync(bin);
  symlinkSync(execFileSync('which', ['git'], { encoding: 'utf8' }).trim(), join(bin, 'git'));
  return bin;
}

describe('the GitHub Action on an issue comment', { timeout: 120_000 }, () => {
  it('acts for an OWNER who mentions @tack: runs tack, pushes tack/issue-12, answers with the text and the files', async () => {
    const model = await server([
      { toolCalls: [{ id: 'w1', name: 'write', arguments: { path: 'GREETING.md', content: 'Hello, world!\n' } }] },
      { text: 'Added GREETING.md with the greeting.' },
    ]);
    const api = await gitHub();
    const repo = checkout();
    const run = await runAction({ event: 'issue_comment', payload: fixture('issue_comment.created'), ...repo, api: api.url, inputs: inputsFor(model.url) });
    expect(run.code).toBe(0);
    // the model was told the issue and the maintainer's request, and the key came from the input
    const first = model.chatRequests()[0]!;
    const asked = JSON.stringify(first.body.messages);
    expect(asked).toContain('Greeting is missing');
    expect(asked).toContain('please add the greeting file this issue asks for.');
    expect(first.headers.authorization).toBe(`Bearer ${MODEL_KEY}`);
    // pushed to the remote, on its own branch
    expect(show(repo.remote, 'tack/issue-12:GREETING.md')).toBe('Hello, world!\n');
    expect(show(repo.remote, 'tack/issue-12').split('\n')).toEqual(expect.arrayContaining(['    tack: #12 (asked by @mona)']));
    // a 👀 on the comment, then one answer on the issue, with the workflow's token
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/repos/octo-org/hello-world/issues/comments/2500000001/reactions',
      body: { content: 'eyes' },
    });
    const [comment] = api.comments(12);
    expect(api.comments(12)).toHaveLength(1);
    expect(comment).toContain('Added GREETING.md with the greeting.');
    expect(comment).toContain('**Files changed** (pushed to [`tack/issue-12`](https://github.com/octo-org/hello-world/tree/tack/issue-12)):');
    expect(comment).toContain('- `GREETING.md` (added)');
    expect(comment).toContain(`sandbox: ${bwrapWorks ? 'bwrap' : 'none'}`);
    expect(api.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(run.outputs).toMatch(/branch<<(\S+)\ntack\/issue-12\n\1\n/);
  });

  it("the model's commands see neither the workflow's token nor the model's key", async () => {
    const model = await server([{ toolCalls: [{ id: 'b1', name: 'bash', arguments: { command: 'env > seen-env.txt' } }] }, { text: 'looked around' }]);
    const api = await gitHub();
    const repo = checkout();
    const run = await runAction({ event: 'issue_comment', payload: fixture('issue_comment.created'), ...repo, api: api.url, inputs: inputsFor(model.url) });
    expect(run.code).toBe(0);
    const seen = show(repo.remote, 'tack/issue-12:seen-env.txt');
    expect(seen).toContain('PATH=');
    expect(seen).not.toContain(TOKEN);
    expect(seen).not.toContain(MODEL_KEY);
    expect(seen).not.toMatch(/^INPUT_/m);
  });

  it('a second mention on the same issue continues its branch', async () => {
    const model = await server([
      { toolCalls: [{ id: 'w1', name: 'write', arguments: { path: 'GREETING.md', content: 'Hello\n' } }] },
      { text: 'first' },
      { toolCalls: [{ id: 'w2', name: 'write', arguments: { path: 'FAREWELL.md', content: 'Bye\n' } }] },
      { text: 'second' },
    ]);
    const api = await gitHub();
    const repo = checkout();
    for (const _ of [1, 2]) {
      const run = await runAction({ event: 'issue_comment', payload: fixture('issue_comment.created'), ...repo, api: api.url, inputs: inputsFor(model.url) });
      expect(run.code).toBe(0);
      git(repo.work, 'checkout', '--quiet', 'main');
    }
    expect(git(repo.remote, 'log', '--format=%s', 'tack/issue-12').trim().split('\n')).toEqual([
      'tack: #12 (asked by @mona)',
      'tack: #12 (asked by @mona)',
      'first',
    ]);
    expect(show(repo.remote, 'tack/issue-12:GREETING.md')).toBe('Hello\n');
    expect(api.comments(12)[1]).toContain('- `FAREWELL.md` (added)');
    expect(api.comments(12)[1]).not.toContain('GREETING.md');
  });

  it('ignores a commenter whose association is NONE: no model call, no API call, no branch', async () => {
    const model = await server([{ text: 'never asked' }]);
    const api = await gitHub();
    const repo = checkout();
    const payload = fixture('issue_comment.created');
    payload.comment.author_association = 'NONE';
    payload.comment.user.login = 'drive-by';
    const run = await runAction({ event: 'issue_comment', payload, ...repo, api: api.url, inputs: inputsFor(model.url) });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('tack: not acting: drive-by is NONE here; tack acts for OWNER, MEMBER, COLLABORATOR');
    expect(model.chatRequests()).toHaveLength(0);
    expect(api.requests).toHaveLength(0);
    expect(git(repo.remote, 'branch', '--list', 'tack/*')).toBe('');
  });

  it('acts for another association only when configured', async () => {
    const model = await server([{ text: 'no change needed' }]);
    const api = await gitHub();
    const repo = checkout();
    const payload = fixture('issue_comment.created');
    payload.comment.author_association = 'CONTRIBUTOR';
    const run = await runAction({
      event: 'issue_comment',
      payload,
      ...repo,
      api: api.url,
      inputs: inputsFor(model.url, { ALLOWED_ASSOCIATIONS: 'owner, contributor' }),
    });
    expect(run.code).toBe(0);
    expect(api.comments(12)[0]).toContain('no change needed\n\nNo files changed.');
  });

  it('ignores a comment without the mention (and "@tacky" or an e-mail address is not one)', async () => {
    const model = await server([{ text: 'never asked' }]);
    const api = await gitHub();
    const repo = checkout();
    for (const body of ['please add the greeting', 'cc @tacky', 'mail me@tack.dev']) {
      const payload = fixture('issue_comment.created');
      payload.comment.body = body;
      const run = await runAction({ event: 'issue_comment', payload, ...repo, api: api.url, inputs: inputsFor(model.url) });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('tack: not acting: the comment does not mention @tack');
    }
    expect(model.chatRequests()).toHaveLength(0);
    expect(api.requests).toHaveLength(0);
  });

  it('sandbox: required on a machine without bwrap fails clearly, in the log and in a comment, before tack runs', async () => {
    const model = await server([{ text: 'never asked' }]);
    const api = await gitHub();
    const repo = checkout();
    const bin = gitOnlyPath(repo.base);
    const run = await runAction({
      event: 'issue_comment',
      payload: fixture('issue_comment.created'),
      ...repo,
      api: api.url,
      inputs: inputsFor(model.url, { SANDBOX: 'required' }),
      env: { PATH: bin },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error title=tack::sandbox: required, but bubblewrap (bwrap) is not installed on this runner.');
    expect(api.comments(12)[0]).toContain('or set `sandbox: best-effort` to run tack without the sandbox.');
    expect(model.chatRequests()).toHaveLength(0);
    expect(git(repo.remote, 'branch', '--list', 'tack/*')).toBe('');
  });

  it.runIf(bwrapWorks)('sandbox: required where bwrap works runs tack in the sandbox', async () => {
    const model = await server([{ toolCalls: [{ id: 'b1', name: 'bash', arguments: { command: 'echo hi > hi.txt' } }] }, { text: 'sandboxed' }]);
    const api = await gitHub();
    const repo = checkout();
    const run = await runAction({
      event: 'issue_comment',
      payload: fixture('issue_comment.created'),
      ...repo,
      api: api.url,
      inputs: inputsFor(model.url, { SANDBOX: 'required' }),
    });
    expect(run.code).toBe(0);
    expect(show(repo.remote, 'tack/issue-12:hi.txt')).toBe('hi\n');
    expect(api.comments(12)[0]).toContain('sandbox: bwrap');
  });

  it('sandbox: best-effort on a machine without bwrap runs unsandboxed and says so in the comment', async () => {
    const model = await server([{ text: 'done without a sandbox' }]);
    const api = await gitHub();
    const repo = checkout();
    const bin = gitOnlyPath(repo.base);
    const run = await runAction({
      event: 'issue_comment',
      payload: fixture('issue_comment.created'),
      ...repo,
      api: api.url,
      inputs: inputsFor(model.url),
      env: { PATH: bin },
    });
    expect(run.code).toBe(0);
    const [comment] = api.comments(12);
    expect(comment).toContain('sandbox: none');
    expect(comment).toContain('> tack ran without its sandbox (sandbox: best-effort): bubblewrap (bwrap) is not installed on this runner.');
  });

  it('a run that fails says so in the comment and fails the step', async () => {
    const model = await server([{ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } }]);
    const api = await gitHub();
    const repo = checkout();
    const run = await runAction({ event: 'issue_comment', payload: fixture('issue_comment.created'), ...repo, api: api.url, inputs: inputsFor(model.url) });
    expect(run.code).toBe(1);
    const [comment] = api.comments(12);
    expect(comment).toMatch(/^\*\*tack could not finish:\*\* .*Incorrect API key provided.* \(exit 1\)/);
    expect(run.stdout).toContain('::error title=tack::');
  });

  it('a bad input is one sentence, and nothing runs', async () => {
    const api = await gitHub();
    const repo = checkout();
    const run = await runAction({
      event: 'issue_comment',
      payload: fixture('issue_comment.created'),
      ...repo,
      api: api.url,
      inputs: { BASE_URL: 'http://127.0.0.1:9/v1', SANDBOX: 'maybe' },
    });
    expect(run.code).toBe(1);
    expect(run.stdout.trim()).toBe('::error title=tack::sandbox must be required or best-effort, not "maybe"');
    expect(api.requests).toHaveLength(0);
  });
});

describe('the GitHub Action on a pull request comment and on workflow_dispatch', { timeout: 120_000 }, () => {
  it("a pull request comment works on the PR's head and pushes tack/pr-7 on top of it", async () => {
    const model = await server([
      {
        toolCalls: [{ id: 'e1', name: 'edit', arguments: { path: 'README.md', old_text: '# hello-world', new_text: '# hello-world\n\nMaintained by mona.' } }],
      },
      { text: 'Added the maintainer line.' },
    ]);
    const api = await gitHub();
    const repo = checkout();
    // the pull request's head, as GitHub keeps it: refs/pull/7/head
    git(repo.work, 'checkout', '--quiet', '-b', 'add-readme');
    writeFileSync(join(repo.work, 'README.md'), '# hello-world\n');
    git(repo.work, 'add', 'README.md');
    git(repo.work, 'commit', '--quiet', '-m', 'Add a README');
    const head = git(repo.work, 'rev-parse', 'HEAD').trim();
    git(repo.work, 'push', '--quiet', 'origin', 'HEAD:refs/pull/7/head');
    git(repo.work, 'checkout', '--quiet', 'main');
    const run = await runAction({
      event: 'issue_comment',
      payload: fixture('issue_comment.pull_request'),
      ...repo,
      api: api.url,
      inputs: inputsFor(model.url),
    });
    expect(run.code).toBe(0);
    expect(show(repo.remote, 'tack/pr-7:README.md')).toBe('# hello-world\n\nMaintained by mona.\n');
    expect(git(repo.remote, 'rev-parse', 'tack/pr-7~1').trim()).toBe(head);
    expect(api.comments(7)[0]).toContain('- `README.md` (modified)');
  });

  it('workflow_dispatch runs the prompt, pushes tack/run-ID and writes the answer to the job summary', async () => {
    const model = await server([
      { toolCalls: [{ id: 'w1', name: 'write', arguments: { path: 'CHANGELOG.md', content: '0.1.0, first release.\n' } }] },
      { text: 'Wrote CHANGELOG.md.' },
    ]);
    const api = await gitHub();
    const repo = checkout();
    const run = await runAction({ event: 'workflow_dispatch', payload: fixture('workflow_dispatch'), ...repo, api: api.url, inputs: inputsFor(model.url) });
    expect(run.code).toBe(0);
    expect(JSON.stringify(model.chatRequests()[0]!.body.messages)).toContain('Add a CHANGELOG.md with one line');
    expect(show(repo.remote, 'tack/run-4242:CHANGELOG.md')).toBe('0.1.0, first release.\n');
    expect(run.summary).toContain('Wrote CHANGELOG.md.');
    expect(run.summary).toContain('- `CHANGELOG.md` (added)');
    // no issue to answer on: no comment
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
