// `isolation: worktree`: the child works in a temporary tack worktree made from local HEAD, with its
// own file tools and sandbox there and the parent's checks (hooks, mode, rules; its questions go to
// the parent's user). What it changed comes back as writes the parent's own gate judges, as if the
// parent had made them (the same question and diff in ask mode), and the worktree is removed. Its
// background jobs are the parent's (listed, counted against jobs.max, stoppable), run in the
// worktree, and end before the worktree goes.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AgentToolResult, AnyAgentTool, BeforeToolCallContext } from '../../agent/types.js';
import { createTools } from '../../../tools/index.js';
import { OwnFileError, readOwn } from '../../../tools/fs/own/index.js';
import { builtinSecretTest } from '../../../tools/fs/secret-files.js';
import type { Jobs } from '../../../tools/jobs/jobs.js';
import type { AgentDefinition } from '../../extensions/agents/catalog.js';
import { findRepository, openWorktree, type OpenedWorktree, removeWorktree } from '../../worktree/index.js';
import { runGit } from '../../worktree/git.js';
import { createSafety } from '../permissions/index.js';
import type { ParentKit } from './parent-kit.js';

export type RunInKit = (kit: ParentKit, agent: AgentDefinition) => Promise<AgentToolResult>;

interface Change {
  /** relative to the repository root, `/`-separated */
  path: string;
  deleted: boolean;
}

/** The task call a worktree child answers: its id names the applied writes, its description their questions. */
export interface IsolatedJob {
  toolCallId: string;
  description: string;
}

export async function runIsolated(kit: ParentKit, agent: AgentDefinition, job: IsolatedJob, signal: AbortSignal | undefined, run: RunInKit) {
  let opened: OpenedWorktree;
  try {
    opened = openWorktree({
      cwd: kit.config.cwd,
      home: kit.config.home,
      name: `agent-${randomBytes(4).toString('hex')}`,
      location: 'home',
      isSecret: builtinSecretTest,
    });
  } catch (err) {
    return failed(`the ${agent.name} agent works in a worktree (isolation: worktree), and none could be made: ${(err as Error).message}`);
  }
  const parentTop = findRepository(kit.config.cwd).top;
  let jobs: Jobs | undefined;
  try {
    const child = isolatedKit(kit, opened.workDir);
    jobs = child.jobs;
    const result = await run(child.kit, { ...agent, isolation: undefined });
    // what it left running works in the worktree: ended before its changes are read
    const ended = await endJobs(child.jobs, agent.name);
    if (signal?.aborted)
      return {
        ...result,
        content: [...result.content, ...ended, { type: 'text' as const, text: `[stopped: nothing of the ${agent.name} agent's worktree was applied]` }],
      };
    const changes = changesIn(opened);
    const applied = await applyChanges(kit, agent, job, signal, opened.path, opened.marker.base, parentTop, changes);
    return { ...result, content: [...result.content, ...ended, { type: 'text' as const, text: applied }] };
  } finally {
    await jobs?.stopAll();
    removeWorktree(opened, findRepository(parentTop).root, kit.config.home, false);
  }
}

/** Ends the jobs the child left running, said in the task's result (so no note of their end follows). */
async function endJobs(jobs: Jobs, agent: string): Promise<{ type: 'text'; text: string }[]> {
  const running = jobs.startedHere().filter((job) => job.state === 'running');
  if (running.length === 0) return [];
  for (const job of running) job.told = true;
  await jobs.stopAll();
  const named = running.map((job) => `${job.id} (${job.command.split('\n')[0]})`).join(', ');
  const [noun, verb] = running.length === 1 ? ['job', 'was'] : ['jobs', 'were'];
  return [{ type: 'text', text: `[the ${agent} agent's background ${noun} ${named} ${verb} stopped with its worktree]` }];
}

/** Tools of the parent's that reach no folder: the job tools, on the table the child's jobs are in. */
const PARENT_TOOLS = new Set(['job_output', 'job_stop']);

/**
 * The parent's pieces for a child in the worktree: tools there, a gate there with the parent's mode,
 * rules and user, and bash's jobs in the parent's table (`jobs`, the child's view of it).
 */
function isolatedKit(kit: ParentKit, cwd: string): { kit: ParentKit; jobs: Jobs } {
  const parentGate = kit.parent.gate();
  // the parent's mode now (print mode's `auto` is the default of a session nobody answers); nothing saved from here
  const mode = parentGate?.mode;
  const config = { ...kit.config, cwd, trust: 'session' as const, approval: mode === 'auto' ? undefined : (mode ?? kit.config.approval) };
  const safety = createSafety(config, {
    prompter:
      parentGate && ((request, signal) => parentGate.put(request, signal) ?? Promise.resolve({ answer: 'no' as const, reason: 'nobody was there to answer' })),
    jobs: kit.parent.jobs(),
  });
  const tools = createTools({ cwd, secretFile: safety.secretFile });
  const names = new Set(kit.builtinTools.map((t) => t.name));
  const builtinTools = [
    ...tools.all.filter((t) => names.has(t.name)).map((t) => (t.name === 'bash' ? safety.bashTool : t)),
    ...kit.builtinTools.filter((t) => PARENT_TOOLS.has(t.name)),
  ];
  return { kit: { ...kit, config, builtinTools, guard: (caller) => kit.guard(caller, safety.gate), depth: 0, withoutMcp: true }, jobs: safety.jobs };
}

