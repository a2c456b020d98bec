// The command line: flags -> settings -> one mode. Modes (and `openai`, Ink, React) load only when run.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { resumePrefix } from './cli/continue-hint.js';
import { expandAlias, runSubcommand } from './cli/subcommands.js';
import { UsageError } from './config/errors.js';
import { MESSAGE_LIMIT, stripControls, visible } from './text/terminal-text.js';
import { stdoutClosed, watchStdout } from './modes/closed-pipe.js';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageVersion, tackHome } from './config/paths.js';
import { expandHome } from '../tools/fs/paths.js';
import { workFolderWidth } from './config/work-folder.js';
import type { ConfigFlags, ProjectTrust } from './config/resolve.js';
import type { SessionFlags } from './session/file/locate.js';
import type { WorktreeFlags } from './cli/worktree-flag.js';
import { sweepStaleTempDirs } from '../tools/process/own-temp.js';
import { SESSION_TOOL_NAMES, TOOL_NAMES, WEB_TOOL_NAMES } from '../tools/names.js';
import { DEFAULT_TRIES, goalProblem } from './goal/goal.js';

/** What commander parses: the settings flags, the session flags, and the mode's own. */
interface CliOptions extends ConfigFlags, SessionFlags, WorktreeFlags {
  print?: boolean;
  outputFormat: 'text' | 'json' | 'stream-json';
  inputFormat: 'text' | 'stream-json';
  permissionPrompt?: 'stdio';
  systemPrompt?: string;
  appendSystemPrompt?: string;
  verbose?: boolean;
  listModels?: boolean;
  listProviders?: boolean;
  trust?: boolean;
  image?: string[];
  acp?: boolean;
  jsonSchema?: string;
  maxBudgetUsd?: number;
  until?: string;
  untilTries?: number;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1.');
  return n;
}

function positiveAmount(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected an amount in US dollars above 0, such as 0.50.');
  return n;
}

const EXAMPLES = `
Examples:
  tack -p "fix the failing test"              one-shot: answer on stdout, then exit
  cat error.log | tack -p "fix this"          piped text follows the prompt as material
  echo "explain src/cli.ts" | tack -p         piped text is the prompt
  tack -p --output-format json "list TODOs"   one JSON result object for scripts
  tack -p --tools read,grep,find "where is the login handled?"
                                              read-only run
  tack -c -p "now add a test for it"          continue the latest session here
  tack --base-url http://localhost:11434/v1 -m qwen3 -p "hello"
                                              use a local Ollama server (no key needed)
  tack --model openrouter/anthropic/claude-sonnet-4.5 -p "hello"
                                              provider and model at once (tack --list-providers)

Environment: OPENAI_API_KEY (or the provider's key, e.g. OPENROUTER_API_KEY), OPENAI_BASE_URL, TACK_MODEL,
  TACK_HOME (default ~/.tack), TACK_PROBE_PORTS (local servers to look for), TACK_DEBUG=1
Settings: $TACK_HOME/config.json and .tack/config.json (model, provider, baseUrl, apiKeyEnv, ...)
MCP servers: tack mcp add|list|get|remove (tack mcp --help), .mcp.json in a trusted folder, --mcp-config
Worktrees: tack -w [name] [--from ref] works beside your tree; tack worktree list | rm NAME | prune
Checkpoints: tack rewind --list | --to N [--code|--conversation|--both] | --prune (tack rewind --help)
Exit codes: 0 done, 1 model or runtime error, 2 usage or settings error, 3 --max-turns reached,
  4 the answer did not match --json-schema, 5 --max-budget-usd reached, 6 the --until check still fails,
  130 interrupted`;

