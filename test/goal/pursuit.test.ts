// The pursuit's rules with a scripted check: what ends it, what the model is sent, what is compared.
import { describe, expect, it } from 'vitest';
import type { GoalStatus } from '../../src/goal/goal.js';
import { type CheckRun, GoalPursuit } from '../../src/goal/pursuit.js';
import { asksUser, failureKey, outputTail, parseGoalArgs } from '../../src/goal/words.js';

function pursuit(runs: CheckRun[], fingerprints: string[] = []) {
  const events: (GoalStatus | undefined)[] = [];
  let f = 0;
  const p = new GoalPursuit({
    run: async () => runs.shift() ?? { exitCode: 0, timedOut: false, output: '' },
    fingerprint: async () => fingerprints[f++] ?? `fp${f}`,
    changed: (g) => events.push(g),
  });
  return { p, events };
}
const fail = (output = 'FAIL', exitCode: number | null = 1): CheckRun => ({ exitCode, timedOut: false, output });
const answer = (text: string) => [{ role: 'assistant', content: [{ type: 'text', text }], stopReason: 'stop' }] as any;

describe('a goal pursued', () => {
  it('a failure sends the model back with the command and the output; a pass ends it', async () => {
    const { p } = pursuit([fail('expected 5, got -1')]);
    p.set({ command: 'npm test', tries: 3 });
    const back = await p.afterRun(answer('Done.'), 'done');
    expect(back).toContain("The goal's check `npm test` exited with 1 (failed check 1 of at most 3)");
    expect(back).toContain('expected 5, got -1');
    expect(await p.afterRun(answer('Done now.'), 'done')).toBeUndefined();
    expect(p.current).toMatchObject({ passed: true, checks: 2, lastExit: 0, end: 'passed', endLine: 'goal met: `npm test` exited with 0 (check 2)' });
  });

  it('stops after the tries', async () => {
    const { p } = pursuit([fail('a'), fail('b')]);
    p.set({ command: 'make', tries: 2 });
    expect(await p.afterRun(answer('x'), 'done')).toBeDefined();
    expect(await p.afterRun(answer('y'), 'done')).toBeUndefined();
    expect(p.current?.end).toBe('tries');
  });

  it('the same failure with the workspace as the last check left it is a stall; a changed workspace is not', async () => {
    // fingerprints: after check 1, before check 2 (changed), after check 2, before check 3 (unchanged)
    const { p } = pursuit([fail('same 12ms'), fail('same 15ms'), fail('same 9ms')], ['A', 'B', 'C', 'C']);
    p.set({ command: 't', tries: 9 });
    expect(await p.afterRun(answer('1'), 'done')).toBeDefined();
    expect(await p.afterRun(answer('2'), 'done')).toBeDefined();
    expect(await p.afterRun(answer('3'), 'done')).toBeUndefined();
    expect(p.current?.end).toBe('stuck');
  });

  it('a question to the user ends it; a run that ended otherwise (error, interrupt, a tool result) is not checked', async () => {
    const { p } = pursuit([fail(), fail()]);
    p.set({ command: 't' });
    expect(await p.afterRun(answer('Which one did you mean?'), 'done')).toBeUndefined();
    expect(p.current?.end).toBe('asked');
    p.newRound();
    expect(await p.afterRun(answer('x'), 'aborted')).toBeUndefined();
    expect(await p.afterRun(answer('x'), 'error')).toBeUndefined();
    expect(await p.afterRun([{ role: 'toolResult' }] as any, 'done')).toBeUndefined();
    expect(p.current?.checks).toBe(1);
  });

  it('a check that cannot run ends it with the reason', async () => {
    const p = new GoalPursuit({
      run: async () => {
        throw new Error('denied by the rule bash(node *)');
      },
      fingerprint: async () => '',
      changed: () => {},
    });
    p.set({ command: 'node t.js' });
    expect(await p.check()).toBeUndefined();
    expect(p.current).toMatchObject({ end: 'error', endLine: 'goal not met: `node t.js` could not run: denied by the rule bash(node *)' });
  });

  it('a goal met is done with at the next message; one stopped gets a new round', async () => {
    const { p } = pursuit([]);
    p.set({ command: 't' });
    await p.check();
    p.newRound();
    expect(p.current).toBeUndefined();
    const again = pursuit([fail(), fail()]).p;
    again.set({ command: 't', tries: 1 });
    await again.check();
    expect(again.current?.end).toBe('tries');
    again.newRound();
    expect(again.current).toMatchObject({ failed: 0, end: undefined });
  });

  it('refuses an empty command, a line break, and tries below 1, in one sentence', () => {
    const { p } = pursuit([]);
    expect(() => p.set({ command: '  ' })).toThrow('a goal needs a command to check, e.g. npm test');
    expect(() => p.set({ command: 'true\nrm -rf ~' })).toThrow(/line break/);
    expect(() => p.set({ command: 'true', tries: 0 })).toThrow(/at least 1/);
  });
});

describe('the words of a goal', () => {
  it('the output the model gets is bounded: its last 2,000 characters, from a line start', () => {
    const long = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n');
    const tail = outputTail(long);
    expect(tail.length).toBeLessThanOrEqual(2100);
    expect(tail).toMatch(/^\[… \d+ characters before\]\nline \d+/);
    expect(tail.endsWith('line 499')).toBe(true);
  });

  it('durations and temp paths do not make two runs of one failure differ; the failure itself does', () => {
    expect(failureKey(1, 'FAIL in 12ms at 10:01:02 /tmp/abc123/x')).toBe(failureKey(1, 'FAIL in 340ms at 11:22:33 /tmp/zzz/x'));
    expect(failureKey(1, 'expected 5, got -1')).not.toBe(failureKey(1, 'expected 5, got 6'));
    expect(failureKey(1, 'x')).not.toBe(failureKey(2, 'x'));
  });

  it('an answer asks the user when its last line ends with a question mark', () => {
    expect(asksUser('I looked.\nShould I also update the docs?')).toBe(true);
    expect(asksUser('Why did it fail? Because of the sign. Fixed.')).toBe(false);
    expect(asksUser('**Which do you prefer?**')).toBe(true);
  });

  it('/goal alone shows, clear or off clears, anything else is the command', () => {
    expect(parseGoalArgs('')).toEqual({ op: 'show' });
    expect(parseGoalArgs(' OFF ')).toEqual({ op: 'clear' });
    expect(parseGoalArgs('clear')).toEqual({ op: 'clear' });
    expect(parseGoalArgs('npm test -- --grep login')).toEqual({ op: 'set', command: 'npm test -- --grep login' });
  });
});
