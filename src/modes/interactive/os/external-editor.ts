// Ctrl+G: the input in the user's own editor ($VISUAL, then $EDITOR, then vi), on a temporary file
// that is removed afterwards. The editor gets the terminal; tack stops drawing and reading keys
// until it exits.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/**
 * The text after editing; throws a one-sentence error when the editor cannot run or fails. The
 * editor line may carry arguments (`code --wait`), so a shell runs it, with the file as `$1`.
 */
export async function editText(text: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tack-edit-'));
  const file = join(dir, 'message.md');
  try {
    writeFileSync(file, text);
    const editor = editorCommand(env);
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit', env });
      child.once('error', reject);
      child.once('exit', (status) => resolve(status));
    });
    if (code !== 0) throw new Error(`the editor (${editor}) exited with ${code ?? 'a signal'}; the input is as it was`);
    return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
