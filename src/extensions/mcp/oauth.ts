// OAuth for remote MCP servers that answer 401 with OAuth metadata: the SDK runs the flow
// (discovery, dynamic client registration, authorization code + PKCE, token refresh); tack supplies
// the provider: where the browser comes back to (a listener on 127.0.0.1, started only when the
// user is sent to sign in), how the user is told the URL, and the store ($TACK_HOME/mcp-auth.json,
// 0600, by server URL).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { AuthStore } from './auth-store.js';

/** How long tack waits for the browser to come back. */
export const SIGN_IN_WAIT_MS = 5 * 60_000;

function freePort(preferred: number | undefined): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => {
      // the stored port is taken: any free one (the client is registered again)
      if (preferred) freePort(undefined).then(resolve);
    });
    probe.listen(preferred ?? 0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

export class TackOAuthProvider implements OAuthClientProvider {
  private port = 0;
  private readonly expectedState = randomBytes(16).toString('hex');
  private listener: Server | undefined;
  private code: Promise<string> | undefined;
  /** the user was sent to sign in: the caller waits for `waitForCode()` */
  signInStarted = false;

  constructor(
    private readonly serverName: string,
    private readonly serverUrl: string,
    private readonly store: AuthStore,
    private readonly notify: (message: string) => void,
  ) {}

  /** Picks the callback port (the one the stored registration names, when free) before the flow reads it. */
  async prepare(): Promise<void> {
    const stored = this.store.get(this.serverUrl).port;
    this.port = await freePort(stored);
    // a registration names its redirect URL: on another port the client registers again
    if (stored && stored !== this.port) this.store.update(this.serverUrl, (r) => ({ ...r, client: undefined, port: undefined }));
  }

  get redirectUrl(): string {
    return `http://127.0.0.1:${this.port}/callback`;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'tack',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.store.get(this.serverUrl).client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.store.update(this.serverUrl, (r) => ({ ...r, client, port: this.port }));
  }

  tokens(): OAuthTokens | undefined {
    return this.store.get(this.serverUrl).tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.store.update(this.serverUrl, (r) => ({ ...r, tokens }));
  }

  saveCodeVerifier(verifier: string): void {
    this.store.update(this.serverUrl, (r) => ({ ...r, verifier }));
  }

  codeVerifier(): string {
    const verifier = this.store.get(this.serverUrl).verifier;
    if (!verifier) throw new Error('no PKCE code verifier was saved for this sign-in');
    return verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    this.store.update(this.serverUrl, (r) => {
      if (scope === 'all') return { port: r.port };
      if (scope === 'client') return { ...r, client: undefined };
      if (scope === 'tokens') return { ...r, tokens: undefined };
      if (scope === 'verifier') return { ...r, verifier: undefined };
      return r;
    });
  }

  /** The SDK's "send the user to the browser": tack listens for the redirect and says where to go. */
  async redirectToAuthorization(url: URL): Promise<void> {
    this.code = this.listen();
    this.signInStarted = true;
    this.notify(`the MCP server ${this.serverName} needs you to sign in: open ${url.href}`);
  }

  private listen(): Promise<string> {
    return new Promise((resolve, reject) => {
      const server = createServer((req, res) => {
        const u = new URL(req.url ?? '/', this.redirectUrl);
        if (u.pathname !== '/callback') {
          res.writeHead(404).end();
          return;
        }
        const code = u.searchParams.get('code');
        const error = u.searchParams.get('error');
        const stateOk = u.searchParams.get('state') === this.expectedState;
        res.writeHead(code && stateOk ? 200 : 400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(code && stateOk ? 'tack: signed in; you can close this tab.\n' : 'tack: the sign-in did not complete.\n');
        if (code && stateOk) resolve(code);
        else reject(new Error(error ? `the sign-in was refused (${error})` : 'the sign-in came back without a valid code'));
        this.close();
      });
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1');
      this.listener = server;
    });
  }

  /** The authorization code from the browser's redirect. */
  async waitForCode(ms = SIGN_IN_WAIT_MS): Promise<string> {
    if (!this.code) throw new Error('no sign-in was started');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`nobody signed in within ${ms / 60_000} minutes`)), ms);
      timer.unref();
    });
    try {
      return await Promise.race([this.code, late]);
    } finally {
      clearTimeout(timer);
      this.close();
    }
  }

  close(): void {
    this.listener?.close();
    this.listener = undefined;
  }
}
