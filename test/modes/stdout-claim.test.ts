// ACP mode: only protocol messages reach stdout; a stray write is logged instead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimStdout } from '../../src/modes/acp/stdout-claim.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('claimStdout', () => {
  it('sends a stray write to the log, the protocol writer to stdout', async () => {
    const real = vi.spyOn(process.stdout, 'write').mockImplementation((_chunk: any, ...rest: any[]) => {
      rest.find((r) => typeof r === 'function')?.();
      return true;
    });
    const logged: string[] = [];
    const claim = claimStdout((text) => logged.push(text));
    try {
      process.stdout.write('warning: something\n');
      await new Promise<void>((resolve) => claim.protocol.write('{"jsonrpc":"2.0"}\n', () => resolve()));
    } finally {
      claim.release();
    }
    expect(real.mock.calls.map((c) => String(c[0]))).toEqual(['{"jsonrpc":"2.0"}\n']);
    expect(logged).toEqual(['(stdout) warning: something']);
  });
});
