// Small things a newcomer sees at once (issue 20): retries counted as people count them, /session
// readable in a narrow terminal, /copy saying only what it knows.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { footer, startApp, stopApps } from './harness.js';
import { hasTmux, inputBox } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

run('everyday screens', () => {
  it('a 429 shows "retry 1 of 3" while it waits, then the answer', async () => {
    const { term } = await startApp([{ status: 429, headers: { 'retry-after': '2' } }, { text: 'answered after the wait' }]);
    term.type('hello');
    term.keys('Enter');
    const waiting = await term.waitFor('retrying in', 10_000, 'the retry notice');
    expect(waiting).toMatch(/rate limited \(429\); retrying in \ds \(retry 1 of 3\)/);
    await term.waitFor('answered after the wait', 15_000);
  });

  it('text streamed before a dropped connection stays, dimmed and marked, until the retry answers; then one dim line says so', async () => {
    const { term } = await startApp([
      { drop: true, afterText: 'Partial words before the drop' },
      { text: 'The whole answer after the retry.', delayMs: 30, chunkSize: 4 },
    ]);
    term.type('hello');
    term.keys('Enter');
    const cut = await term.waitFor('cut off, retrying', 10_000, 'the cut-off mark');
    expect(cut).toContain('Partial words before the drop');
    expect(cut).not.toContain('the answer above was cut off');
    const done = await term.waitFor('The whole answer after the retry.', 15_000);
    expect(done).not.toContain('cut off, retrying');
    expect(done).toContain('an earlier answer was cut off after 29 characters (Ctrl+O shows it)');
    expect(term.history()).not.toContain('Partial words before the drop');
    term.keys('C-o');
    await term.waitFor('Partial words before the drop', 10_000, 'the cut text, on Ctrl+O');
  });

  it('when no retry answers, the cut text stays in the scrollback above the error', async () => {
    const project = makeProject();
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ retry: { maxAttempts: 2 } }));
    const { term } = await startApp(
      [
        { drop: true, afterText: 'First try words' },
        { drop: true, afterText: 'Second try words' },
      ],
      { project },
    );
    term.type('hello');
    term.keys('Enter');
    const screen = await term.waitFor(/gave up after 2 attempts/, 15_000, 'the error');
    expect(screen).toContain('Second try words');
    expect(screen).not.toContain('cut off, retrying');
    expect(screen.indexOf('cut off')).toBeLessThan(screen.indexOf('Second try words'));
    expect(screen.indexOf('Second try words')).toBeLessThan(screen.indexOf('gave up after 2 attempts'));
  });

  it('tokens are estimated while an answer streams, and an interrupted answer keeps its estimate', async () => {
    const answer = `${'streamed words '.repeat(60)}END`;
    const { term } = await startApp([{ text: answer, delayMs: 40, chunkSize: 8 }]);
    term.type('explain');
    term.keys('Enter');
    const streaming = await term.waitFor((x) => /↓~[1-9]/.test(footer(x)), 10_000, 'an estimate in the footer');
    // the request is estimated with its system prompt and tools: thousands of tokens, not "~1"
    expect(footer(streaming)).toMatch(/↑~[1-9][\d.]*k ↓~[1-9]/);
    term.keys('Escape');
    const after = await term.waitFor('interrupted', 10_000);
    expect(footer(after)).toMatch(/↑~[1-9][\d.]*k ↓~[1-9]/);
  });

  it('tack -c with no earlier session opens a new one and says so', async () => {
    const { term, server } = await startApp([{ text: 'fresh answer' }], { args: ['-c'] });
    expect(term.screen().replace(/\s+/g, ' ')).toMatch(/no earlier session in \S+ to continue: this is a new one/);
    term.type('hi');
    term.keys('Enter');
    await term.waitFor('fresh answer');
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('on exit, says how to come back to a saved conversation', async () => {
    const { term } = await startApp([{ text: 'an answer worth keeping' }]);
    term.type('hi');
    term.keys('Enter');
    await term.waitFor('an answer worth keeping');
    term.type('/quit');
    term.keys('Enter');
    const screen = await term.waitFor('EXIT:0', 10_000, 'the exit');
    expect(screen).toMatch(/tack -c continues this conversation \(or tack -r [0-9a-f]{8}\)\nEXIT:0/);
  });

  it('/compact compacts a short conversation too, when asked', async () => {
    const { term, server } = await startApp([{ text: 'a short answer' }, { text: '## Goal\n- say hello (SHORT-SUMMARY)' }, { text: 'after it' }]);
    term.type('hello');
    term.keys('Enter');
    await term.waitFor('a short answer');
    term.type('/compact');
    term.keys('Enter');
    const screen = await term.waitFor('compacted the conversation', 10_000, 'the marker');
    expect(screen).not.toContain('nothing to compact');
    term.type('go on');
    term.keys('Enter');
    await term.waitFor('after it');
    expect(JSON.stringify(server.chatRequests()[2]!.body.messages)).toContain('SHORT-SUMMARY');
  });

  it('/compact typed while the run is only finishing (a slow Stop hook) waits for it instead of refusing', async () => {
    const project = makeProject();
    const stop = { Stop: [{ hooks: [{ type: 'command', command: 'sleep 1.5' }] }] };
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ hooks: stop }));
    const { term } = await startApp([{ text: 'a short answer' }, { text: '## Goal\n- say hello (SHORT-SUMMARY)' }], { project });
    term.type('hello');
    term.keys('Enter');
    await term.waitFor((screen) => screen.includes('a short answer') && screen.includes('Esc to interrupt'), 10_000, 'the answer, the run still going');
    term.type('/compact');
    term.keys('Enter');
    const screen = await term.waitFor('compacted the conversation', 10_000, 'the marker');
    expect(screen).not.toContain('needs a quiet moment');
  });

  it('/session aligns its labels, counts "1 model call", and breaks the file path at a slash', async () => {
    const { term } = await startApp([{ text: 'one answer' }], { cols: 80 });
    term.type('hi');
    term.keys('Enter');
    await term.waitFor('one answer');
    term.type('/session');
    term.keys('Enter');
    const screen = await term.waitFor('model call', 10_000, '/session');
    const lines = screen.split('\n');
    const labels = ['session', 'file', 'model', 'messages', 'tokens', 'cost'].map((l) => lines.find((x) => x.startsWith(`${l} `)));
    expect(labels.every((l) => l !== undefined)).toBe(true);
    // every value starts in one column
    const columns = labels.map((l) => l!.search(/(?<=^\S+\s+)\S/));
    expect(new Set(columns).size).toBe(1);
    expect(screen).toMatch(/· 1 model call\b/);
    // the path's lines end at a slash (the last one ends with the file name)
    const at = lines.findIndex((l) => l.startsWith('file '));
    const pathLines = [
      lines[at]!.slice(columns[0]),
      ...lines
        .slice(
          at + 1,
          lines.findIndex((l) => l.startsWith('model ')),
        )
        .map((l) => l.trim()),
    ];
    expect(pathLines.length).toBeGreaterThan(1);
    expect(pathLines.slice(0, -1).every((l) => l.endsWith('/'))).toBe(true);
    expect(pathLines.at(-1)).toMatch(/\.jsonl$/);
  });

  it('/copy says the answer went to the terminal, and what tmux needs for it to arrive', async () => {
    const { term } = await startApp([{ text: 'copy me' }], { env: { TMUX: '/tmp/fake,1,0' } });
    term.type('hi');
    term.keys('Enter');
    await term.waitFor('copy me');
    term.type('/copy');
    term.keys('Enter');
    const screen = await term.waitFor('OSC 52', 10_000, 'the /copy notice');
    expect(screen.replace(/\s+/g, ' ')).toContain(
      'sent the last answer (7 characters) to the clipboard through the terminal (OSC 52); inside tmux it arrives only with `set -g set-clipboard on`',
    );
    expect(screen).not.toMatch(/\bcopied\b/);
  });
});

