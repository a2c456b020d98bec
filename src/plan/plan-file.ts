// A plan the user saw, as a Markdown file in $TACK_HOME/plans/, named by time and session.
import { join } from 'node:path';
import { writeBesideSync } from '../../tools/fs/atomic-write.js';

export function plansDir(tackHome: string): string {
  return join(tackHome, 'plans');
}

/** Writes the plan; returns its path, or a sentence saying why it could not be written. */
export function savePlan(tackHome: string, sessionId: string, plan: string, now = new Date()): { path: string } | { problem: string } {
  const stamp = now
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  const path = join(plansDir(tackHome), `${stamp}_${sessionId.slice(0, 8)}.md`);
  try {
    writeBesideSync(path, plan.endsWith('\n') ? plan : `${plan}\n`, { mode: 0o600, dirMode: 0o700 });
    return { path };
  } catch (error) {
    return { problem: `the plan could not be saved to ${path}: ${(error as Error).message}` };
  }
}
