// tack in tmux against the scripted server, for the end-to-end tests of one feature each.
import { startMockServer, type MockServer, type RecordedRequest, type Turn } from '../support/mock-openai-server.js';
import { makeProject } from '../support/cli.js';
import { isRunNote } from '../support/scripted.js';
import { Term } from './tmux.js';

export interface App {
  server: MockServer;
  term: Term;
  project: { dir: string; home: string };
}

const running: { server: MockServer; term: Term }[] = [];

/** Stops every app started by the test (call in afterEach). */
export async function stopApps(): Promise<void> {
  for (const { server, term } of running.splice(0)) {
    term.kill();
    await server.close();
  }
}

/** The app's footer (the startup screen's stand-in has no context figure). */
export const APP_READY = /\d+% of \d+\S* · ↑/;

export interface StartOptions {
  args?: string[];
  files?: Record<string, string>;
  /** an existing project (and TACK_HOME) to run in, e.g. to continue its sessions */
  project?: { dir: string; home: string };
  /** what the screen shows once the app is up (default: the app's footer, not the startup screen's) */
  ready?: string | RegExp;
  model?: string;
  rows?: number;
  cols?: number;
  env?: Record<string, string>;
  /** an installed tack's bin/tack.js instead of the checkout's */
  bin?: string;
}

export async function startApp(turns: Turn[], o: StartOptions = {}): Promise<App> {
  const server = await startMockServer({ turns });
  const project = o.project ?? makeProject(o.files);
  const model = o.model ?? 'mock-model';
  const term = Term.start({
    args: ['--base-url', server.url, '-m', model, ...(o.args ?? [])],
    cwd: project.dir,
    home: project.home,
    rows: o.rows,
    cols: o.cols,
    env: o.env,
    bin: o.bin,
  });
  running.push({ server, term });
  await term.waitFor(o.ready ?? APP_READY, 15_000, 'the first screen');
  return { server, term, project };
}

/** `role:content` per message, tool calls as `tool_calls`; the runs' notes (the date, the git state) left out. */
export const messagesOf = (body: any): string[] =>
  (body.messages as any[])
    .filter((m) => !isRunNote(m))
    .map((m) => `${m.role}:${typeof m.content === 'string' ? m.content : m.tool_calls ? 'tool_calls' : JSON.stringify(m.content)}`);

/** The tool results a request carries, as text. */
export const toolResults = (request: RecordedRequest): string[] =>
  request.body.messages
    .filter((m: any) => m.role === 'tool')
    .map((m: any) => (typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('')));

/** The last footer line (model · context · tokens · approvals · cwd · session). */
export const footer = (screen: string): string => screen.trimEnd().split('\n').at(-1) ?? '';