run('the footer and the end of a turn', () => {
  it('names the git branch, not the model and path again; shows "? for keys" until something is said', async () => {
    const project = makeProject();
    execFileSync('git', ['init', '-q', '-b', 'trunk-42'], { cwd: project.dir });
    const { term } = await startApp([{ text: 'an answer', usage: { prompt_tokens: 4100, completion_tokens: 312 } }], { project });
    const first = footer(term.screen());
    expect(first).toContain('git:trunk-42');
    expect(first).toMatch(/\? for keys$/);
    expect(first).not.toContain('mock-model');
    expect(first).not.toContain(project.dir);
    term.type('?');
    await term.waitFor('Keys and commands', 5_000, 'the keys and commands');
    expect(term.screen()).toContain('Alt+Enter');
    // typing closes the panel and goes on into the input
    term.type('hello');
    term.keys('Enter');
    const done = await term.waitFor(/done in \d+ s · ↑4\.1k ↓312/, 10_000, 'the end-of-turn line');
    expect(footer(done)).not.toContain('? for keys');
  });
});

run('notifications', () => {
  it('rings when a turn ends while the terminal is unfocused, not while it is focused', async () => {
    const { term, project } = await startApp([{ text: 'first answer' }, { text: 'second answer' }]);
    const log = join(project.home, 'pane.log');
    term.record(log);
    term.type('one');
    term.keys('Enter');
    await term.waitFor('first answer');
    await term.waitFor('done in');
    expect(readFileSync(log, 'latin1')).not.toContain('\x07');
    term.bytes('1b', '5b', '4f'); // the terminal lost focus
    term.type('two');
    term.keys('Enter');
    await term.waitFor('second answer');
    await waitUntil(() => readFileSync(log, 'latin1').includes('\x07'), 'the bell');
  });

  it('"notifications": false keeps it quiet', async () => {
    const project = makeProject();
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ notifications: false }));
    const { term } = await startApp([{ text: 'an answer' }], { project });
    const log = join(project.home, 'pane.log');
    term.record(log);
    term.bytes('1b', '5b', '4f');
    term.type('one');
    term.keys('Enter');
    await term.waitFor(/done in \d+ s/);
    // the bell would ring at the turn's end, before the line that says it is done reaches the log
    await waitUntil(() => readFileSync(log, 'latin1').includes('done in'), 'the end of the turn in the log');
    expect(readFileSync(log, 'latin1')).not.toContain('\x07');
  });
});

