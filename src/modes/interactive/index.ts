// `tack` without -p: the interactive app. Loaded lazily by the CLI, so --help and -p never pay for
// Ink and React.
import { UsageError } from '../../config/errors.js';
import type { ResolvedConfig } from '../../config/resolve.js';
import type { SessionChoice } from '../../session/file/locate.js';
import type { Session } from '../../session/session.js';
import { printStartupScreen } from './setup/startup-screen.js';
import { enterRawMode } from './os/terminal.js';
import type { StartInkHost } from './app/ink-host.js';

// Everything heavy (the session and model layer, Ink, React, marked) is imported once the startup
// screen is up, so the first screen does not wait for it.
export interface InteractiveOptions {
  config: ResolvedConfig;
  /** sentences for the transcript from before the app (the folder's settings are ignored) */
  notices?: string[];
  /** sent at once when given */
  prompt?: string;
  /** which session file to write or continue (-c, -r, --session, --no-session) */
  session?: SessionChoice;
  /** what `-c` is added to in the way back printed on quitting (`tack -w fix`); `tack` when not given */
  resumeWith?: string;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** `--until` and `--until-tries`: a goal from the start, and the tries `/goal` gives one */
  goal?: { command?: string; tries?: number };
}

/** ESC alone is Escape once nothing follows it within this time. */
const ESCAPE_WAIT_MS = 30;
/** MCP servers (and the SDK) load this long after the first frame has reached the terminal, so that
 * their start-up (node processes, the SDK import) does not compete with the terminal drawing it. A
 * message sent before then starts them at once (the first model call waits for them). */
const EXTENSIONS_AFTER_MS = 500;

/** The session and model layer, the controller and the input's parts, loaded together. */
async function loadModules() {
  const [session, locate, setup, controller, history, files, keys, paths] = await Promise.all([
    import('../../session/create-session.js'),
    import('../../session/file/locate.js'),
    import('../../session/setup/model-setup.js'),
    import('./app/controller.js'),
    import('./editor/history.js'),
    import('./complete/file-index.js'),
    import('./input/keys.js'),
    import('../../config/paths.js'),
  ]);
  return {
    createSession: session.createSession,
    summarizeSessions: locate.summarizeSessions,
    makeProvider: setup.makeProvider,
    listServerModels: setup.listServerModels,
    Controller: controller.Controller,
    History: history.History,
    historyFile: history.historyFile,
    FileIndex: files.FileIndex,
    KeyParser: keys.KeyParser,
    packageVersion: paths.packageVersion,
  };
}