function buildProgram(): Command {
  const program = new Command('tack')
    .description('A terminal coding assistant for any OpenAI-compatible model server.')
    .usage('[options] [prompt...]')
    .argument('[prompt...]', 'what to do; in print mode piped stdin is added to it')
    .helpOption('-h, --help', 'show this help')
    .version(packageVersion(), '-v, --version', 'print the version')
    .optionsGroup('Mode:')
    .option('-p, --print', 'one-shot: run the prompt, print the answer, exit')
    .addOption(new Option('--output-format <format>', 'print mode output').choices(['text', 'json', 'stream-json']).default('text'))
    .addOption(
      new Option('--input-format <format>', 'print mode input: stream-json reads messages on stdin while it runs')
        .choices(['text', 'stream-json'])
        .default('text'),
    )
    .addOption(new Option('--permission-prompt <how>', 'stream-json: ask approval questions as events, answered on stdin').choices(['stdio']))
    .option('--verbose', 'print mode: trace each tool call on stderr')
    .option('--image <file>', 'print mode: attach an image (png, jpeg, gif, webp) to the prompt (repeatable)', collect)
    .option('--acp', 'serve the Agent Client Protocol on stdio, for editors (Zed: agent_servers)')
    .option('--max-turns <n>', 'stop after n model calls (exit 3)', positiveInt)
    .option('--max-budget-usd <usd>', "print mode: stop once the run has cost this much (exit 5; needs the model's prices)", positiveAmount)
    .option(
      '--json-schema <schema>',
      "print mode: the final answer is JSON matching this schema (a JSON string or @file), in the result's structured_output (exit 4 if it does not match)",
    )
    .option('--until <command>', 'a goal: when the model ends its turn, run this check; a failure goes back to the model, exit 0 ends (exit 6 if never)')
    .option('--until-tries <n>', `with --until or /goal: failed checks before tack stops (default ${DEFAULT_TRIES})`, positiveInt)
    .optionsGroup('Session:')
    .option('-c, --continue', 'continue the latest session of this directory')
    .option('-r, --resume [id]', 'continue the session whose id starts with id')
    .option('--session <file>', 'use this session file (continued when it exists)')
    .option('--no-session', 'do not save this conversation')
    .option('--fork-session', 'with -c, -r or --session: continue in a copy, leaving the original as it was')
    .optionsGroup('Model:')
    .option('-m, --model <id>', "model id (default: from settings, else the server's first)")
    .option('--provider <name>', 'openai, openrouter, deepseek, ollama, ... or one from the settings (see --list-providers)')
    .option('--base-url <url>', 'OpenAI-compatible server, e.g. http://localhost:11434/v1')
    .option('--api-key <key>', 'API key (prefer OPENAI_API_KEY or apiKeyEnv in settings)')
    .option('--list-models', "list the server's models and exit")
    .option('--list-providers', 'list the known providers and whether their keys are set, and exit')
    .addOption(new Option('--thinking <level>', 'reasoning effort, where the model takes one').choices(['off', 'low', 'medium', 'high']))
    .optionsGroup('Agent:')
    .option(
      '--tools <list>',
      `comma-separated tools: ${[...TOOL_NAMES, ...SESSION_TOOL_NAMES, ...WEB_TOOL_NAMES, 'task'].join(',')} (bash brings job_output and job_stop; search needs a backend in the settings)`,
    )
    .option('--system-prompt <text|@file>', 'replace the system prompt')
    .option('--append-system-prompt <text|@file>', 'add to the system prompt')
    .option('-C, --cwd <dir>', 'work in this directory')
    .option('-w, --worktree [name]', 'work in a git worktree of this repository on branch tack/<name>, made from local HEAD (see tack worktree)')
    .option('--from <ref>', 'with -w: make the new worktree from this commit, branch or tag instead of HEAD')
    .option('--mcp-config <file>', 'MCP servers from a file holding {"mcpServers": …} (repeatable; see tack mcp --help)', collect)
    .optionsGroup('Safety:')
    .addOption(
      new Option('--approval <mode>', 'what runs without asking (default: ask; print mode: everything inside the workspace)').choices([
        'ask',
        'auto-edit',
        'yolo',
        'plan',
      ]),
    )
    .option('--yolo', 'same as --approval yolo: nothing asks (deny rules still hold)')
    .addOption(new Option('--sandbox <on|off>', 'run bash inside bubblewrap (default: on where it can run)').choices(['on', 'off']))
    .option('--no-network', 'no network for sandboxed commands, fetch and search')
    .option('--no-checkpoints', 'take no checkpoints this run (no shadow git; /rewind cannot restore files)')
    .option('--trust', "apply this folder's own settings (.tack/config.json, .mcp.json) for this run without asking")
    .addHelpText('after', EXAMPLES)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`tack: ${text.replace(/^error: /, '')}`) });
  return program;
}

async function readStdinIfPiped(limit: number) {
  if (process.stdin.isTTY) return undefined;
  const { readPipedInput, truncationNotice } = await import('./modes/stdin.js');
  const piped = await readPipedInput(process.stdin, limit);
  const notice = truncationNotice(piped);
  if (notice) process.stderr.write(`tack: ${notice}\n`);
  return piped;
}

/**
 * Whether this folder's own settings apply. A folder the user has not trusted (or whose files
 * changed since) is asked about on a terminal, before anything from them runs; elsewhere its files
 * are ignored with one line on stderr.
 */
