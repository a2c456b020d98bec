// The user's setup in a real terminal: the `/` menu lists custom commands and skills with where they
// come from (a clash with a built-in is shown once, as the built-in that wins), a command expands into
// the request, /skills and /hooks say what is active and from which file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

function put(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function setup() {
  const project = makeProject({
    '.claude/commands/review.md': '---\ndescription: Review a file for bugs\nargument-hint: <file>\n---\nReview $ARGUMENTS carefully.',
    '.agents/skills/pdf-forms/SKILL.md': '---\nname: pdf-forms\ndescription: Fill in PDF forms\n---\nsteps',
  });
  put(project.home, {
    'commands/help.md': 'my own help',
    'commands/review.md': 'the user review, beaten by the project one',
    'config.json': JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'prettier --write' }] }] } }),
  });
  return project;
}

run('commands, skills and hooks in the app', () => {
  it('the / menu shows them with their source; a command expands into the request', async () => {
    const { term, server } = await startApp([{ text: 'reviewed it' }], { project: setup(), args: ['--trust'] });
    term.type('/re');
    let screen = await term.waitFor('/review <file>', 10_000, 'the menu');
    expect(screen).toContain('Review a file for bugs · .claude/commands; over $TACK_HOME/commands');
    term.keys('C-u');
    term.type('/he');
    screen = await term.waitFor('built-in; over $TACK_HOME/commands', 10_000, 'the clash');
    expect(screen.match(/\/help/g)).toHaveLength(1);
    term.keys('C-u');
    term.type('/skill:');
    await term.waitFor('Fill in PDF forms · .agents/skills', 10_000, 'the skill');
    term.keys('C-u');
    term.type('/review src/a.ts');
    term.keys('Escape');
    term.keys('Enter');
    await term.waitFor('reviewed it', 10_000, 'the answer');
    const user = server.chatRequests()[0]!.body.messages.findLast((m: any) => m.role === 'user');
    expect(user.content).toBe('Review src/a.ts carefully.');
  });

  it("a command's model answers its turn; the next message goes to the model before it", async () => {
    const project = makeProject();
    put(project.home, { 'commands/quick.md': '---\ndescription: A quick look\nmodel: mock-model\n---\nHave a quick look at $ARGUMENTS.' });
    const { term, server } = await startApp([{ text: 'quick answer' }, { text: 'big answer' }], { project, model: 'big-model' });
    term.type('/quick a.ts');
    term.keys('Escape');
    term.keys('Enter');
    // once the run is over (no spinner): a message sent before that would join the command's run
    await term.waitFor((screen) => screen.includes('quick answer') && !screen.includes('Esc to interrupt'), 10_000, 'the command');
    term.type('now in depth');
    term.keys('Enter');
    await term.waitFor('big answer', 10_000, 'the next message');
    expect(server.chatRequests().map((q) => q.body.model)).toEqual(['mock-model', 'big-model']);
  });

  it('/skills and /hooks list what is active and from which file', async () => {
    const project = setup();
    const { term } = await startApp([], { project, args: ['--trust'] });
    term.type('/skills');
    term.keys('Enter');
    let screen = await term.waitFor('Skills (1)', 10_000, '/skills');
    expect(screen).toContain('pdf-forms  .agents/skills');
    term.type('/hooks');
    term.keys('Enter');
    screen = await term.waitFor('Hooks (1)', 10_000, '/hooks');
    expect(screen).toContain('PostToolUse (Edit|Write)  prettier --write');
    expect(screen).toContain(`from ${join(project.home, 'config.json')} · timeout 60 s`);
  });

  it('a PreToolUse hook answering "ask" puts the question even in yolo mode, with its reason; yes runs the call', async () => {
    const project = makeProject();
    const ask = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'it writes to the release folder' } };
    put(project.home, {
      'config.json': JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `echo '${JSON.stringify(ask)}'` }] }] } }),
    });
    const { term } = await startApp([{ toolCalls: [{ name: 'bash', arguments: { command: 'touch asked-by-hook' } }] }, { text: 'made it' }], {
      project,
      args: ['--yolo'],
    });
    term.type('make the file');
    term.keys('Enter');
    const screen = await term.waitFor('A PreToolUse hook asks for your approval: it writes to the release folder', 10_000, 'the question');
    expect(screen).toContain('$ touch asked-by-hook');
    expect(screen).not.toContain('Always allow');
    expect(existsSync(join(project.dir, 'asked-by-hook'))).toBe(false);
    term.type('y');
    await term.waitFor('made it', 10_000, 'the answer');
    expect(existsSync(join(project.dir, 'asked-by-hook'))).toBe(true);
  });

  it('Notification hooks hear of a question (permission_prompt) and of the app waiting for input (idle_prompt), each by its matcher', async () => {
    const project = makeProject();
    const asked = join(project.home, '..', 'asked.jsonl');
    const idle = join(project.home, '..', 'idle.jsonl');
    const log = (file: string) => [{ type: 'command', command: `cat >> "${file}"; echo >> "${file}"` }];
    const hooks = {
      Notification: [
        { matcher: 'permission_prompt', hooks: log(asked) },
        { matcher: 'idle_prompt', hooks: log(idle) },
      ],
    };
    put(project.home, { 'config.json': JSON.stringify({ hooks }) });
    const { term } = await startApp([{ toolCalls: [{ name: 'bash', arguments: { command: 'touch asked-about' } }] }, { text: 'all done' }], { project });
    const events = (file: string) =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [];
    term.type('make the file');
    term.keys('Enter');
    await term.waitFor('touch asked-about', 10_000, 'the question');
    await expect.poll(() => events(asked).length, { timeout: 10_000 }).toBe(1);
    expect(events(asked)[0]).toMatchObject({
      hook_event_name: 'Notification',
      notification_type: 'permission_prompt',
      message: 'tack needs your permission: Run touch asked-about',
    });
    expect(events(idle)).toEqual([]);
    term.type('y');
    await term.waitFor('all done', 10_000, 'the answer');
    await expect.poll(() => events(idle).length, { timeout: 10_000 }).toBe(1);
    expect(events(idle)[0]).toMatchObject({ hook_event_name: 'Notification', notification_type: 'idle_prompt', message: 'tack is waiting for your input' });
    expect(events(asked)).toHaveLength(1);
  });
});
