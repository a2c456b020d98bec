// The first-run setup screen at any terminal height: never taller than the terminal, the fields,
// their hint and the keys always there; what tack looked for is shortened first.
import { describe, expect, it } from 'vitest';
import { emptyEditor } from '../../src/modes/interactive/editor/editor.js';
import { renderSetup, type SetupState } from '../../src/modes/interactive/setup/setup-view.js';
import { stripAnsi } from '../../src/text/escapes.js';

const probed = ['Ollama', 'LM Studio', 'llama.cpp', 'vLLM'].map((label, i) => ({ label, baseUrl: `http://127.0.0.1:${8000 + i}/v1` }));

describe('the setup screen on a small terminal', () => {
  it('at every height from 8 rows up: no taller than the terminal, the fields and the keys there', () => {
    const state: SetupState = { fields: [emptyEditor, emptyEditor], focus: 0, status: { kind: 'error', text: 'cannot reach the server' }, keysTaken: true };
    const draw = (rows: number) => renderSetup(state, { probed, configPath: '/home/u/.tack/config.json', cols: 80, rows }).map(stripAnsi);
    const whole = draw(100).length;
    for (let rows = 8; rows <= 30; rows++) {
      const lines = draw(rows);
      expect(lines.length).toBeLessThanOrEqual(rows - 1);
      expect(lines.join('\n')).toContain('› Base URL');
      expect(lines.join('\n')).toContain('Key variable');
      expect(lines.join('\n')).toContain('✗ cannot reach the server');
      expect(lines.at(-1)).toContain('Esc: quit');
      if (rows - 1 >= whole) expect(lines.join('\n')).toContain('LM Studio');
      else if (lines.length > 6) expect(lines[1]).toContain('Looked for 4 local servers, none answered; saved in /home/u/.tack/config.json');
    }
  });

  it('names its keys only once they count, in lines kept blank until then', () => {
    const draw = (keysTaken: boolean) =>
      renderSetup({ fields: [emptyEditor, emptyEditor], focus: 0, keysTaken }, { probed, configPath: '/c.json', cols: 80, rows: 30 }).map(stripAnsi);
    expect(draw(true).at(-1)).toBe('  Enter: next field, then check and save · Tab/↑↓: switch field · Esc: quit');
    expect(draw(false).at(-1)).toBe('');
    expect(draw(false)).toHaveLength(draw(true).length);
  });
});
