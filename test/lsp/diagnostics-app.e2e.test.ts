// The app shows what the model was told of an edit's errors, under the edit: here, that the
// language server stopped (a server that exits at once, on PATH).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { startApp, stopApps } from '../interactive/harness.js';
import { hasTmux } from '../interactive/tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

run('the app', () => {
  it("shows a language server's note under the edit it came with", { timeout: 60_000 }, async () => {
    const project = makeProject({ 'a.py': 'x = 1\n' });
    writeFileSync(join(project.home, 'config.json'), '{}');
    // beside the project, outside it: seen by the sandbox, not part of the workspace
    const bin = join(dirname(project.home), 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'pyright-langserver'), '#!/usr/bin/env node\nprocess.exit(3);\n', { mode: 0o755 });
    const edit = { toolCalls: [{ id: 'e1', name: 'edit', arguments: { path: 'a.py', old_text: 'x = 1', new_text: 'x = 2' } }] };
    const { term } = await startApp([edit, { text: 'Changed it.' }], {
      project,
      args: ['--approval', 'auto-edit'],
      env: { PATH: `${bin}:${process.env.PATH}` },
      cols: 100,
    });
    term.type('change x');
    term.keys('Enter');
    const screen = await term.waitFor('Changed it.', 20_000, 'the end of the run');
    const lines = screen.split('\n');
    const header = lines.findIndex((l) => l.includes('edit a.py'));
    expect(header).toBeGreaterThanOrEqual(0);
    const below = lines.slice(header + 1).join('\n');
    expect(below).toContain('pyright-langserver stopped (exited with code 3); no diagnostics from it for the rest of this');
  });
});