async function settleTrust(opts: CliOptions, askable: boolean, notices: string[]): Promise<ProjectTrust | 'quit'> {
  const { assessTrust, ignoredNotice, trustFolder } = await import('./trust/index.js');
  const home = tackHome();
  const a = assessTrust(resolve(expandHome(opts.cwd ?? process.cwd())), home);
  if (a.status === 'none' || a.status === 'trusted') return a.status;
  if (opts.trust) return 'session';
  if (!askable) {
    process.stderr.write(`tack: ${ignoredNotice(a)}\n`);
    return 'ignored';
  }
  const { askTrust } = await import('./modes/interactive/setup/trust-question.js');
  const answer = await askTrust(a, process.stdin, process.stdout, join(home, 'config.json'));
  if (answer === 'quit') return 'quit';
  if (answer === 'remember') trustFolder(home, a);
  if (answer === 'no') notices.push(ignoredNotice(a));
  return answer === 'remember' ? 'trusted' : answer === 'session' ? 'session' : 'ignored';
}

/** -C names the folder the agent works in: it must be there, or the model is told a lie. */
function checkWorkDirectory(dir: string): void {
  const path = resolve(expandHome(dir));
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new UsageError(`-C ${dir}: there is no such directory`);
  }
  if (!isDir) throw new UsageError(`-C ${dir}: that is a file, not a directory`);
}

/**
 * The folder the agent will work in may not be the root of the file system, and the home folder is
 * worked in with a warning: a notice in the app, a line on stderr otherwise.
 */
function checkWorkFolderWidth(dir: string, interactive: boolean, notices: string[]): void {
  const width = workFolderWidth(resolve(expandHome(dir)));
  if (width && 'refuse' in width) throw new UsageError(width.refuse);
  if (width && interactive) notices.push(`warning: ${width.warn}`);
  else if (width) process.stderr.write(`tack: warning: ${width.warn}\n`);
}

/** stream-json input is a conversation on stdio: it needs print mode and stream-json output. */
function checkStreamFlags(opts: CliOptions): void {
  if (opts.inputFormat === 'stream-json' && (!opts.print || opts.outputFormat !== 'stream-json')) {
    throw new UsageError('--input-format stream-json needs -p and --output-format stream-json');
  }
  if (opts.acp && (opts.print || opts.inputFormat === 'stream-json')) {
    throw new UsageError('--acp speaks the Agent Client Protocol on stdio; it does not combine with -p or --input-format');
  }
  if (opts.jsonSchema !== undefined && (!opts.print || opts.inputFormat === 'stream-json')) {
    throw new UsageError('--json-schema goes with -p and one prompt (not with --input-format stream-json)');
  }
  if (opts.maxBudgetUsd !== undefined && !opts.print) throw new UsageError('--max-budget-usd goes with -p');
  if (opts.permissionPrompt && opts.inputFormat !== 'stream-json') {
    throw new UsageError('--permission-prompt stdio needs --input-format stream-json (the answers come on stdin)');
  }
  if (opts.until !== undefined && opts.acp) throw new UsageError('--until does not combine with --acp: the editor sets a goal with /goal in a prompt');
  const problem = opts.until !== undefined && goalProblem(opts.until, opts.untilTries ?? DEFAULT_TRIES);
  if (problem) throw new UsageError(`--until: ${problem}`);
}

async function main(given: string[]): Promise<number> {
  const argv = expandAlias(given);
  const ran = await runSubcommand(argv.slice(2));
  if (ran !== undefined) return ran;
  const program = buildProgram();
  try {
    program.parse(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' ? 0 : 2;
    }
    throw err;
  }
  const opts = program.opts<CliOptions>();
  if (opts.cwd !== undefined) checkWorkDirectory(opts.cwd);
  if (opts.image && !opts.print) throw new UsageError('--image goes with -p; in the app, type @ and the path of the image');
  checkStreamFlags(opts);
  if (opts.from !== undefined && opts.worktree === undefined) throw new UsageError('--from goes with -w: tack -w [name] --from <ref>');
  if (opts.worktree !== undefined && opts.acp) throw new UsageError('-w does not combine with --acp: the editor names the folder of each session');
  const startedIn = opts.cwd;
  if (opts.worktree !== undefined && !opts.listModels && !opts.listProviders) {
    const { runInWorktree } = await import('./cli/worktree-flag.js');
    return runInWorktree(opts, (worktree) => runMode(opts, program.args, resumePrefix({ cwd: startedIn, worktree })));
  }
  return runMode(opts, program.args, resumePrefix({ cwd: startedIn }));
}

