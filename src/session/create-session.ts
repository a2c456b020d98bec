// Building a Session: its settings, provider and model, tools (with the sandbox, the approval gate
// and the hooks around them), MCP servers, extensions, system prompt, and the file it continues.
import { randomUUID } from 'node:crypto';
import { createModels } from '../ai/models.js';
import { proxyNotes } from '../net/proxy/env.js';
import { packageVersion } from '../config/paths.js';
import { McpHost } from '../extensions/mcp/host.js';
import { createJobTools, createTools, type EditorFiles } from '../../tools/index.js';
import { loadExtensions, problemNotes, skillReadRules } from './setup/extensions.js';
import { makeProvider, pickModel } from './setup/model-setup.js';
import { createSafety } from './permissions/index.js';
import { runFilesOf } from './setup/run-files.js';
import { SessionCore, type SessionOptions } from './session-core.js';
import { Session } from './session.js';
import { Questions } from './questions.js';
import { loadSession } from './file/store.js';
import { sessionPrompt } from './prompt/session-prompt.js';
import { planRules } from './permissions/plan-policy.js';
import { startGitSummary } from './prompt/git-summary.js';
import { rewriteArguments } from './setup/updated-input.js';
import { RepeatGuard } from './permissions/repeat-guard.js';
import { callerLabel, type Caller } from './agents/caller.js';
import { createExitPlanTool } from '../plan/exit-plan-tool.js';
import { planPresenter } from './plan-approval.js';
import { parentView, sessionTaskTool } from './agents/index.js';
import { ParentStream } from './agents/parent-stream.js';
import { ServerPlan } from './agents/server-plan.js';
import type { AgentOptions } from '../agent/types.js';
import { MESSAGE_LIMIT, stripControls } from '../text/terminal-text.js';
import { Todos } from './todo/todos.js';
import { sessionWebTools } from './setup/web-tools.js';
import { reportDenials, type DeniedCall } from './permissions/denials.js';
import { sessionDiagnostics } from './setup/diagnostics.js';

/** for a hook called without the run's signal (the loop always passes one) */
const NEVER = new AbortController().signal;

export interface CreateSessionOptions extends Omit<SessionOptions, 'resume'> {
  /** path of an earlier session to continue */
  resumeFile?: string;
  /** MCP servers start on the `start_extensions` operation, not now (the app: after its first screen) */
  deferExtensions?: boolean;
  /** one-time notes of the model layer and load warnings; default: stderr (the app shows them itself) */
  note?: (message: string) => void;
  /** an editor's buffers for edit and write (ACP's client file system) */
  editorFiles?: EditorFiles;
  /** a one-shot run (print mode): no background snapshot of the whole workspace at the start (its prompt's checkpoint takes one) */
  oneShot?: boolean;
  /** told of each call refused before it ran (a rule, the mode, nobody to ask, a hook, the user's no): print mode's result lists them */
  onDenied?: (denied: DeniedCall) => void;
}

/** A Session, its parts made and wired: what every mode opens. */
export async function createSession(o: CreateSessionOptions): Promise<Session> {
  const { core, questions } = await buildSession(o);
  return new Session(core, questions);
}

