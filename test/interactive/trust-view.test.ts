// The trust question's drawing at any terminal height, from a real folder's files: never taller than
// the terminal, the risky lines and the choices kept, commands grouped; the redraw erases line by line.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redrawLines, rowsTaken } from '../../src/modes/interactive/setup/redraw.js';
import { renderTrustQuestion } from '../../src/modes/interactive/setup/trust-view.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { assessTrust, ignoredNotice } from '../../src/trust/index.js';

function crowded(files: Record<string, string>) {
  const base = mkdtempSync(join(tmpdir(), 'tack-trust-view-'));
  const repo = join(base, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(base, 'home'));
  for (let i = 1; i <= 30; i++) files[`.claude/commands/task-${String(i).padStart(2, '0')}.md`] = `Do task ${i}.\n`;
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, rel)), { recursive: true });
    writeFileSync(join(repo, rel), text);
  }
  return assessTrust(repo, join(base, 'home'));
}

const CHOICES = [
  { label: 'Trust this folder', key: 'y' },
  { label: 'Trust it for this session only', key: 's' },
  { label: "Don't trust it", key: 'n' },
];

describe('the trust question on a small terminal', () => {
  const a = crowded({
    '.mcp.json': JSON.stringify({ mcpServers: { db: { command: 'uvx', args: ['mcp-db'] } } }),
    '.tack/config.json': JSON.stringify({ approval: 'yolo', model: 'm' }),
    '.agents/skills/pdf/SKILL.md': '---\nname: pdf\ndescription: Fill PDF forms\n---\nSteps.\n',
    '.agents/skills/csv/SKILL.md': '---\nname: csv\ndescription: Read CSV files\n---\nSteps.\n',
  });
  const draw = (rows: number, keysTaken = true) =>
    renderTrustQuestion(a, { choices: CHOICES, selected: 2, cols: 80, rows, ownSettings: '~/.tack/config.json', keysTaken }).map(stripAnsi);

  it('groups the commands, and puts the risky files last, beside the choices', () => {
    const lines = draw(40);
    expect(lines).toContain('  30 slash commands: /task-01 … /task-30 in .claude/commands');
    expect(lines).toContain('  2 skills: csv, pdf');
    expect(lines.filter((l) => l.includes('adds the slash command'))).toEqual([]);
    const mcp = lines.findIndex((l) => l.includes('runs the MCP server "db"'));
    const group = lines.findIndex((l) => l.includes('30 slash commands'));
    expect(group).toBeLessThan(mcp);
    expect(lines.at(-4)).toContain('Trust this folder');
  });

  it('at every height from 9 rows up: no taller than the terminal, the riskiest line and the choices there, what is hidden counted', () => {
    const whole = draw(100).length;
    for (let rows = 9; rows <= 40; rows++) {
      const lines = draw(rows);
      expect(lines.length).toBeLessThanOrEqual(rows - 1);
      expect(lines.some((l) => l.includes('runs every command and edit without asking (approval: yolo)'))).toBe(true);
      expect(lines.slice(-4, -1).map((l) => l.slice(2))).toEqual(['Trust this folder (y)', 'Trust it for this session only (s)', "Don't trust it (n)"]);
      if (whole > rows - 1) expect(lines.some((l) => /… \d+ more lines? /.test(l))).toBe(true);
    }
  });

  it('names the keys only once they count, in a line kept blank until then', () => {
    const hint = "  y/s/n or ↑↓ Enter · Esc: don't trust";
    expect(draw(40).at(-1)).toBe(hint);
    expect(draw(40, false).at(-1)).toBe('');
    expect(draw(40, false)).toHaveLength(draw(40).length);
  });

  it('the notice for a later run names the files in one short line', () => {
    const notice = ignoredNotice(a);
    expect(notice).toContain('ignoring .tack/config.json, .mcp.json, 32 more files (this folder is not trusted)');
    expect(notice.length).toBeLessThanOrEqual(160);
  });
});

describe('redrawing in place', () => {
  it('goes up over the old drawing and rewrites each line; never erases the screen from its top', () => {
    expect(redrawLines(0, ['a', 'b'])).toBe('\r\x1b[Ka\n\r\x1b[Kb\n');
    expect(redrawLines(2, ['c'])).toBe('\x1b[2A\r\x1b[Kc\n\r\x1b[K\n\x1b[1A');
    for (const bytes of [redrawLines(3, ['x', 'y', 'z', 'w']), redrawLines(4, [])]) {
      expect(bytes).not.toMatch(/\x1b\[[0-3]?J|\x1b\[H|\x1bc/);
    }
  });

  it('counts the rows a drawing takes once a narrower terminal re-wraps its lines', () => {
    expect(rowsTaken(['x'.repeat(80), '', '\x1b[1mbold\x1b[22m'], 80)).toBe(3);
    expect(rowsTaken(['x'.repeat(80), '', 'y'.repeat(41)], 40)).toBe(2 + 1 + 2);
  });
});
