// Plan mode in a real terminal: /plan, --approval plan and Shift+Tab enter it; the footer and the
// input's border show it; the plan is shown rendered, and each of the three answers does what it
// says (go ahead in auto-edit, go ahead in ask, keep planning with a note); Ctrl+G edits the plan.
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { footer, startApp, stopApps, toolResults } from '../interactive/harness.js';
import { hasTmux } from '../interactive/tmux.js';
import { call, FILES, PLAN } from './support.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const rename = call('edit', { path: 'src/a.ts', old_text: 'greet', new_text: 'hello' });

run('plan mode in the app', () => {
  it('/plan with a task: a write is refused, the plan is shown, Ctrl+G edits it, "a" goes ahead in auto-edit', async () => {
    const project = makeProject(FILES);
    const editor = join(project.home, '..', 'editor.sh');
    writeFileSync(editor, `#!/bin/sh\nprintf '# Edited plan\\n\\n1. Rename in src/a.ts only.\\n' > "$1"\n`);
    chmodSync(editor, 0o755);
    const { term, server } = await startApp(
      [call('write', { path: 'new.txt', content: 'x' }), call('exit_plan_mode', { plan: PLAN }), rename, { text: 'renamed it' }],
      { project, env: { EDITOR: editor, VISUAL: '' } },
    );
    term.type('/plan rename greet');
    term.keys('Enter');
    let screen = await term.waitFor('? The plan', 15_000, 'the plan question');
    expect(footer(screen)).toContain('approvals: plan');
    expect(screen).toContain('plan mode: read-only until you approve a plan');
    // rendered: the heading without its #, the list, and the three choices
    expect(screen).toMatch(/1\. Rename .?greet.? to .?hello/);
    expect(screen).not.toContain('# Plan');
    expect(screen).toContain('Yes, go ahead and accept edits (auto-edit) (a)');
    expect(screen).toContain('Yes, go ahead and ask before each edit (ask) (y)');
    expect(screen).toContain('No, keep planning');
    expect(toolResults(server.chatRequests()[1]!)[0]).toContain('plan mode: write changes files');
    term.keys('C-g');
    screen = await term.waitFor('Rename in src/a.ts only.', 10_000, 'the edited plan');
    term.type('a');
    await term.waitFor('renamed it', 15_000, 'the run to finish');
    expect(footer(term.screen())).toContain('approvals: auto-edit');
    const requests = server.chatRequests();
    expect(toolResults(requests[2]!).at(-1)).toContain('The user approved the plan; the approval mode is now auto-edit');
    expect(toolResults(requests[2]!).at(-1)).toContain('Rename in src/a.ts only.');
    // auto-edit: the edit ran without a question
    expect(readFileSync(join(project.dir, 'src/a.ts'), 'utf8')).toContain('hello');
    const [saved] = readdirSync(join(project.home, 'plans'));
    expect(readFileSync(join(project.home, 'plans', saved!), 'utf8')).toBe('# Edited plan\n\n1. Rename in src/a.ts only.\n');
    expect(term.history()).toContain('? The plan · go ahead in auto-edit');
    // the call's line names the plan by its first line; the plan itself is printed once, with the answer
    expect(term.history()).toContain('plan Plan (4 lines)');
    expect(term.history()).toContain('Rename in src/a.ts only.');
  });

  it('--approval plan, then "y": the work goes ahead in ask, so the edit asks', async () => {
    const { term, server, project } = await startApp([call('exit_plan_mode', { plan: PLAN }), rename, { text: 'done' }], {
      files: FILES,
      args: ['--approval', 'plan'],
    });
    expect(footer(term.screen())).toContain('approvals: plan');
    term.type('rename greet');
    term.keys('Enter');
    await term.waitFor('? The plan', 15_000, 'the plan question');
    term.type('y');
    await term.waitFor('? Edit src/a.ts', 15_000, 'the edit to ask');
    expect(footer(term.screen())).toContain('approvals: ask');
    expect(toolResults(server.chatRequests()[1]!).at(-1)).toContain('the approval mode is now ask');
    term.type('y');
    await term.waitFor('done', 15_000);
    expect(readFileSync(join(project.dir, 'src/a.ts'), 'utf8')).toContain('hello');
  });

  it('Shift+Tab into plan mode, then "n" with a note: the model gets the note and stays in plan mode', async () => {
    const { term, server, project } = await startApp([call('exit_plan_mode', { plan: PLAN }), rename, { text: 'revising' }], { files: FILES });
    for (const mode of ['auto-edit', 'yolo', 'plan']) {
      term.keys('BTab');
      await term.waitFor((s) => footer(s).includes(`approvals: ${mode}`), 5_000, `the footer to show ${mode}`);
    }
    expect(term.screen()).toContain('plan mode: read-only until you approve a plan');
    term.type('rename greet');
    term.keys('Enter');
    await term.waitFor('? The plan', 15_000, 'the plan question');
    term.type('n');
    await term.waitFor('what to change?', 5_000);
    term.type('rename b too');
    term.keys('Enter');
    await term.waitFor('revising', 15_000);
    expect(footer(term.screen())).toContain('approvals: plan');
    const requests = server.chatRequests();
    expect(toolResults(requests[1]!).at(-1)).toBe(
      'The user wants to keep planning: rename b too. Still in plan mode: revise the plan and present it again with exit_plan_mode.',
    );
    // still planning: the edit that followed was refused
    expect(toolResults(requests[2]!).at(-1)).toContain('plan mode: edit changes files');
    expect(readFileSync(join(project.dir, 'src/a.ts'), 'utf8')).toBe(FILES['src/a.ts']);
  });

  it('a plan edited with Ctrl+G, then "keep planning": the model gets the edited plan with the note; the next plan question counts its own wait', async () => {
    const project = makeProject(FILES);
    const editor = join(project.home, '..', 'editor.sh');
    writeFileSync(editor, `#!/bin/sh\nprintf '# My plan\\n\\n1. Rename in src/a.ts, keep the old name as an alias.\\n' > "$1"\n`);
    chmodSync(editor, 0o755);
    const second = '# Plan 2\n\n1. Rename in src/a.ts, keep the old name as an alias.\n2. Run the tests.\n';
    const { term, server } = await startApp([call('exit_plan_mode', { plan: PLAN }), call('exit_plan_mode', { plan: second }), { text: 'stopped' }], {
      project,
      args: ['--approval', 'plan'],
      env: { EDITOR: editor, VISUAL: '' },
    });
    term.type('rename greet');
    term.keys('Enter');
    await term.waitFor('? The plan', 15_000, 'the plan question');
    term.keys('C-g');
    await term.waitFor('keep the old name as an alias', 10_000, 'the edited plan');
    // the question has waited a while before it is answered
    await term.waitFor(/waiting for your answer \([4-9]s/, 15_000, 'four seconds of waiting');
    term.type('n');
    await term.waitFor('what to change?', 5_000, 'the note field');
    term.type('also run the linter');
    term.keys('Enter');
    const screen = await term.waitFor('Plan 2', 15_000, 'the second plan question');
    // its wait is its own, not the run's
    expect(screen).toMatch(/waiting for your answer \([0-3]s/);
    const told = toolResults(server.chatRequests()[1]!).at(-1)!;
    expect(told).toContain('The user wants to keep planning: also run the linter');
    expect(told).toContain('The user edited your plan; revise their version, not yours');
    expect(told).toContain('1. Rename in src/a.ts, keep the old name as an alias.');
    term.keys('Escape');
    await term.waitFor('stopped', 15_000, 'the run to end');
  });
});
