import { describe, expect, it } from 'vitest';
import { RunGuard } from '../../src/agent/run-guard.js';

describe('run guard', () => {
  it('sets no request ceiling by default: length is not a loop', () => {
    const guard = new RunGuard({});
    for (let i = 0; i < 10_000; i++) {
      guard.requested();
      guard.turnEnded(1, 0, undefined);
    }
    expect(guard.stopSentence()).toBeUndefined();
  });

  it('stops at a configured ceiling, and after 5 turns whose calls all failed before running', () => {
    const capped = new RunGuard({ maxRequests: 3 });
    for (let i = 0; i < 3; i++) capped.requested();
    expect(capped.stopSentence()).toContain('the limit (maxRequests 3)');
    const stuck = new RunGuard({});
    for (let i = 0; i < 5; i++) stuck.turnEnded(2, 2, 'unknown tool nope');
    expect(stuck.stopSentence()).toContain('failed without running in 5 turns in a row');
  });
});