export async function runInteractive(o: InteractiveOptions): Promise<number> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY || !stdout.isTTY) {
    throw new UsageError('the interactive mode needs a terminal; for scripts and pipes use tack -p "your prompt"');
  }
  // Keys typed while tack starts are kept for the input box.
  const early: string[] = [];
  let onKeys: (chunk: string, typeahead?: boolean) => void = (chunk) => early.push(chunk);
  const terminal = enterRawMode(stdin, stdout, (chunk) => onKeys(chunk));
  const startup = o.config.model ? printStartupScreen(stdout, o.config.model, o.config.cwd) : undefined;
  const placeholder = startup?.placeholder ?? 0;
  // Notes from below the UI (no sandbox, a thinking level the server ignores, a damaged session
  // line) go into the transcript once it exists; writing them to the terminal would land on top
  // of Ink's screen.
  const notes: string[] = [...(o.notices ?? [])];
  let note: (message: string) => void = (message) => notes.push(message);
  const sessionOptions = (choice: SessionChoice = {}) => ({
    config: o.config,
    systemPrompt: o.systemPrompt,
    appendSystemPrompt: o.appendSystemPrompt,
    safety: { interactive: true, notify: (message: string) => note(message) },
    note: (message: string) => note(message),
    file: choice.file,
    resumeFile: choice.resumeFile,
    goal: o.goal,
  });
  let session: Session;
  let startInk: StartInkHost;
  let m: Awaited<ReturnType<typeof loadModules>>;
  try {
    m = await loadModules();
    // One after the other: loadInkHost changes process.env while it imports, and a session takes the
    // environment for the agent's commands (after an await, when it resumes a file).
    // MCP servers start once the first screen is up, so it never waits for them (or for the SDK)
    session = await m.createSession({ ...sessionOptions(o.session), deferExtensions: true });
    startInk = await (await import('./app/ink-host.js')).loadInkHost();
  } catch (err) {
    // Leave the screen as a shell expects it; the CLI prints the error.
    if (placeholder > 0) stdout.write(`\x1b[${placeholder}A\r\x1b[J`);
    terminal.restore();
    throw err;
  }
  const provider = m.makeProvider(o.config, (message) => note(message));

  let quit!: (jobs: 'stop' | 'keep') => void;
  const done = new Promise<'stop' | 'keep'>((resolve) => (quit = resolve));
  const controller = new m.Controller({
    session,
    listModels: () => m.listServerModels(o.config),
    makeModel: (id) => provider.getModel(id),
    openSession: (file) => m.createSession(sessionOptions({ resumeFile: file })),
    listSessions: (except) => m.summarizeSessions(o.config.home, o.config.cwd, except),
    history: m.History.load(m.historyFile(o.config.home, o.config.cwd)),
    fileIndex: new m.FileIndex(o.config.cwd),
    version: m.packageVersion(),
    cols: stdout.columns || 80,
    rows: stdout.rows || 24,
    writeRaw: (data) => stdout.write(data),
    onQuit: (jobs) => quit(jobs),
    headerPrinted: placeholder > 0,
    editExternally: async (text) => {
      const { editText } = await import('./os/external-editor.js');
      terminal.suspend();
      try {
        return await editText(text);
      } finally {
        terminal.resume();
      }
    },
  });
  note = (message) => controller.notice(message);
  for (const message of notes.splice(0)) note(message);

  const parser = new m.KeyParser();
  let escapeTimer: NodeJS.Timeout | undefined;
  onKeys = (chunk, typeahead = false) => {
    clearTimeout(escapeTimer);
    controller.handleKeys(parser.feed(chunk, typeahead));
    if (parser.hasPending()) escapeTimer = setTimeout(() => controller.handleKeys(parser.flush()), ESCAPE_WAIT_MS);
  };
  const onSignal = () => quit('stop');
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);

  // The stand-in input box goes; Ink draws the real one in its place (erasing below is not a clear).
  if (placeholder > 0) stdout.write(`\x1b[${placeholder}A\r\x1b[J`);
  const ink = startInk({
    feed: controller,
    stdout,
    printedBefore: startup?.header,
    onResize: (cols, rows) => controller.resize(cols, rows),
  });
  // Ink drew the first frame while mounting (synchronously); once it is flushed, the servers start
  let startExtensions: NodeJS.Timeout | undefined;
  stdout.write('', () => {
    startExtensions = setTimeout(() => void controller.current.submit({ type: 'start_extensions' }), EXTENSIONS_AFTER_MS);
  });
  if (o.session?.pick) controller.openResumePicker('new conversation');
  if (o.prompt) controller.sendInitial(o.prompt);
  // `--until` without a prompt: the check runs at once, and its failure starts the work
  else if (session.view().goal) void session.submit({ type: 'check_goal' }).catch(() => {});
  for (const chunk of early.splice(0)) onKeys(chunk, true);
  let jobs: 'stop' | 'keep' = 'stop';
  try {
    jobs = await done;
  } finally {
    controller.close();
    await ink.stop();
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    clearTimeout(escapeTimer);
    clearTimeout(startExtensions);
    terminal.restore();
    const last = controller.current;
    // the jobs still running: kept after tack, or stopped, and the user told which
    const { keepJobsAtExit, stopJobsAtExit } = await import('../jobs-at-exit.js');
    const said = jobs === 'keep' ? await keepJobsAtExit(last) : [await stopJobsAtExit(last)].filter((line) => line !== undefined);
    for (const line of said) stdout.write(`${line}\n`);
    // the way back, where there is one: a saved conversation with something in it
    const tack = o.resumeWith ?? 'tack';
    const { file, state, id } = last.view();
    if (file && state.messages.length > 0) stdout.write(`${tack} -c continues this conversation (or ${tack} -r ${id.slice(0, 8)})\n`);
    await last.close();
  }
  return 0;
}
