// One language server for the session, spoken to over JSON-RPC (vscode-jsonrpc, loaded when the
// first server starts): the documents tack opened in it, and their errors for one version of the
// text, asked for the way the server answers best. Pull (`textDocument/diagnostic`) where the server
// offers it; typescript-language-server's tsserver requests, which answer for the text as it is now;
// else the server's own `publishDiagnostics` for that version.
import { pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { Launched } from './launch.js';
import { fromLsp, fromTsserver, type LspDiagnostic, type Problem, type TsDiagnostic } from './problems.js';

/** After a publish that carries no version, later ones this close behind it still belong to the same check. */
const SETTLE_MS = 150;
/** How long a polite shutdown may take at the session's end before the server is killed. */
const SHUTDOWN_MS = 1000;
const TSSERVER_REQUEST = 'typescript.tsserverRequest';

interface Published {
  version?: number;
  diagnostics: LspDiagnostic[];
  /** the order publishes came in, over all documents */
  seq: number;
}

/** Why a server is gone, for the note: "exited with code 1", "no answer to initialize in 30 s". */
export class ServerStopped extends Error {}

export class LanguageServer {
  private connection: MessageConnection | undefined;
  private capabilities: Record<string, unknown> = {};
  private pullRegistered = false;
  private readonly published = new Map<string, Published>();
  private seq = 0;
  private readonly versions = new Map<string, number>();
  /** woken by a publish, a registration or the end */
  private wakers: (() => void)[] = [];
  /** why it stopped (undefined while it runs, '' when tack closed it) */
  stopped: string | undefined;
  readonly ready: Promise<void>;

  constructor(
    readonly name: string,
    private readonly launched: Launched,
    root: string,
    private readonly hangMs: number,
    private readonly onStop: (why: string) => void,
  ) {
    const { child } = launched;
    child.on('error', (error) => this.fail(`could not start (${error.message})`));
    child.on('exit', (code, signal) => this.fail(signal ? `was ended by ${signal}` : `exited with code ${code}`));
    this.ready = this.start(root);
    this.ready.catch(() => {});
  }

  private async start(root: string): Promise<void> {
    const rpc = await import('vscode-jsonrpc/node');
    if (this.stopped !== undefined) throw new ServerStopped(this.stopped);
    const { child } = this.launched;
    const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
    this.connection = connection;
    connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; version?: number; diagnostics: LspDiagnostic[] }) => {
      this.published.set(params.uri, { version: params.version, diagnostics: params.diagnostics, seq: ++this.seq });
      this.wake();
    });
    connection.onRequest((method: string, params: unknown) => this.answer(method, params, root));
    connection.onError(() => {});
    connection.listen();
    const rootUri = pathToFileURL(root).href;
    const result = await this.request<{ capabilities?: Record<string, unknown> }>('initialize', {
      // none: inside the sandbox's pid namespace tack's pid names nothing, and a server that watches
      // it would exit at once (the reaper and bwrap end servers with tack instead)
      processId: null,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'workspace' }],
      capabilities: {
        textDocument: {
          synchronization: { didSave: false },
          publishDiagnostics: { versionSupport: true },
          diagnostic: { dynamicRegistration: true },
        },
        workspace: { configuration: true, workspaceFolders: true },
      },
    });
    this.capabilities = result?.capabilities ?? {};
    await connection.sendNotification('initialized', {});
  }

  /** What the server asks of its client: its settings (none), its folder, registrations (pull diagnostics). */
  private answer(method: string, params: unknown, root: string): unknown {
    if (method === 'workspace/configuration') return ((params as { items?: unknown[] })?.items ?? []).map(() => null);
    if (method === 'workspace/workspaceFolders') return [{ uri: pathToFileURL(root).href, name: 'workspace' }];
    if (method === 'client/registerCapability') {
      const registrations = (params as { registrations?: { method?: string }[] })?.registrations ?? [];
      if (registrations.some((r) => r.method === 'textDocument/diagnostic')) this.pullRegistered = true;
      this.wake();
    }
    return null;
  }

  /** Opens the document with `text`, or sends the new text of an open one; the version it now is. */
  send(uri: string, languageId: string, text: string): number {
    const connection = this.connection;
    if (!connection || this.stopped !== undefined) throw new ServerStopped(this.stopped ?? 'not started');
    const previous = this.versions.get(uri);
    const version = (previous ?? 0) + 1;
    this.versions.set(uri, version);
    if (previous === undefined) void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
    else void connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    return version;
  }

  /** The seq of the last publish so far: a check after a change waits for a later one (servers that send no version). */
  get lastSeq(): number {
    return this.seq;
  }

  /** The errors of the document at `version` (sent after publish number `since`). Rejects with ServerStopped. */
  async errors(uri: string, version: number, since: number): Promise<Problem[]> {
    await this.ready;
    for (;;) {
      if (this.stopped !== undefined) throw new ServerStopped(this.stopped);
      if (this.capabilities.diagnosticProvider || this.pullRegistered) {
        const report = await this.request<{ items?: LspDiagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
        return fromLsp(report?.items ?? []);
      }
      if (this.offersTsserver()) return this.tsserverErrors(uri);
      const got = this.published.get(uri);
      if (got && (got.version === undefined ? got.seq > since : got.version >= version)) {
        if (got.version !== undefined) return fromLsp(got.diagnostics);
        await this.settled(uri, got.seq);
        return fromLsp(this.published.get(uri)!.diagnostics);
      }
      await new Promise<void>((resolve) => this.wakers.push(resolve));
    }
  }

  private offersTsserver(): boolean {
    const commands = (this.capabilities.executeCommandProvider as { commands?: string[] } | undefined)?.commands;
    return commands?.includes(TSSERVER_REQUEST) === true;
  }

  /** tsserver's syntactic and semantic errors of the file as it is now, asked for directly. */
  private async tsserverErrors(uri: string): Promise<Problem[]> {
    const ask = (command: string) =>
      this.request<{ body?: TsDiagnostic[] } | undefined>('workspace/executeCommand', { command: TSSERVER_REQUEST, arguments: [command, { file: uri }] });
    const [syntactic, semantic] = await Promise.all([ask('syntacticDiagnosticsSync'), ask('semanticDiagnosticsSync')]);
    return fromTsserver([...(syntactic?.body ?? []), ...(semantic?.body ?? [])]);
  }

  /** Waits until no publish of `uri` has come for SETTLE_MS (a server that publishes in stages). */
  private async settled(uri: string, seq: number): Promise<void> {
    for (let last = seq; ; ) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const now = this.published.get(uri)?.seq ?? last;
      if (now === last) return;
      last = now;
    }
  }

  /** A request that does not come back within hangMs stops the server: it hangs. Rejects with ServerStopped once it is gone. */
  private request<T>(method: string, params: unknown): Promise<T> {
    const connection = this.connection;
    if (!connection || this.stopped !== undefined) return Promise.reject(new ServerStopped(this.stopped ?? 'not started'));
    const timer = setTimeout(() => this.fail(`no answer to ${method} in ${Math.round(this.hangMs / 1000)} s`), this.hangMs);
    timer.unref();
    // the connection's end rejects what still waits for an answer
    return Promise.resolve()
      .then(() => connection.sendRequest<T>(method, params))
      .catch((error: unknown) => {
        throw this.stopped !== undefined ? new ServerStopped(this.stopped) : error;
      })
      .finally(() => clearTimeout(timer));
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }

  /** The server stopped on its own, or hung: named once (onStop), and ended. */
  private fail(why: string): void {
    if (this.stopped !== undefined) return;
    this.stopped = why;
    this.onStop(why);
    this.end();
  }

  private end(): Promise<void> {
    this.wake();
    this.connection?.dispose();
    return this.launched.kill();
  }

  /** The session is over: a polite shutdown, bounded, then the process ends either way. */
  async close(): Promise<void> {
    if (this.stopped !== undefined) return this.launched.kill();
    this.stopped = '';
    const connection = this.connection;
    if (connection) {
      const bye = connection
        .sendRequest('shutdown')
        .then(() => connection.sendNotification('exit'))
        .catch(() => {});
      await Promise.race([bye, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_MS).unref())]);
    }
    await this.end();
  }
}