async function waitUntil(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

run('!command', () => {
  it('runs in the workspace, shows its output, and puts it into the conversation for the next prompt', async () => {
    const { term, server } = await startApp([{ text: 'I see the output.' }], { files: { 'notes.txt': 'marker-in-file\n' } });
    term.type('!cat notes.txt; echo done-$((40+2))');
    term.keys('Enter');
    const screen = await term.waitFor('its output is in the conversation', 10_000, 'the command to finish');
    expect(screen).toMatch(/✓ bash cat notes\.txt; echo done-\$\(\(40\+2\)\)/);
    expect(screen).toContain('done-42');
    expect(server.chatRequests()).toHaveLength(0);
    term.type('what did it print?');
    term.keys('Enter');
    await term.waitFor('I see the output.');
    const body = JSON.stringify(server.chatRequests()[0]!.body.messages);
    expect(body).toContain('marker-in-file');
    expect(body).toContain('done-42');
    expect(body.indexOf('done-42')).toBeLessThan(body.indexOf('what did it print?'));
  });

  it('a deny rule still holds, and the sandbox keeps writes inside the workspace', async () => {
    const project = makeProject();
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ permissions: { deny: ['bash(curl*)'] } }));
    const { term } = await startApp([], { project });
    term.type('!curl http://127.0.0.1:9/x');
    term.keys('Enter');
    await term.waitFor(/✗ bash curl/, 10_000, 'the refusal');
    const outside = join(project.dir, '..', `escaped-${process.pid}.txt`);
    term.type(`!echo x > ${outside}; echo after-write`);
    term.keys('Enter');
    await term.waitFor(/bash echo x >/, 10_000, 'the command to finish');
    expect(existsSync(outside)).toBe(false);
  });
});

