// /init: the request that has the model write AGENTS.md for the repository (through its own tools,
// so the write is shown as a change to approve like any other).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../config/paths.js';

export function initRequest(cwd: string, focus = ''): string {
  const template = readFileSync(join(packageRoot(), 'prompts', 'init.md'), 'utf8');
  const existing = existsSync(join(cwd, 'AGENTS.md'))
    ? 'There is one already: read it, keep what is still true, fix what is not, and add what is missing.'
    : 'There is none yet.';
  const extra = focus.trim() ? `\n\nThe user adds: ${focus.trim()}` : '';
  return `${template.replace('{{existing}}', existing).trimEnd()}${extra}`;
}
