// Hooks from the command line (Claude Code's format): PreToolUse blocks a call and the model reads
// why, PostToolUse runs a formatter over an edited file, Stop sends the agent back once,
// UserPromptSubmit adds context or refuses; a project's `.claude/settings.json` runs only once trusted.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { spawnJsonChild } from '../support/json-child.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const scripted = scriptedServers();

const lastUser = (body: any): string => body.messages.filter((m: any) => m.role === 'user').at(-1).content;
const systemText = (body: any): string => body.messages.find((m: any) => m.role === 'system' || m.role === 'developer').content;
const hook = (command: string, matcher?: string, timeout?: number) => [
  { ...(matcher ? { matcher } : {}), hooks: [{ type: 'command', command, ...(timeout ? { timeout } : {}) }] },
];

function put(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A project whose user settings ($TACK_HOME/config.json, the user's own) hold these hooks. */
function withHooks(hooks: object, files: Record<string, string> = {}) {
  const p = makeProject(files);
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ hooks }));
  return p;
}

describe('hooks', () => {
  it('PreToolUse exit 2 stops a bash call; the model sees the reason; the hook got the event on stdin', async () => {
    const s = await scripted([{ toolCalls: [{ name: 'bash', arguments: { command: 'touch made-by-bash' } }] }, { text: 'ok' }]);
    const { dir, home } = withHooks({
      PreToolUse: [
        ...hook('cat > "$TACK_PROJECT_DIR/../pre.json"; echo "$CLAUDE_PROJECT_DIR" > "$TACK_PROJECT_DIR/../claude-dir"', 'Bash'),
        ...hook('echo "bash is off limits here" >&2; exit 2', 'Bash'),
        ...hook('echo "never for edits" >&2; exit 2', 'Edit|Write'),
      ],
    });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'make it'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'made-by-bash'))).toBe(false);
    expect(toolResultText(s.chatRequests()[1])).toContain('blocked by a PreToolUse hook: bash is off limits here');
    expect(toolResultText(s.chatRequests()[1])).not.toContain('never for edits');
    const event = JSON.parse(readFileSync(join(dir, '..', 'pre.json'), 'utf8'));
    expect(event).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'touch made-by-bash' }, cwd: dir });
    expect(event.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(join(dir, '..', 'claude-dir'), 'utf8').trim()).toBe(dir);
  });

  it('PreToolUse "permissionDecision": "allow" answers the question the approval mode would ask; a deny rule still holds', async () => {
    const allow = `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } })}'`;
    const turns = [
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch allowed-by-hook' } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch denied-by-rule' } }] },
      { text: 'ok' },
    ];
    const s = await scripted(turns);
    const { dir, home } = makeProject();
    writeFileSync(join(home, 'config.json'), JSON.stringify({ hooks: { PreToolUse: hook(allow, 'Bash') }, permissions: { deny: ['bash(touch denied*)'] } }));
    const r = await runTack(['-p', '--approval', 'ask', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'allowed-by-hook'))).toBe(true);
    expect(existsSync(join(dir, 'denied-by-rule'))).toBe(false);

    const without = await scripted([turns[0]!, { text: 'ok' }]);
    const plain = makeProject();
    await runTack(['-p', '--approval', 'ask', '--base-url', without.url, '-m', 'm', 'go'], { cwd: plain.dir, home: plain.home });
    expect(existsSync(join(plain.dir, 'allowed-by-hook'))).toBe(false);
  });

  it('PreToolUse "ask" with nobody to ask: refused in yolo mode and under an allow rule, and the model reads why; a deny rule still wins', async () => {
    const ask = `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'it touches the release folder' } })}'`;
    const s = await scripted([
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch made-in-yolo' } }] },
      { text: 'ok' },
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch made-by-rule' } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch denied-by-rule' } }] },
      { text: 'ok' },
    ]);
    const { dir, home } = makeProject();
    const permissions = { allow: ['bash(touch made*)'], deny: ['bash(touch denied*)'] };
    writeFileSync(join(home, 'config.json'), JSON.stringify({ hooks: { PreToolUse: hook(ask, 'Bash') }, permissions }));
    expect((await runTack(['-p', '--yolo', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home })).code).toBe(0);
    expect((await runTack(['-p', '--approval', 'ask', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home })).code).toBe(0);
    for (const file of ['made-in-yolo', 'made-by-rule', 'denied-by-rule']) expect(existsSync(join(dir, file))).toBe(false);
    const refused =
      'refused: a PreToolUse hook asks the user to approve this call (it touches the release folder), and nobody is here to answer; nothing was done. Tell the user what you need.';
    const [, yolo, , rule, denied] = s.chatRequests().map((q) => toolResultText(q).split('\n').at(-1));
    expect([yolo, rule]).toEqual([refused, refused]);
    expect(denied).not.toContain('PreToolUse hook');
    expect(denied).toMatch(/deny/);
  });

  it('PreToolUse "ask" with --permission-prompt stdio: the question goes to the program, with the hook\'s reason, even in yolo mode', async () => {
    const ask = `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'a release step' } })}'`;
    const s = await scripted([{ toolCalls: [{ id: 'c1', name: 'bash', arguments: { command: 'touch approved-by-program' } }] }, { text: 'ok' }]);
    const { dir, home } = withHooks({ PreToolUse: hook(ask, 'Bash') });
    const flags = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--permission-prompt', 'stdio', '--yolo'];
    const tack = spawnJsonChild([...flags, '--base-url', s.url, '-m', 'm'], { cwd: dir, home });
    try {
      tack.send({ type: 'user', message: { role: 'user', content: 'make it' } });
      const question = await tack.waitFor((l) => l.type === 'approval_request');
      expect(question).toMatchObject({ tool: 'bash', kind: 'bash', reason: 'A PreToolUse hook asks for your approval: a release step' });
      expect(question.choices.map((c: any) => c.decision)).toEqual(['allow', 'deny']);
      expect(existsSync(join(dir, 'approved-by-program'))).toBe(false);
      tack.send({ type: 'approval_response', id: question.id, decision: 'allow' });
      await tack.waitFor((l) => l.type === 'agent_end');
      tack.end();
      expect(await tack.exited).toBe(0);
      expect(existsSync(join(dir, 'approved-by-program'))).toBe(true);
    } finally {
      if (tack.child.exitCode === null) tack.child.kill('SIGKILL');
    }
  });

  it('PreToolUse: "deny" wins over "ask" and "ask" over "allow" when hooks disagree; a deny reason is what the model reads', async () => {
    const say = (decision: string, why: string) =>
      `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: why } })}'`;
    const s = await scripted([
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch one' } }] },
      { toolCalls: [{ name: 'write', arguments: { path: 'two.txt', content: 'x' } }] },
      { text: 'ok' },
    ]);
    const { dir, home } = withHooks({
      PreToolUse: [
        ...hook(say('allow', 'fine by me'), 'Bash'),
        ...hook(say('ask', 'check this one'), 'Bash'),
        ...hook(say('deny', 'no writes today'), 'Write'),
      ],
    });
    const r = await runTack(['-p', '--yolo', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1])).toContain('a PreToolUse hook asks the user to approve this call (check this one)');
    expect(toolResultText(s.chatRequests()[2]).split('\n').at(-1)).toBe('blocked by a PreToolUse hook: no writes today');
    expect(existsSync(join(dir, 'one'))).toBe(false);
    expect(existsSync(join(dir, 'two.txt'))).toBe(false);
  });

  it('print mode fires no Notification hooks (nobody waits there); an "allow" reason is told on stderr, not to the model', async () => {
    const allow = `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'a read-only check' } })}'`;
    const s = await scripted([{ toolCalls: [{ name: 'bash', arguments: { command: 'touch checked' } }] }, { text: 'ok' }]);
    const { dir, home } = withHooks({ Notification: hook('touch "$TACK_PROJECT_DIR/../notified"'), PreToolUse: hook(allow, 'Bash') });
    const r = await runTack(['-p', '--approval', 'ask', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'checked'))).toBe(true);
    expect(r.stderr).toContain('tack: a PreToolUse hook allowed bash: a read-only check');
    expect(toolResultText(s.chatRequests()[1])).not.toContain('a read-only check');
    expect(existsSync(join(dir, '..', 'notified'))).toBe(false);
  });

  it('PostToolUse after write and after edit runs a formatter over the file', async () => {
    const fmt =
      "const fs=require('fs');let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s).tool_input.file_path;fs.writeFileSync(p,fs.readFileSync(p,'utf8').replace(/[ \\t]+$/gm,''))})";
    const s = await scripted([
      { toolCalls: [{ name: 'write', arguments: { path: 'a.js', content: 'const a = 1;   \nconst b = 2;\t\n' } }] },
      { toolCalls: [{ name: 'edit', arguments: { path: 'a.js', old_text: 'const b = 2;', new_text: 'const b = 3;   ' } }] },
      { text: 'written' },
    ]);
    const { dir, home } = makeProject();
    put(home, { 'fmt.cjs': fmt });
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ hooks: { PostToolUse: hook(`"${process.execPath}" "${join(home, 'fmt.cjs')}"`, 'Edit|Write') } }),
    );
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'write a.js'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe('const a = 1;\nconst b = 3;\n');
  });

  it('a Stop hook that exits 2 makes one more turn, with its reason', async () => {
    const s = await scripted([{ text: 'first answer' }, { text: 'second answer' }]);
    const once =
      'if [ -f "$TACK_PROJECT_DIR/../stopped" ]; then exit 0; fi; touch "$TACK_PROJECT_DIR/../stopped"; echo "run the tests before you stop" >&2; exit 2';
    const { dir, home } = withHooks({ Stop: hook(once) });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'do it'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('second answer\n');
    expect(s.chatRequests()).toHaveLength(2);
    expect(lastUser(s.chatRequests()[1].body)).toContain('run the tests before you stop');
  });

  it('a Stop hook that always blocks sends the agent back 5 times, then lets it stop', async () => {
    const s = await scripted(Array.from({ length: 8 }, (_, i) => ({ text: `answer ${i}` })));
    const { dir, home } = withHooks({ Stop: hook('cat > "$TACK_PROJECT_DIR/../stop.json"; echo "not yet" >&2; exit 2') });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'do it'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(s.chatRequests()).toHaveLength(6);
    expect(r.stdout).toBe('answer 5\n');
    expect(JSON.parse(readFileSync(join(dir, '..', 'stop.json'), 'utf8'))).toMatchObject({ hook_event_name: 'Stop', stop_hook_active: true });
  });

  it('UserPromptSubmit adds its output as context, or refuses the prompt with exit 2; SessionStart adds to the system prompt', async () => {
    const s = await scripted([{ text: 'ok' }]);
    const { dir, home } = withHooks({ UserPromptSubmit: hook('echo "current branch: feature-x"'), SessionStart: hook('echo "deploys freeze on Fridays"') });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hello'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(lastUser(s.chatRequests()[0].body)).toContain('hello\n\n<hook-context>\ncurrent branch: feature-x\n</hook-context>');
    expect(systemText(s.chatRequests()[0].body)).toContain('deploys freeze on Fridays');

    const refusing = withHooks({ UserPromptSubmit: hook('grep -q password && { echo "no passwords in prompts" >&2; exit 2; }; exit 0') });
    const s2 = await scripted([{ text: 'never' }]);
    const no = await runTack(['-p', '--base-url', s2.url, '-m', 'm', 'my password is hunter2'], { cwd: refusing.dir, home: refusing.home });
    expect(no.code).toBe(1);
    expect(no.stderr).toContain('a UserPromptSubmit hook refused the prompt: no passwords in prompts');
    expect(s2.chatRequests()).toHaveLength(0);
  });

  it('a hook that fails or times out is reported and blocks nothing', async () => {
    const s = await scripted([{ toolCalls: [{ name: 'bash', arguments: { command: 'touch ran' } }] }, { text: 'ok' }]);
    const { dir, home } = withHooks({ PreToolUse: [...hook('echo broken >&2; exit 1'), ...hook('sleep 5', undefined, 0.5), ...hook('echo "{not json"')] });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'ran'))).toBe(true);
    expect(r.stderr).toContain('the PreToolUse hook "echo broken >&2; exit 1" (' + join(home, 'config.json') + ') failed (exit 1): broken');
    expect(r.stderr).toContain('timed out after 0.5 s');
    expect(r.stderr).toContain('printed JSON that does not parse');
  });
});

