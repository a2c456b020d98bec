// What children spend is the session's spending, counted once: print mode's result, the app's footer
// (live, and after -c), and --max-budget-usd all include a child's and a grandchild's answers, as the
// scripted server reported them. Prices are $100 per million tokens each way: 10,000 tokens cost $1.
import { afterEach, describe, expect, it } from 'vitest';
import { projectWithSettings, runTack } from '../support/cli.js';
import { footer, startApp, stopApps } from '../interactive/harness.js';
import { hasTmux } from '../interactive/tmux.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
afterEach(stopApps);

const task = (id: string, prompt: string) => ({ id, name: 'task', arguments: { description: 'look around', prompt, agent: 'general' } });
const spends = (prompt: number, completion: number) => ({ usage: { prompt_tokens: prompt, completion_tokens: completion } });
const priced = (settings: object = {}) => projectWithSettings({ models: { m: { prices: { input: 100, output: 100 } } }, ...settings });

/** The parent hands a job to a child, which hands one to a grandchild (agents.depth 1): five answers. */
const NESTED = [
  { toolCalls: [task('call_c', 'child job')], ...spends(1_000, 100) },
  { toolCalls: [task('call_g', 'grandchild job')], ...spends(2_000, 200) },
  { text: 'grandchild report', ...spends(3_000, 300) },
  { text: 'child report', ...spends(4_000, 400) },
  { text: 'all done', ...spends(5_000, 500) },
];

describe("children's spending", { timeout: 90_000 }, () => {
  it("print mode's json result counts every answer once, the children's and the grandchild's included; -c's footer shows the same totals", async () => {
    const s = await server(NESTED);
    const project = priced({ agents: { depth: 1 } });
    const r = await runTack(['-p', '--output-format', 'json', '--base-url', s.url, '-m', 'm', 'go'], { cwd: project.dir, home: project.home });
    expect(r.code).toBe(0);
    expect(s.chatRequests()).toHaveLength(5);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ result: 'all done', usage: { input_tokens: 15_000, output_tokens: 1_500 }, total_cost_usd: 1.65 });

    if (!hasTmux()) return;
    // read back from the session file: not the parent's answers alone ($0.66), not the children twice
    const { term } = await startApp([], { project, model: 'm', args: ['-c'] });
    const screen = await term.waitFor('$1.65', 10_000, 'the totals in the footer');
    expect(footer(screen)).toContain('↑15k ↓1.5k · $1.65');
  });

  (hasTmux() ? it : it.skip)("the app's footer counts a child's answer while the child still works", async () => {
    const { term } = await startApp(
      [
        { toolCalls: [task('call_c', 'child job')], ...spends(1_000, 0) },
        { toolCalls: [{ id: 'l1', name: 'ls', arguments: {} }], ...spends(2_000, 0) },
        { hang: true },
      ],
      {
        project: priced(),
        model: 'm',
      },
    );
    term.type('go');
    term.keys('Enter');
    // the child waits for its second answer: $0.10 of the parent's, $0.20 of the child's first
    const screen = await term.waitFor('$0.30', 10_000, "the child's spending in the footer");
    expect(footer(screen)).toContain('↑3.0k ↓0 · $0.30');
    term.keys('Escape');
  });

  it('--max-budget-usd stops a run whose spending is in a child: exit 5, the cost includes the child, no request after its answer', async () => {
    const s = await server(
      [
        { toolCalls: [task('call_c', 'child job')], ...spends(1_000, 0) },
        { toolCalls: [{ id: 'l1', name: 'ls', arguments: {} }], ...spends(5_000, 0) },
      ],
      { forever: { text: 'never asked' } },
    );
    const { dir, home } = priced();
    const r = await runTack(['-p', '--output-format', 'json', '--max-budget-usd', '0.5', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({ is_error: true, stop_reason: 'max_budget', total_cost_usd: 0.6 });
    expect(r.stderr).toBe('tack: stopped at $0.6000, over --max-budget-usd 0.5; the task may be unfinished\n');
    expect(s.chatRequests()).toHaveLength(2);
  });
});
