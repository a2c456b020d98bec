// The tool list of the next run keeps the order it had and takes new tools at its end: a model
// server reuses its prompt cache only for an identical prefix, and the tools sit near its start. Pure.
import { describe, expect, it } from 'vitest';
import type { AnyAgentTool } from '../../src/agent/types.js';
import { nextToolList } from '../../src/session/run-tools.js';

const tool = (name: string, version = 1) => ({ name, version }) as unknown as AnyAgentTool;
const names = (tools: AnyAgentTool[]) => tools.map((t) => t.name);

describe('the tool list of the next run', () => {
  it('keeps the order it had, takes each tool as it is now, and puts new ones at the end', () => {
    const offered = [tool('read'), tool('mcp__b__x'), tool('mcp__b__y')];
    const next = nextToolList(offered, [tool('read'), tool('mcp__a__z'), tool('mcp__b__x', 2), tool('mcp__b__y')]);
    expect(names(next)).toEqual(['read', 'mcp__b__x', 'mcp__b__y', 'mcp__a__z']);
    expect((next[1] as unknown as { version: number }).version).toBe(2);
  });

  it('drops a tool no longer there', () => {
    expect(names(nextToolList([tool('read'), tool('mcp__b__x')], [tool('read')]))).toEqual(['read']);
  });
});