/**
 * Files the child added, changed or deleted, against the worktree's base (its commits included). Read
 * from the work tree, nothing staged: `git add` would copy a hard-linked file's bytes into the
 * repository's objects.
 */
function changesIn(w: OpenedWorktree): Change[] {
  const diff = runGit(['diff', '--name-status', '--no-renames', '-z', w.marker.base], w.path);
  const added = runGit(['ls-files', '--others', '--exclude-standard', '-z'], w.path);
  if (!diff.ok || !added.ok) return [];
  const parts = diff.out.split('\0');
  const included = new Set(w.marker.included);
  const changes: Change[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) changes.push({ path: parts[i + 1]!, deleted: parts[i] === 'D' });
  for (const path of added.out.split('\0')) if (path !== '' && !path.endsWith('/')) changes.push({ path, deleted: false });
  return changes.filter((change) => !included.has(change.path));
}

/** Each changed file becomes the parent's own `write` call, judged by the parent's checks before it runs. */
async function applyChanges(
  kit: ParentKit,
  agent: AgentDefinition,
  job: IsolatedJob,
  signal: AbortSignal | undefined,
  worktree: string,
  base: string,
  parentTop: string,
  changes: Change[],
): Promise<string> {
  if (changes.length === 0) return `[the ${agent.name} agent changed no file in its worktree]`;
  const write = kit.builtinTools.find((t) => t.name === 'write');
  const lines: string[] = [];
  const guard = kit.guard({ agent: agent.name, task: job.description });
  for (const [i, change] of changes.entries()) {
    const path = relative(kit.config.cwd, join(parentTop, change.path));
    if (change.deleted) {
      lines.push(`${path}: deleted in the worktree, not here (delete it yourself if it should go)`);
      continue;
    }
    if (!write) {
      lines.push(`${path}: changed in the worktree, not applied (this session has no write tool)`);
      continue;
    }
    let content: Buffer;
    try {
      content = readOwn(worktree, change.path);
    } catch (error) {
      if (!(error instanceof OwnFileError)) throw error;
      lines.push(`${path}: not applied (${error.reason})`);
      continue;
    }
    if (content.includes(0)) {
      lines.push(`${path}: a binary file, not applied`);
      continue;
    }
    const conflict = changedHere(parentTop, worktree, base, change.path);
    if (conflict) {
      lines.push(`${path}: not applied (${conflict})`);
      continue;
    }
    // write replaces only a file this session has read: the parent reads what it is about to replace
    const id = `${job.toolCallId}-apply-${i}`;
    if (existsSync(join(parentTop, change.path))) await kit.builtinTools.find((t) => t.name === 'read')?.execute(`${id}-read`, { path }, signal);
    lines.push(`${path}: ${await applyOne(write, guard, id, { path, content: content.toString('utf8') }, signal)}`);
  }
  return [`[the ${agent.name} agent's changes, from its worktree, applied here through your approvals:`, ...lines.map((l) => `- ${l}`), ']'].join('\n');
}

async function applyOne(
  write: AnyAgentTool,
  guard: ReturnType<ParentKit['guard']>,
  id: string,
  args: { path: string; content: string },
  signal: AbortSignal | undefined,
): Promise<string> {
  // the parent's checks read the call, its arguments and the tool; there is no model message to hand them
  const context = { toolCall: { type: 'toolCall', id, name: 'write', arguments: args }, args, tool: write } as unknown as BeforeToolCallContext;
  const verdict = await guard(context, signal);
  if (verdict && 'block' in verdict && verdict.block) return `not applied (${(verdict as { reason?: string }).reason ?? 'refused'})`;
  const result = await write.execute(id, args, signal);
  return result.isError ? `not applied (${result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ')})` : 'written';
}

/** Why a file of the parent's tree is not what the child started from (so the child's version would undo someone's work). */
function changedHere(parentTop: string, worktree: string, base: string, rel: string): string | undefined {
  const original = runGit(['show', `${base}:${rel}`], worktree);
  let here: string | undefined;
  try {
    here = readOwn(parentTop, rel).toString('utf8');
  } catch (error) {
    if (!(error instanceof OwnFileError)) throw error;
    if (error.code !== 'ENOENT') return `here: ${error.reason}`;
  }
  if (!original.ok) return here === undefined ? undefined : 'a file of that name exists here, and the agent made its own';
  return here === original.out ? undefined : 'it was changed here since the agent started from the last commit';
}

function failed(text: string): AgentToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