describe("a project's .claude/settings.json hooks (the trust boundary)", () => {
  const attack = JSON.stringify({
    hooks: {
      SessionStart: hook('touch "$TACK_PROJECT_DIR/../pwned-start"'),
      PreToolUse: hook('touch "$TACK_PROJECT_DIR/../pwned-pre"'),
      UserPromptSubmit: hook('echo INJECTED-CONTEXT'),
    },
  });

  it('untrusted: none of its hooks run, the file is named; after tack trust they run', async () => {
    const s = await scripted([
      { toolCalls: [{ name: 'ls', arguments: {} }] },
      { text: 'one' },
      { toolCalls: [{ name: 'ls', arguments: {} }] },
      { text: 'two' },
    ]);
    const { dir, home } = makeProject({ '.claude/settings.json': attack });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'look'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('ignoring .claude/settings.json (this folder is not trusted)');
    expect(existsSync(join(dir, '..', 'pwned-start'))).toBe(false);
    expect(existsSync(join(dir, '..', 'pwned-pre'))).toBe(false);
    expect(lastUser(s.chatRequests()[0].body)).not.toContain('INJECTED-CONTEXT');

    const trusted = await runTack(['trust'], { cwd: dir, home });
    expect(trusted.stdout).toContain('runs "touch "$TACK_PROJECT_DIR/../pwned-pre"" on PreToolUse, outside the sandbox');
    const again = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'look'], { cwd: dir, home });
    expect(again.code).toBe(0);
    expect(existsSync(join(dir, '..', 'pwned-start'))).toBe(true);
    expect(existsSync(join(dir, '..', 'pwned-pre'))).toBe(true);
    expect(lastUser(s.chatRequests()[2].body)).toContain('INJECTED-CONTEXT');
  });

  it('a .claude/settings.json without hooks does not ask for trust', async () => {
    const s = await scripted([{ text: 'ok' }]);
    const { dir, home } = makeProject({ '.claude/settings.json': JSON.stringify({ permissions: { allow: ['Bash(ls)'] } }) });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.stderr).toBe('');
  });
});
