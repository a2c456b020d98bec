import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/config/errors.js';
import { resolveConfig } from '../../src/config/resolve.js';
import { renderContextFiles } from '../../src/session/prompt/context-files.js';
import { composePrompt } from '../../src/modes/stdin.js';

function layout(global?: object, project?: object) {
  const base = mkdtempSync(join(tmpdir(), 'tack-config-'));
  const home = join(base, 'home');
  const repo = join(base, 'repo');
  const cwd = join(repo, 'pkg', 'src');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  if (global) writeFileSync(join(home, 'config.json'), JSON.stringify(global));
  if (project) {
    mkdirSync(join(repo, '.tack'));
    writeFileSync(join(repo, '.tack', 'config.json'), JSON.stringify(project));
  }
  return { home, repo, cwd, env: { TACK_HOME: home } as NodeJS.ProcessEnv };
}

const trusted = { trust: 'trusted' } as const;

function problem(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).exitCode).toBe(2);
    return (err as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('settings precedence', () => {
  it('flags > environment > project file > global file > defaults', () => {
    const { cwd, env } = layout({ model: 'global-model', baseUrl: 'http://global/v1', maxTurns: 5, tools: ['read'] }, { model: 'project-model', maxTurns: 7 });
    let c = resolveConfig({ cwd }, env, trusted);
    expect(c.model).toBe('project-model');
    expect(c.baseUrl).toBe('http://global/v1');
    expect(c.maxTurns).toBe(7);
    expect(c.tools).toEqual(['read']);
    c = resolveConfig({ cwd }, { ...env, TACK_MODEL: 'env-model', OPENAI_BASE_URL: 'http://env/v1/' }, trusted);
    expect(c.model).toBe('env-model');
    expect(c.baseUrl).toBe('http://env/v1');
    c = resolveConfig({ cwd, model: 'flag-model', baseUrl: 'http://flag/v1', maxTurns: 2, tools: 'grep,ls' }, { ...env, TACK_MODEL: 'env-model' }, trusted);
    expect(c.model).toBe('flag-model');
    expect(c.baseUrl).toBe('http://flag/v1');
    expect(c.maxTurns).toBe(2);
    expect(c.tools).toEqual(['grep', 'ls']);
  });

  it('a trusted project cannot point a key at a server the user did not name for it', () => {
    const key = { OPENAI_API_KEY: 'sk-test', OPENROUTER_API_KEY: 'or-test' };
    const refusedWith = (global: object | undefined, project: object, flags: object = {}) => {
      const { cwd, env } = layout(global, project);
      return problem(() => resolveConfig({ cwd, ...flags }, { ...env, ...key }, trusted));
    };
    expect(refusedWith(undefined, { providers: { openai: { baseUrl: 'http://evil.test/v1' } } })).toContain(
      'would send your OPENAI_API_KEY to http://evil.test/v1',
    );
    expect(refusedWith(undefined, { provider: 'openrouter', providers: { openrouter: { apiKeyEnv: 'OPENAI_API_KEY' } } })).toContain(
      'would send your OPENAI_API_KEY to https://openrouter.ai/api/v1',
    );
    expect(refusedWith(undefined, { baseUrl: 'http://evil.test/v1' }, { apiKey: 'typed' })).toContain(
      'would send the key given with --api-key to http://evil.test/v1',
    );
    const fine = (global: object | undefined, project: object) => {
      const { cwd, env } = layout(global, project);
      return resolveConfig({ cwd }, { ...env, ...key }, trusted);
    };
    expect(fine(undefined, { provider: 'openrouter', model: 'x/y' }).apiKey).toBe('or-test');
    expect(fine({ baseUrl: 'http://mine.test/v1' }, { apiKeyEnv: 'OPENAI_API_KEY' }).apiKey).toBe('sk-test');
    // a project base URL without a key variable gets no key at all
    expect(fine(undefined, { baseUrl: 'http://evil.test/v1', model: 'm' }).apiKey).toBeUndefined();
  });

  it("an untrusted folder's settings file is not even read; the user's own still applies", () => {
    const { cwd, env } = layout({ model: 'global-model' }, { model: 'project-model', retry: { maxAttempts: 'not even valid' } });
    const c = resolveConfig({ cwd, apiKey: 'k' }, env);
    expect(c.model).toBe('global-model');
    expect(c.files).toHaveLength(1);
    expect(c.trust).toBe('ignored');
  });

  it('reads the key from the variable apiKeyEnv names, and never needs one for a custom server', () => {
    const { cwd, env } = layout({ baseUrl: 'http://local/v1', apiKeyEnv: 'MY_SERVER_KEY' });
    expect(resolveConfig({ cwd }, { ...env, MY_SERVER_KEY: 'k1' }).apiKey).toBe('k1');
    expect(resolveConfig({ cwd }, env).apiKey).toBeUndefined();
  });

  it('uses a named provider from the settings', () => {
    const { cwd, env } = layout({ provider: 'box', providers: { box: { baseUrl: 'http://box:8000/v1', models: ['qwen'] } } });
    const c = resolveConfig({ cwd }, env);
    expect(c.baseUrl).toBe('http://box:8000/v1');
    expect(c.providerModels).toEqual(['qwen']);
    expect(problem(() => resolveConfig({ cwd, provider: 'nope' }, env))).toContain('unknown provider "nope"');
  });

  it('asks for a key or a server when there is neither', () => {
    const { cwd, env } = layout();
    const text = problem(() => resolveConfig({ cwd }, env));
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toContain('OPENAI_API_KEY');
  });

  it('names the file, the key and what was expected', () => {
    const { cwd, env, repo } = layout(undefined, { retry: { maxAttempts: 'x' } });
    const text = problem(() => resolveConfig({ cwd, apiKey: 'k' }, env, trusted));
    expect(text).toContain(join(repo, '.tack', 'config.json'));
    expect(text).toContain('retry.maxAttempts');
    expect(text).toContain('"x"');
    const nested = layout({ providers: { a: { baseUrl: 'u', colour: 1 } } });
    expect(problem(() => resolveConfig({ cwd: nested.cwd, apiKey: 'k' }, nested.env))).toContain('unknown key "providers.a.colour"');
  });

  it('rejects an unknown tool name', () => {
    const { cwd, env } = layout();
    expect(problem(() => resolveConfig({ cwd, apiKey: 'k', tools: 'read,telepathy' }, env))).toContain('unknown tool "telepathy"');
  });
});

describe('context files and prompts', () => {
  it('cuts context files at the limit and says so', () => {
    const text = renderContextFiles(
      [
        { path: '/a/AGENTS.md', text: 'a'.repeat(60) },
        { path: '/b/AGENTS.md', text: 'b'.repeat(60) },
        { path: '/c/AGENTS.md', text: 'c' },
      ],
      100,
    );
    expect(text).toContain('a'.repeat(60));
    expect(text).toContain('b'.repeat(40));
    expect(text).not.toContain('b'.repeat(41));
    expect(text).toContain('context files cut');
    expect(text).toContain('/c/AGENTS.md not included');
  });

  it('composes prompt and piped text', () => {
    expect(composePrompt('fix', { text: 'log', bytes: 3, truncated: false, limit: 1048576 })).toBe('fix\n\n<stdin>\nlog\n</stdin>');
    expect(composePrompt(undefined, { text: 'do it\n', bytes: 6, truncated: false, limit: 1048576 })).toBe('do it');
    expect(composePrompt(undefined, { text: '  \n', bytes: 3, truncated: false, limit: 1048576 })).toBeUndefined();
    expect(composePrompt(undefined, undefined)).toBeUndefined();
  });
});
