// What the first-run setup accepts: a base URL, a key variable's NAME (never a key), and a save
// that keeps the rest of the user's file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBaseUrl, checkKeyVariable, looksLikeKey, saveServer } from '../../src/config/server-setup.js';

describe('first-run setup checks', () => {
  it('takes http(s) base URLs without a trailing slash, and refuses secrets and non-URLs in one sentence', () => {
    expect(checkBaseUrl(' http://localhost:8080/v1/ ')).toEqual({ baseUrl: 'http://localhost:8080/v1' });
    expect(checkBaseUrl('https://openrouter.ai/api/v1')).toEqual({ baseUrl: 'https://openrouter.ai/api/v1' });
    expect(checkBaseUrl('sk-proj-abcdefghijklmnopqrstuvwxyz012345')).toEqual({ error: 'that looks like an API key, not a URL; it was not saved' });
    expect(checkBaseUrl('https://me:hunter2@example.com/v1')).toMatchObject({ error: expect.stringContaining('give the key by variable name') });
    expect(checkBaseUrl('localhost:8080')).toMatchObject({ error: expect.stringContaining('http://') });
    expect(checkBaseUrl('')).toMatchObject({ error: expect.stringContaining('type the base URL') });
  });

  it('takes a set variable name; a key pasted instead is named as one and refused', () => {
    const env = { MY_KEY: 'value', OPENROUTER_API_KEY: 'x' };
    expect(checkKeyVariable('', env)).toEqual({});
    expect(checkKeyVariable('MY_KEY', env)).toEqual({ name: 'MY_KEY' });
    expect(checkKeyVariable('UNSET_KEY', env)).toMatchObject({ error: expect.stringContaining('UNSET_KEY is not set in this shell') });
    for (const key of [
      'sk-or-v1-0123456789abcdef0123456789abcdef',
      'gsk_0a1B2c3D4e5F6g7H8i9J0kLmN',
      'AIzaSyD-0123456789abcdefghijklmnopq',
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
    ]) {
      expect(looksLikeKey(key)).toBe(true);
      expect(checkKeyVariable(key, env)).toMatchObject({ error: expect.stringContaining('looks like the key itself') });
    }
    expect(looksLikeKey('OPENROUTER_API_KEY')).toBe(false);
  });

  it('saves the server into the file, keeping what it held; a provider needing another key is dropped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'setup-'));
    try {
      const path = join(dir, 'config.json');
      writeFileSync(path, JSON.stringify({ approval: 'auto-edit', provider: 'openrouter', mcpServers: { x: { command: 'y' } } }));
      saveServer(path, { baseUrl: 'http://127.0.0.1:8080/v1', apiKeyEnv: 'MY_KEY' });
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
        approval: 'auto-edit',
        mcpServers: { x: { command: 'y' } },
        baseUrl: 'http://127.0.0.1:8080/v1',
        apiKeyEnv: 'MY_KEY',
      });
      writeFileSync(path, '{ broken');
      expect(() => saveServer(path, { baseUrl: 'http://x/v1' })).toThrow(/is not valid JSON .*tack will not overwrite it/);
      expect(readFileSync(path, 'utf8')).toBe('{ broken');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
