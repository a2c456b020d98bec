// The diff an edit or write would make, computed before it runs, so the question can show it. Uses
// the edit tool's own matcher, and reads what the tool will change (an editor's unsaved buffer, in
// ACP), so the preview is exactly what the tool will do.
import { isUtf8 } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { planEdit, resolvePath, unifiedDiff, type EditorFiles } from '../../../tools/index.js';

export type ChangePreview =
  | { ok: true; path: string; diff: string; added: number; removed: number; created: boolean }
  /** the tool would refuse or fail: what it would say */
  | { ok: false; path: string; problem: string };

async function readText(path: string): Promise<string | undefined> {
  const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (bytes === undefined) return undefined;
  if (!isUtf8(bytes)) throw new Error('not a UTF-8 text file');
  return bytes.toString('utf8');
}

export async function previewChange(tool: string, args: Record<string, unknown>, cwd: string, editor?: EditorFiles): Promise<ChangePreview | undefined> {
  if ((tool !== 'edit' && tool !== 'write') || typeof args.path !== 'string') return undefined;
  const target = resolvePath(cwd, args.path);
  const path = target.display;
  try {
    // as the tools do (editor-files.ts): the editor's buffer inside the workspace; a file it cannot read (a new one) from the disk
    const before =
      editor && target.insideWorkspace ? await editor.read(target.absolute).catch(() => readText(target.absolute)) : await readText(target.absolute);
    if (tool === 'write') {
      const change = unifiedDiff(path, before ?? '', typeof args.content === 'string' ? args.content : '');
      return { ok: true, path, ...change, created: before === undefined };
    }
    if (before === undefined) return { ok: false, path, problem: `${path} does not exist` };
    const plan = planEdit({
      content: before,
      oldText: String(args.old_text ?? ''),
      newText: String(args.new_text ?? ''),
      replaceAll: args.replace_all === true,
      path,
    });
    if (!plan.ok) return { ok: false, path, problem: plan.message };
    return { ok: true, path, ...unifiedDiff(path, before, plan.content), created: false };
  } catch (error) {
    return { ok: false, path, problem: (error as Error).message };
  }
}
