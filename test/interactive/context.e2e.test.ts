// /context in a real terminal at 80x24: system, tools and messages with their token counts, the
// window and what is left before compaction, and how much of the last request came from the cache.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer } from '../support/mock-openai-server.js';
import { makeProject } from '../support/cli.js';
import { APP_READY, stopApps } from './harness.js';
import { hasTmux, Term } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

run('/context in the app', () => {
  it("lists system, tools and messages with the server's token counts, fitting 80x24", async () => {
    const server = await startMockServer({
      tokenize: true,
      turns: [{ text: 'Hello there.', usage: { prompt_tokens: 3000, completion_tokens: 3, cached_tokens: 2400 } }],
    });
    const project = makeProject({ 'AGENTS.md': 'Use tabs.\n' });
    const term = Term.start({ args: ['--base-url', server.url, '-m', 'mock-model'], cwd: project.dir, home: project.home, cols: 80, rows: 24 });
    try {
      await term.waitFor(APP_READY, 15_000, 'the app');
      term.type('say hello');
      term.keys('Enter');
      await term.waitFor('Hello there.', 10_000, 'the answer');
      term.type('/context');
      term.keys('Enter');
      const screen = await term.waitFor("Counted by the server's tokeniser", 10_000, 'the report');
      for (const label of ['System', 'system prompt', 'project instructions', 'Tools', 'built-in tools', 'Messages', 'messages'])
        expect(screen).toContain(label);
      expect(screen).toMatch(/^ {2}built-in tools +[\d.]+k? +█*░+/m);
      expect(screen).toMatch(/^Context: [\d.]+k? of 128k tokens \(\d+%\)$/m);
      expect(screen).toMatch(/left before compaction, which starts at 112k/);
      expect(screen).toContain("Last request: 3.0k tokens, 2.4k of them (80%) from the server's prompt cache");
      for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    } finally {
      term.kill();
      await server.close();
    }
  });
});
