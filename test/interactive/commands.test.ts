// The slash commands are one list: each entry its name, arguments, description and what it does; the
// `/` menu, /help and the reading of a typed line all take their commands from it, in its order.
import { describe, expect, it } from 'vitest';
import { COMMANDS, findCommand, parseCommand } from '../../src/modes/interactive/commands/index.js';
import { helpLines } from '../../src/modes/interactive/commands/info.js';
import { completionItems } from '../../src/modes/interactive/complete/completion.js';
import { stripAnsi } from '../../src/text/escapes.js';

const usage = (c: { name: string; args?: string }) => `/${c.name}${c.args ? ` ${c.args}` : ''}`;

describe('the slash commands', () => {
  it('each has one entry, with a name of its own and something to run', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of COMMANDS) {
      expect(typeof c.run).toBe('function');
      expect(findCommand(c.name)).toBe(c);
      expect(parseCommand(`/${c.name.toUpperCase()} x`)).toEqual({ name: c.name, args: 'x' });
    }
  });

  it('the menu and /help show the same commands in the same order', () => {
    const menu = completionItems({ kind: 'command', query: '', from: 0 }, null, { commands: { builtIn: COMMANDS, others: [] } }).map((i) => i.label);
    expect(menu).toEqual(COMMANDS.map(usage));
    const help = helpLines(COMMANDS, 200).map(stripAnsi);
    const listed = help.slice(help.indexOf('Commands') + 1).map((l) => l.trim().split(/\s{2,}/)[0]);
    expect(listed).toEqual(COMMANDS.map(usage));
  });
});