/** The parts a Session is made of (the tests of src/session drive the core directly). */
export async function buildSession(o: CreateSessionOptions): Promise<{ core: SessionCore; questions: Questions }> {
  const { config } = o;
  // the repository's facts for the run's note are read while the rest starts
  if (o.oneShot) startGitSummary(config.cwd);
  const resume = o.resumeFile ? await loadSession(o.resumeFile) : undefined;
  // notes carry servers' and hooks' words (print mode's stderr): stripped of escapes and controls
  const note = o.note ?? ((message: string) => process.stderr.write(`tack: ${stripControls(message, { maxChars: MESSAGE_LIMIT })}\n`));
  for (const warning of resume?.warnings ?? []) note(`warning: ${warning}`);
  for (const line of proxyNotes()) note(line);
  const provider = makeProvider(config, note);
  const models = createModels();
  models.setProvider(provider);
  // someone answers (the app, stream-json with approvals, ACP): the gate asks through the protocol's questions
  const questions = new Questions();
  const safety = createSafety(config, { ...o.safety, prompter: o.safety?.interactive ? questions.ask : undefined, editorFiles: o.editorFiles });
  const diagnostics = sessionDiagnostics(config, safety);
  const allTools = createTools({ cwd: config.cwd, secretFile: safety.secretFile, editorFiles: o.editorFiles, diagnostics });
  const id = resume?.header.id ?? randomUUID();
  let session: SessionCore | undefined;
  const ids = () => ({ sessionId: session?.id ?? id, transcriptPath: session ? session.file : (o.resumeFile ?? null) });
  const extensions = await loadExtensions(config, { env: safety.toolEnv, note, ids });
  const todos = new Todos(resume?.todos);
  const exitPlan = createExitPlanTool(
    planPresenter(safety.gate, { tackHome: config.home, sessionId: () => session?.id ?? id, record: (plan) => session?.recordPlan(plan) }),
  );
  const web = sessionWebTools(config, safety.gate);
  const builtinTools = config.tools.flatMap((name) =>
    name === 'bash'
      ? [safety.bashTool, ...createJobTools(safety.jobs)]
      : name === 'todo'
        ? [todos.tool]
        : name === 'fetch' || name === 'search'
          ? (web[name] ?? [])
          : [allTools.byName[name]],
  );
  const tools = [...builtinTools, exitPlan].map((tool) => extensions.hooks?.wrap(tool) ?? tool);
  // the SDK loads only when there are servers to run, and (deferred) only once the caller says so
  const mcp = config.mcpServers.some((s) => !s.disabled)
    ? new McpHost(config.mcpServers, { home: config.home, baseEnv: safety.toolEnv, version: packageVersion(), notify: note })
    : undefined;
  safety.protectRuns(runFilesOf(config.cwd, extensions.hooks?.specs ?? [], config.mcpServers));
  if (!o.deferExtensions) mcp?.start();
  for (const line of problemNotes(extensions)) note(line);
  safety.gate.allowDuring(skillReadRules(extensions.skills));
  safety.gate.onQuestion =
    extensions.hooks && ((summary) => void extensions.hooks?.notification(`tack needs your permission: ${summary}`, 'permission_prompt'));
  // PreToolUse hooks first (a block stops the call, an "allow" answers the gate's question, an "ask" asks,
  // an updatedInput rewrites the call), then the approval gate, then a caller's own hook, which sees only
  // calls the policy lets through. All judge the checked arguments: the object the tool is given.
  // `agent`: a child's call, judged the same way, its name on the question and in the hooks' payload.
  const guard = (caller?: Caller, gate = safety.gate): NonNullable<AgentOptions['beforeToolCall']> => {
    // each child counts its own repeats: three children making the same first call are not a loop
    const repeats = caller === undefined ? undefined : new RepeatGuard();
    const label = caller && callerLabel(caller);
    const judge: NonNullable<AgentOptions['beforeToolCall']> = async (context, signal = NEVER) => {
      const call = { ...context.toolCall, arguments: context.args as Record<string, unknown> };
      const hook = await extensions.hooks?.preToolUse(call, signal, caller?.agent);
      if (hook && 'block' in hook) return hook;
      // a rewritten input is what the gate judges and the tool is given
      const problem = hook?.updatedInput && rewriteArguments(call, hook.updatedInput, context.tool);
      if (problem) return { block: true, reason: problem };
      return (await gate.beforeToolCall(call, context.tool, signal, hook, label, repeats)) ?? o.beforeToolCall?.(context, signal);
    };
    return o.onDenied ? reportDenials(judge, o.onDenied, caller?.agent) : judge;
  };
  // the server's slots are learnt before the first request, so the parent keeps one from the start
  const plan = new ServerPlan(config.baseUrl, config.agents.parallel);
  const parentStream = new ParentStream(models.streamSimple.bind(models), plan);
  void plan.get();
  const task = sessionTaskTool({
    config,
    streamFn: models.streamSimple.bind(models),
    plan,
    parentStream,
    parent: parentView(() => session!),
    // the todo list is the parent's to keep
    builtinTools: builtinTools.filter((tool) => tool.name !== 'todo'),
    hooks: extensions.hooks,
    guard,
    userAgents: extensions.agents,
  });
  if (task) tools.push(task);
  const [model, started] = await Promise.all([pickModel(config, provider, resume?.model), extensions.hooks?.sessionStart(resume ? 'resume' : 'startup')]);
  const { prompt, notes } = sessionPrompt({
    ...{ cwd: config.cwd, home: config.home, tools: builtinTools, replace: o.systemPrompt, append: o.appendSystemPrompt, skills: extensions.skills },
    ...{ saved: resume?.systemPrompt, started, planRules: () => planRules(safety.gate.planBash) },
  });
  session = new SessionCore(
    config,
    tools,
    parentStream.stream,
    {
      initialState: { systemPrompt: prompt, model, tools, messages: resume?.messages, thinkingLevel: config.thinking },
      streamOptions: { retry: config.retry, idleTimeoutMs: config.idleTimeoutMs, answerTimeoutMs: config.answerTimeoutMs },
      maxTurns: config.maxTurns,
      maxRequests: config.maxRequests,
      // the conversation's prompt-cache key on servers that route by one (prompt-cache.ts)
      sessionId: id,
      beforeToolCall: guard(),
    },
    {
      ...{ ...o, id, file: o.resumeFile ?? o.file, resume, approvals: safety.gate, mcp, note, extensions, todos, jobs: safety.jobs, notes },
      // the language servers end with the session (and with tack: the reaper, bwrap's --die-with-parent)
      onClose: () => void diagnostics?.close(),
      // a goal's check runs in the sandboxed bash, whether the model is given bash or not
      checkTool: safety.bashTool,
    },
  );
  if (!o.deferExtensions) session.startExtensions(!o.oneShot);
  return { core: session, questions };
}
