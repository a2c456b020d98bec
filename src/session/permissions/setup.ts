// Builds a session's safety from its settings: the approval gate, and the bash tool with a scrubbed
// environment and (where bubblewrap runs) the sandbox.
import { homedir } from 'node:os';
import type { AnyAgentTool } from '../../agent/types.js';
import { UsageError } from '../../config/errors.js';
import type { ResolvedConfig } from '../../config/resolve.js';
import { type BashOptions, createBashTool } from '../../../tools/bash/bash.js';
import { Jobs } from '../../../tools/jobs/jobs.js';
import { describeDropped, filterToolEnv } from '../../../tools/sandbox/env.js';
import { withGitGuards } from '../../../tools/sandbox/git-guards.js';
import { findGitDir, gitMayRunPrograms } from '../../../tools/sandbox/repo-config.js';
import { createSandbox, probeSandbox, type Sandbox } from '../../../tools/sandbox/sandbox.js';
import { runsLater, runsLaterPaths } from '../../../tools/sandbox/runs-later.js';
import type { SecretTest } from '../../../tools/fs/secret-files.js';
import type { EditorFiles } from '../../../tools/index.js';
import { WorkspaceScanner } from '../../../tools/sandbox/workspace-scan.js';
import { ApprovalGate } from './gate.js';
import type { ApprovalPrompter } from './prompter.js';
import { planModeNote, type PlanBash } from './plan-policy.js';
import { lineIsReadOnly } from './read-only.js';
import { parseRules, RuleError, type Rules } from './rules.js';
import { saveAllowRules } from './save-rule.js';
import { workspaceSecretTest } from './secrets.js';

export interface SafetyOptions {
  /** someone can answer questions (the interactive app): the default mode is `ask`, not print's `auto` */
  interactive?: boolean;
  /** answers the questions (createSession: the Session's questions; a worktree child: its parent's gate) */
  prompter?: ApprovalPrompter;
  /** one sentence for the user: the sandbox is unavailable, an "always" answer was saved */
  notify?: (message: string) => void;
  /** the editor's buffers (ACP), which the questions preview a change on */
  editorFiles?: EditorFiles;
  /** the table bash's background jobs go in (a worktree child's: its parent's), run here; default: a new one */
  jobs?: Jobs;
}

export interface Safety {
  gate: ApprovalGate;
  bashTool: AnyAgentTool;
  /** the session's background jobs, started by bashTool */
  jobs: Jobs;
  /** which workspace files hold secrets: grep leaves their lines out */
  secretFile: SecretTest;
  /** the scrubbed environment of tool processes: bash's, and the base of stdio MCP servers' */
  toolEnv: Record<string, string>;
  /** the workspace files hooks and MCP servers run, once known: kept like git's hooks from then on */
  protectRuns(files: readonly string[]): void;
  /** the sandbox commands run in, when there is one (language servers run in it too) */
  sandbox: Sandbox | undefined;
}

function rulesOf(config: ResolvedConfig, home: string): Rules {
  try {
    return parseRules(
      config.permissions,
      home,
      config.mcpServers.map((s) => s.name),
    );
  } catch (error) {
    if (error instanceof RuleError) throw new UsageError(`${error.message} (settings: ${config.files.join(', ') || 'none'})`);
    throw error;
  }
}

/** The environment of commands tack runs: tack's own key never reaches one, whatever the variable is called or env.allow says. */
export function toolEnvOf(config: Pick<ResolvedConfig, 'envAllow' | 'apiKeyEnv' | 'apiKey'>): ReturnType<typeof filterToolEnv> {
  return filterToolEnv(process.env, {
    allow: config.envAllow,
    hide: config.apiKeyEnv ? [config.apiKeyEnv] : [],
    hideValues: config.apiKey ? [config.apiKey] : [],
  });
}