run('Ctrl+G', () => {
  function editorScript(home: string, body: string): string {
    const file = join(home, 'fake-editor.sh');
    writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  }

  it('edits the input in $VISUAL, and what the editor saved is what is sent', async () => {
    const project = makeProject();
    const editor = editorScript(project.home, 'text=$(cat "$1"); printf "%s\\nsecond line from the editor" "$text" > "$1"');
    const { term, server } = await startApp([{ text: 'got it' }], { project, env: { VISUAL: editor } });
    term.type('draft text');
    term.keys('C-g');
    await term.waitFor('second line from the editor', 10_000, 'the edited input');
    term.keys('Enter');
    await term.waitFor('got it');
    expect(JSON.stringify(server.chatRequests()[0]!.body.messages)).toContain('draft text\\nsecond line from the editor');
  });

  it('an editor that fails leaves the input as it was and says why', async () => {
    const project = makeProject();
    const editor = editorScript(project.home, 'echo garbage > "$1"; exit 3');
    const { term } = await startApp([], { project, env: { VISUAL: editor, EDITOR: 'vi' } });
    term.type('keep me');
    term.keys('C-g');
    // the note and the input come back in separate frames: wait for the screen that has both
    const screen = await term.waitFor((s) => s.includes('exited with 3') && inputBox(s).includes('keep me'), 10_000, 'the error, and the input as it was');
    expect(inputBox(screen)).toContain('keep me');
    expect(screen).not.toContain('garbage');
  });
});

run('/export and /init', () => {
  it('/export writes the conversation as Markdown, and never over an existing file', async () => {
    const { term, project } = await startApp([{ text: 'An answer worth *keeping*.' }]);
    term.type('remember this');
    term.keys('Enter');
    await term.waitFor('An answer worth keeping.');
    term.type('/export notes/../chat.md');
    term.keys('Enter');
    await term.waitFor('exported the conversation to', 5_000);
    const md = readFileSync(join(project.dir, 'chat.md'), 'utf8');
    expect(md).toContain('## You\n\nremember this');
    expect(md).toContain('An answer worth *keeping*.');
    term.type('/export chat.md');
    term.keys('Enter');
    await term.waitFor('already exists; give /export another file name', 5_000);
    expect(readFileSync(join(project.dir, 'chat.md'), 'utf8')).toBe(md);
    // with no name, outside the repository: $TACK_HOME/exports/
    term.type('/export');
    term.keys('Enter');
    await term.waitFor(/exported the conversation to \S*exports/, 5_000);
    const [saved] = readdirSync(join(project.home, 'exports'));
    expect(readFileSync(join(project.home, 'exports', saved!), 'utf8')).toContain('## You\n\nremember this');
    expect(readdirSync(project.dir).filter((f) => f.endsWith('.md'))).toEqual(['chat.md']);
  });

  it('/init has the model write AGENTS.md, shown as a change to approve', async () => {
    const { term, server, project } = await startApp(
      [{ toolCalls: [{ name: 'write', arguments: { path: 'AGENTS.md', content: '# Agents\n\nRun `npm test`.\n' } }] }, { text: 'Wrote AGENTS.md.' }],
      { files: { 'package.json': '{"scripts":{"test":"vitest"}}' } },
    );
    term.type('/init');
    term.keys('Enter');
    await term.waitFor('? Create AGENTS.md', 10_000, 'the question');
    expect(existsSync(join(project.dir, 'AGENTS.md'))).toBe(false);
    term.type('y');
    await term.waitFor('Wrote AGENTS.md.');
    expect(readFileSync(join(project.dir, 'AGENTS.md'), 'utf8')).toContain('Run `npm test`.');
    expect(JSON.stringify(server.chatRequests()[0]!.body.messages)).toContain('Write an AGENTS.md for this repository');
  });
});

run('one status line', () => {
  it('a running tool has a still mark; the status line is the one spinner on screen', async () => {
    // the command runs until the test writes to its named pipe
    const { term, project } = await startApp([{ toolCalls: [{ name: 'bash', arguments: { command: 'cat go; echo slept' } }] }, { text: 'after the sleep' }], {
      args: ['--approval', 'yolo'],
    });
    execFileSync('mkfifo', [join(project.dir, 'go')]);
    term.type('wait a bit');
    term.keys('Enter');
    const running = await term.waitFor(/running \(\d+s · Esc to interrupt\)/, 10_000, 'the status line');
    expect(running.match(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/g)).toHaveLength(1);
    // the call is named once, on its own line; the status line does not name it again
    expect(running).toMatch(/○ bash cat go; echo slept/);
    expect(running.split('cat go; echo slept').length - 1).toBe(1);
    await writeFile(join(project.dir, 'go'), 'go\n');
    await term.waitFor('after the sleep');
  });
});
