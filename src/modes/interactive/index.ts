// `tack` without -p: the interactive app. Loaded lazily by the CLI, so --help and -p never pay for
// Ink and React.
import { UsageError } from '../../config/errors.js';
import { packageVersion } from '../../config/paths.js';
import type { ResolvedConfig } from '../../config/resolve.js';
import type { SessionChoice } from '../../session/locate.js';
import { listServerModels, makeProvider } from '../../session/model-setup.js';
import { createSession } from '../../session/session.js';
import { Controller } from './app/controller.js';
import { FileIndex } from './complete/file-index.js';
import { History, historyFile } from './editor/history.js';
import { KeyParser } from './input/keys.js';
import { enterRawMode } from './terminal.js';

export interface InteractiveOptions {
  config: ResolvedConfig;
  /** sent at once when given */
  prompt?: string;
  /** which session file to write or continue (-c, -r, --session, --no-session) */
  session?: SessionChoice;
  systemPrompt?: string;
  appendSystemPrompt?: string;
}

/** ESC alone is Escape once nothing follows it within this time. */
const ESCAPE_WAIT_MS = 30;

/**
 * Loads Ink and React with the production builds (much faster to load and run) and without Ink's
 * CI detection (which would print no live region), leaving the environment as it was for the
 * commands the agent runs.
 */
async function loadApp(): Promise<typeof import('./app/App.js')> {
  const saved = { NODE_ENV: process.env.NODE_ENV, CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION };
  process.env.NODE_ENV ??= 'production';
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  try {
    return await import('./app/App.js');
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

export async function runInteractive(o: InteractiveOptions): Promise<number> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY || !stdout.isTTY) {
    throw new UsageError('the interactive mode needs a terminal; for scripts and pipes use tack -p "your prompt"');
  }
  const [session, app] = await Promise.all([
    createSession({ config: o.config, systemPrompt: o.systemPrompt, appendSystemPrompt: o.appendSystemPrompt, ...o.session }),
    loadApp(),
  ]);
  const provider = makeProvider(o.config);

  let quit!: () => void;
  const done = new Promise<void>((resolve) => (quit = resolve));
  const controller = new Controller({
    session,
    listModels: () => listServerModels(o.config),
    makeModel: (id) => provider.getModel(id),
    history: History.load(historyFile(o.config.home, o.config.cwd)),
    fileIndex: new FileIndex(o.config.cwd),
    version: packageVersion(),
    cols: stdout.columns || 80,
    rows: stdout.rows || 24,
    writeRaw: (data) => stdout.write(data),
    onQuit: () => quit(),
  });

  const parser = new KeyParser();
  let escapeTimer: NodeJS.Timeout | undefined;
  const terminal = enterRawMode(stdin, stdout, (chunk) => {
    clearTimeout(escapeTimer);
    controller.handleKeys(parser.feed(chunk));
    if (parser.hasPending()) escapeTimer = setTimeout(() => controller.handleKeys(parser.flush()), ESCAPE_WAIT_MS);
  });
  // Before Ink's own resize handler, so Ink redraws with lines already wrapped to the new width.
  const onResize = () => controller.resize(stdout.columns || 80, stdout.rows || 24);
  stdout.prependListener('resize', onResize);
  const onSignal = () => quit();
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);

  const ink = app.mountApp(controller, stdout);
  if (o.prompt) controller.sendInitial(o.prompt);
  try {
    await done;
  } finally {
    controller.close();
    ink.unmount();
    await ink.waitUntilExit().catch(() => undefined);
    stdout.off('resize', onResize);
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    clearTimeout(escapeTimer);
    terminal.restore();
    session.close();
  }
  return 0;
}