/** The sandbox bash runs in, or (with a notice) why there is none: it is off or cannot run here. */
function sandboxFor(
  config: ResolvedConfig,
  home: string,
  guard: WorkspaceGuard,
  notify: (message: string) => void,
  readOnlyWorkspace: () => boolean,
): Sandbox | string {
  if (config.sandbox === 'off') return 'the sandbox is off (--sandbox off)';
  if (!config.tools.includes('bash')) return 'bash is not among the tools';
  const probe = probeSandbox(config.home);
  if (!probe.ok) {
    if (config.sandbox === 'on') {
      throw new UsageError(`the sandbox was asked for, but ${probe.reason}; install bubblewrap, or run with --sandbox off`);
    }
    notify(`commands run unsandboxed: ${probe.reason}; approvals still apply (--sandbox off hides this note)`);
    return probe.reason;
  }
  // `npx tack` and npm scripts point npm at its cache through the environment
  const npmCache = process.env.npm_config_cache;
  return createSandbox(probe.bwrap, {
    cwd: config.cwd,
    home,
    network: config.sandboxNetwork,
    hide: [config.home],
    tackHome: config.home,
    writable: npmCache ? [npmCache] : [],
    exposeSecretFiles: config.exposeSecretFiles,
    scanner: guard.scanner,
    runFiles: () => guard.runFiles,
    readOnlyWorkspace,
  });
}

/** Whether read-only git in the repository of `dir` could run a program its config or hooks name. */
function repoMayRunPrograms(dir: string): boolean {
  const gitDir = findGitDir(dir);
  return gitDir !== undefined && gitMayRunPrograms(gitDir);
}

/** What the gate and the sandbox share about the workspace: one scanner, and the files hooks and servers run. */
interface WorkspaceGuard {
  scanner: WorkspaceScanner;
  runFiles: readonly string[];
}

/** The secret-file test the tools use here (names, and the user's `read(…)` deny rules), for what is read outside a tool call. */
export function secretTestFor(config: ResolvedConfig): SecretTest {
  const home = homedir();
  return workspaceSecretTest(rulesOf(config, home), config.cwd, home);
}

export function createSafety(config: ResolvedConfig, o: SafetyOptions): Safety {
  const home = homedir();
  const notify = o.notify ?? (() => {});
  const rules = rulesOf(config, home);
  const secretFile = workspaceSecretTest(rules, config.cwd, home);
  const guard: WorkspaceGuard = { scanner: new WorkspaceScanner(config.cwd, secretFile), runFiles: [] };
  // in plan mode commands see the workspace read-only
  const sandbox = sandboxFor(config, home, guard, notify, () => gate.mode === 'plan');
  const planBash: PlanBash = typeof sandbox === 'string' ? { sandboxed: false, why: sandbox } : { sandboxed: true };
  if (config.approval === 'plan' && !planBash.sandboxed) notify(planModeNote(planBash));
  const gate = new ApprovalGate({
    cwd: config.cwd,
    home,
    tackHome: config.home,
    secretFile,
    mode: config.approval ?? (o.interactive ? 'ask' : 'auto'),
    rules,
    prompter: o.prompter,
    // Saved only where the project's settings apply by the user's lasting choice (or there are none
    // yet): a rule written into an ignored or session-trusted file would do nothing, or trust it for good.
    saveAllowRules: config.trust === 'trusted' || config.trust === 'none' ? (rules) => saveAllowRules(config.cwd, config.home, rules) : undefined,
    notify,
    trustReadOnlyHints: config.mcp.trustReadOnlyHints,
    runsLater: () => runsLaterPaths(runsLater(config.cwd, { nestedGitDirs: guard.scanner.scan().nestedGitDirs, runFiles: guard.runFiles })),
    planBash,
    gitRunsPrograms: typeof sandbox === 'string' ? repoMayRunPrograms : undefined,
    editorFiles: o.editorFiles,
  });
  const { env, dropped } = toolEnvOf(config);
  const droppedNote = config.tools.includes('bash') ? describeDropped(dropped) : undefined;
  if (droppedNote) notify(droppedNote);
  const shell: BashOptions = {
    env: withGitGuards(env),
    sandbox: typeof sandbox === 'string' ? undefined : sandbox,
    unasked: (params) => gate.unasked(params),
  };
  // background jobs run exactly as commands do: one options object, so the same environment and sandbox
  const jobs = o.jobs ? o.jobs.elsewhere(config.cwd, shell) : new Jobs(config.cwd, shell, config.maxJobs);
  shell.jobs = jobs;
  const bash = createBashTool({ cwd: config.cwd }, shell);
  // commands that only look (the policy's read-only list) may run side by side, like read and grep
  const bashTool: typeof bash = { ...bash, readOnly: (params) => lineIsReadOnly(params.command) };
  const protectRuns = (files: readonly string[]) => {
    guard.runFiles = [...files];
  };
  return { gate, bashTool, jobs, secretFile, toolEnv: env, protectRuns, sandbox: shell.sandbox };
}
