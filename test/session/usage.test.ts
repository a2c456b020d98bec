// What a session has spent: the footer's tokens and cost, /session's figures. Kept by the Session
// (not by the screen), summed over its model calls, a resumed session's earlier ones included.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import { createSession } from '../../src/session/create-session.js';
import type { Session } from '../../src/session/session.js';
import { addUsage, noUsage } from '../../src/session/usage.js';
import { promptAndWait } from '../support/session-ops.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

describe('usage totals', () => {
  it('sum tokens, keep the latest call input and answer as the context fill (the answer is in the next request), and stay unknown once a price is unknown', () => {
    const t = noUsage();
    addUsage(t, { input: 1000, output: 50, cacheRead: 200, totalTokens: 1050, cost: { input: 0.01, output: 0.002, cacheRead: 0, total: 0.012 } });
    addUsage(t, { input: 0, output: 5, cacheRead: 0, totalTokens: 5, cost: { input: 0, output: 0.001, cacheRead: 0, total: 0.001 } });
    expect(t).toMatchObject({ input: 1000, output: 55, cacheRead: 200, context: 1050 });
    expect(t.cost).toBeCloseTo(0.013);
    addUsage(t, { input: 1500, output: 10, cacheRead: 0, totalTokens: 1510, cost: null });
    expect(t).toMatchObject({ input: 2500, context: 1510, cost: null });
    addUsage(t, { input: 10, output: 1, cacheRead: 0, totalTokens: 11, cost: { input: 0, output: 0, cacheRead: 0, total: 0 } });
    expect(t.cost).toBeNull();
  });

  it('a Session counts its calls; continued later, the earlier calls are in the figures; /new starts from zero', async () => {
    const server: MockServer = await startMockServer({
      turns: [
        { text: 'one', usage: { prompt_tokens: 1000, completion_tokens: 50 } },
        { text: 'two', usage: { prompt_tokens: 1200, completion_tokens: 20 } },
      ],
    });
    cleanup.push(() => server.close());
    const base = mkdtempSync(join(tmpdir(), 'tack-usage-'));
    const cwd = join(base, 'project');
    mkdirSync(cwd);
    const config = resolveConfig({ baseUrl: server.url, model: 'm', cwd }, { TACK_HOME: join(base, 'home') });
    const open = async (resumeFile?: string): Promise<Session> => {
      const s = await createSession({ config, resumeFile, safety: { interactive: false }, note: () => {} });
      cleanup.push(() => s.close());
      return s;
    };
    const first = await open();
    await promptAndWait(first, 'hi');
    expect(first.view().usage).toMatchObject({ input: 1000, output: 50, context: 1050, calls: 1 });
    first.close();

    const again = await open(first.view().file!);
    expect(again.view().usage).toMatchObject({ input: 1000, output: 50, context: 1050, calls: 0 });
    await promptAndWait(again, 'more');
    expect(again.view().usage).toMatchObject({ input: 2200, output: 70, context: 1220, calls: 1 });
    await again.submit({ type: 'new' });
    expect(again.view().usage).toMatchObject({ input: 0, output: 0, context: 0, calls: 0 });
  });

  it('an uncounted first answer is estimated with the system prompt and tools; a request that failed counts nothing', async () => {
    const server: MockServer = await startMockServer({ turns: [{ text: 'counted by nobody', usageIn: 'none' }, { status: 400 }] });
    cleanup.push(() => server.close());
    const base = mkdtempSync(join(tmpdir(), 'tack-usage-'));
    const cwd = join(base, 'project');
    mkdirSync(cwd);
    const config = resolveConfig({ baseUrl: server.url, model: 'm', cwd }, { TACK_HOME: join(base, 'home') });
    const s = await createSession({ config, safety: { interactive: false }, note: () => {} });
    cleanup.push(() => s.close());
    await promptAndWait(s, 'hi');
    const fixed = Math.ceil((s.view().state.systemPrompt.length + JSON.stringify(s.view().tools.map((t) => [t.name, t.description, t.parameters])).length) / 4);
    expect(s.view().usage.estimated).toBe(true);
    // not "~1" for the word "hi": the request carried the system prompt and the tools
    expect(s.view().usage.input).toBeGreaterThanOrEqual(fixed);
    const before = { ...s.view().usage };
    await promptAndWait(s, 'again');
    expect(s.view().state.messages.at(-1)).toMatchObject({ role: 'assistant', stopReason: 'error' });
    expect(s.view().usage.input).toBe(before.input);
    expect(s.view().usage.output).toBe(before.output);
  });
});
