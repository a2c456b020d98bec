// The Session's one protocol, read from the code: its public face is submit, subscribe, view and
// close, and no mode or CLI file reaches past it to what runs the Session.
import { describe, expect, it } from 'vitest';
import { Session } from '../../src/session/session.js';
import { type ImportGraph, repoImportGraph } from './import-graph.js';

/** What drives a Session: only src/session reaches it. */
const INSIDE = new Set([
  'src/session/session-core.ts',
  'src/session/run-chain.ts',
  'src/session/ops.ts',
  'src/session/questions.ts',
  'src/session/quiet.ts',
  'src/session/input/submit.ts',
]);

const isModeOrCli = (file: string) => file.startsWith('src/modes/') || file.startsWith('src/cli/') || file === 'src/cli.ts';

/** `file imports target` for each import of a mode or CLI file that lands inside the Session. */
function reachesInside(graph: ImportGraph): string[] {
  return [...graph].flatMap(([file, targets]) => (isModeOrCli(file) ? targets.filter((t) => INSIDE.has(t)).map((t) => `${file} imports ${t}`) : []));
}

describe('the Session protocol', () => {
  it('the public face is submit, subscribe, view and close', () => {
    const members = Object.getOwnPropertyNames(Session.prototype).filter((name) => name !== 'constructor');
    expect(members.sort()).toEqual(['close', 'submit', 'subscribe', 'view']);
  });

  it('no file of src/modes or src/cli imports what runs the Session', () => {
    expect(reachesInside(repoImportGraph().graph)).toEqual([]);
  });

  it('a mode that did would be named', () => {
    const planted: ImportGraph = new Map([['src/modes/planted.ts', ['src/session/session.ts', 'src/session/session-core.ts']]]);
    expect(reachesInside(planted)).toEqual(['src/modes/planted.ts imports src/session/session-core.ts']);
  });
});
