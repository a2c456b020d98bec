// $TACK_HOME/mcp-auth.json: what OAuth sign-ins to remote MCP servers left behind, by server URL
// (the registered client, the tokens, a PKCE verifier, the callback port). Mode 0600, written whole
// beside the file and renamed, never logged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { writeBesideSync } from '../../../tools/fs/atomic-write.js';

export interface AuthRecord {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  verifier?: string;
  port?: number;
}

interface AuthFile {
  servers: Record<string, AuthRecord>;
}

export function authFile(home: string): string {
  return join(home, 'mcp-auth.json');
}

export class AuthStore {
  constructor(readonly path: string) {}

  private read(): AuthFile {
    try {
      const value = JSON.parse(readFileSync(this.path, 'utf8')) as AuthFile;
      return value && typeof value.servers === 'object' && value.servers !== null ? value : { servers: {} };
    } catch {
      return { servers: {} };
    }
  }

  get(url: string): AuthRecord {
    return this.read().servers[url] ?? {};
  }

  update(url: string, change: (record: AuthRecord) => AuthRecord): void {
    const data = this.read();
    data.servers[url] = change(data.servers[url] ?? {});
    writeBesideSync(this.path, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600, dirMode: 0o700 });
  }
}