/** `resumeWith`: the command, as the user types it where they started tack, that `-c` continues this run's sessions with. */
async function runMode(opts: CliOptions, args: string[], resumeWith: string): Promise<number> {
  // what a killed tack left in the temp folder (its sandbox's /tmp) goes now, not at the first command
  void sweepStaleTempDirs();
  if (opts.acp) {
    // each session settles its own folder's trust and settings
    const { runAcp } = await import('./modes/acp/index.js');
    return runAcp({ flags: opts, trust: opts.trust === true, systemPrompt: opts.systemPrompt, appendSystemPrompt: opts.appendSystemPrompt });
  }
  const promptWords = args.join(' ').trim() || undefined;
  const goal = { command: opts.until, tries: opts.untilTries };
  const interactive = !opts.print && !opts.listModels && !opts.listProviders;
  const notices: string[] = [];
  if (!opts.listModels && !opts.listProviders) checkWorkFolderWidth(opts.cwd ?? process.cwd(), interactive, notices);
  const trust = await settleTrust(opts, interactive && process.stdin.isTTY === true && process.stdout.isTTY === true, notices);
  if (trust === 'quit') return 130;
  if (opts.listProviders) {
    const { listProviders } = await import('./config/provider-list.js');
    process.stdout.write(listProviders(opts.cwd ?? process.cwd(), process.env, trust === 'trusted' || trust === 'session'));
    return 0;
  }
  // With nothing configured this looks for a local server (Ollama, LM Studio, llama.cpp, vLLM).
  const { loadConfig, NoServerConfigured } = await import('./config/load.js');
  const config = await loadConfig(opts, process.env, undefined, { trust }).catch(async (err: unknown) => {
    // the first run in a terminal: a setup screen instead of the error (Esc leaves with the error)
    if (!(err instanceof NoServerConfigured) || !interactive || !process.stdin.isTTY || !process.stdout.isTTY) throw err;
    const { setUpFirstServer } = await import('./modes/interactive/setup/first-run.js');
    if (!(await setUpFirstServer(process.env, tackHome()))) throw err;
    return loadConfig(opts, process.env, undefined, { trust });
  });

  if (opts.listModels) {
    const { listServerModels } = await import('./session/setup/model-setup.js');
    const ids = await listServerModels(config);
    if (ids.length === 0) process.stderr.write(`tack: the server at ${config.baseUrl} lists no models\n`);
    // the server's words: an id with a control character is shown, not obeyed
    for (const id of ids) process.stdout.write(`${visible(id)}\n`);
    return 0;
  }

  if (!opts.print) {
    const { chooseSession } = await import('./session/file/locate.js');
    const session = chooseSession(opts, config.home, config.cwd, true);
    if (session.notice) notices.push(session.notice);
    const { runInteractive } = await import('./modes/interactive/index.js');
    return runInteractive({
      config,
      notices,
      prompt: promptWords,
      session,
      resumeWith,
      systemPrompt: opts.systemPrompt,
      appendSystemPrompt: opts.appendSystemPrompt,
      goal,
    });
  }

  const { chooseSession } = await import('./session/file/locate.js');
  const session = chooseSession(opts, config.home, config.cwd, !opts.print);
  if (opts.inputFormat === 'stream-json') {
    const { runStreamJson } = await import('./modes/stream-json.js');
    const { verbose, systemPrompt, appendSystemPrompt, permissionPrompt } = opts;
    return runStreamJson({
      config,
      session,
      prompt: promptWords,
      permissionPrompt,
      verbose: verbose === true,
      systemPrompt,
      appendSystemPrompt,
      input: process.stdin,
      maxBudgetUsd: opts.maxBudgetUsd,
      goal,
    });
  }
  const { loadAnswerSchema } = await import('./modes/contract/json-schema.js');
  const jsonSchema = opts.jsonSchema === undefined ? undefined : loadAnswerSchema(opts.jsonSchema, process.cwd());
  const { composePrompt } = await import('./modes/stdin.js');
  const prompt = composePrompt(promptWords, await readStdinIfPiped(config.stdinLimitBytes));
  // with --until and no prompt, the check's failure is the prompt
  if (!prompt && opts.until === undefined) throw new UsageError('no prompt: give one after -p, or pipe it in (echo "fix the bug" | tack -p)');
  const { imageParts } = await import('./session/attachments/index.js');
  const images = await imageParts(opts.image ?? []).catch((err: Error) => {
    throw new UsageError(err.message);
  });
  const { runPrint } = await import('./modes/print.js');
  return runPrint({
    config,
    prompt: prompt ?? '',
    typed: promptWords,
    images,
    session,
    outputFormat: opts.outputFormat,
    verbose: opts.verbose === true,
    systemPrompt: opts.systemPrompt,
    appendSystemPrompt: opts.appendSystemPrompt,
    jsonSchema,
    maxBudgetUsd: opts.maxBudgetUsd,
    goal,
  });
}

function exit(code: number): void {
  // Let stdout drain into a pipe before leaving, so no answer is cut short.
  if (stdoutClosed()) process.exit(code);
  else process.stdout.write('', () => process.exit(code));
}

watchStdout();

main(process.argv).then(exit, (err: unknown) => {
  const code = err instanceof UsageError ? err.exitCode : 1;
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`tack: ${stripControls(message, { maxChars: MESSAGE_LIMIT })}\n`);
  if (process.env.TACK_DEBUG === '1' && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  exit(code);
});
