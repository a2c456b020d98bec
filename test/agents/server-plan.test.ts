// Where children run, from what the server says of its slots: a pure plan.
import { describe, expect, it } from 'vitest';
import { CHILD_TOKENS, childPlan, childrenAtOnce, isLocalServer } from '../../src/session/agents/server-plan.js';

describe('the server plan', () => {
  it('no slots reported: fresh children, the setting decides how many at once, no slot named', () => {
    expect(childPlan(undefined, 4)).toEqual({ kind: 'free', parallel: 4 });
    expect(childrenAtOnce(childPlan(undefined, 4), 100_000)).toBe(4);
  });

  it('one slot: forks on slot 0, one at a time', () => {
    const plan = childPlan({ slots: 1, nCtx: 32768 }, 4);
    expect(plan).toEqual({ kind: 'fork', parentSlot: 0 });
    expect(childrenAtOnce(plan, 1000)).toBe(1);
  });

  it('N slots: the parent on the last, children on the others, as many at once as the KV budget holds beside the parent', () => {
    const plan = childPlan({ slots: 4, nCtx: 65536 }, 4);
    expect(plan).toMatchObject({ kind: 'pinned', parentSlot: 3, childSlots: [0, 1, 2], parallel: 3 });
    expect(childrenAtOnce(plan, 15_000)).toBe(3);
    expect(childrenAtOnce(plan, 65536 - 2 * CHILD_TOKENS)).toBe(2);
    // never none: a child waits for its turn, not for room
    expect(childrenAtOnce(plan, 70_000)).toBe(1);
    expect(childrenAtOnce(childPlan({ slots: 8 }, 2), 0)).toBe(2);
  });

  it('only a server on this machine or the local network is asked', () => {
    for (const url of ['http://127.0.0.1:8080/v1', 'http://localhost:8080', 'http://[::1]:8080/v1', 'http://192.168.1.20:8080/v1', 'http://10.0.0.5/v1'])
      expect(isLocalServer(url)).toBe(true);
    for (const url of ['https://api.openai.com/v1', 'https://openrouter.ai/api/v1', 'not a url', 'http://8.8.8.8/v1']) expect(isLocalServer(url)).toBe(false);
  });
});
