// What a runner reads in print mode's result beside the answer: whether commands ran sandboxed,
// which files the run changed, and which calls were refused (docs/stream-json.md, "The result").
import { relative, resolve } from 'node:path';
import { onlyLooks } from '../../agent/tool-exec.js';
import type { TreeChange } from '../../checkpoints/tree-diff.js';
import type { DeniedCall } from '../../session/permissions/denials.js';
import type { Session, SessionEvent } from '../../session/session.js';
import { describeCall } from '../tool-summary.js';

export interface ChangedFile {
  /** relative to the workspace, `/`-separated */
  path: string;
  /** from the checkpoints: added, modified or deleted; from the tools: written (an edit or a write) */
  status: 'added' | 'modified' | 'deleted' | 'written';
}

export interface Denial {
  tool: string;
  tool_use_id: string;
  /** the call in one line, as `--verbose` traces it */
  input: string;
  reason: string;
  agent?: string;
}

export interface ContractFields {
  sandbox: 'bwrap' | 'none';
  files_changed: ChangedFile[];
  /** `checkpoints`: the workspace before the run's first change against after it; `tools`: edit and write calls only */
  files_changed_source: 'checkpoints' | 'tools';
  permission_denials: Denial[];
}

const STATUS: Record<TreeChange['status'], ChangedFile['status']> = { A: 'added', D: 'deleted', M: 'modified', T: 'modified' };
const ONE_FILE = new Set(['edit', 'write']);

/** Keeps what the result needs as the run goes. Made before the Session (it takes the refusals), then `watch`ed. */
export class RunRecord {
  private readonly denials: Denial[] = [];
  private readonly written = new Set<string>();
  private checkpointsBefore = 0;

  /** createSession's `onDenied`. */
  readonly onDenied = (d: DeniedCall): void => {
    this.denials.push({
      tool: d.tool,
      tool_use_id: d.toolCallId,
      input: describeCall(d.tool, d.args),
      reason: d.reason,
      ...(d.agent === undefined ? {} : { agent: d.agent }),
    });
  };

  /** Starts following a session's run; call before its first message. */
  watch(session: Session): void {
    this.checkpointsBefore = session.view().checkpoints?.list().length ?? 0;
    session.subscribe((event) => this.onEvent(session, event));
  }

  private onEvent(session: Session, event: SessionEvent): void {
    if (event.type !== 'tool_execution_end') return;
    const tool = session.view().tools.find((t) => t.name === event.toolName);
    if (!tool || onlyLooks(tool, event.args)) return;
    const path = (event.args as { path?: unknown } | undefined)?.path;
    if (!event.isError && ONE_FILE.has(event.toolName) && typeof path === 'string') {
      const { cwd } = session.view().config;
      this.written.add(relative(cwd, resolve(cwd, path)).split('\\').join('/'));
    }
  }

  async fields(session: Session): Promise<ContractFields> {
    const sandbox = session.view().approvals?.planBash?.sandboxed ? 'bwrap' : 'none';
    const permission_denials = [...this.denials];
    const seen = await session.submit({ type: 'changes_since', before: this.checkpointsBefore }).catch(() => undefined);
    if (seen) {
      const files_changed = seen.map((c) => ({ path: c.path, status: STATUS[c.status] }));
      return { sandbox, files_changed, files_changed_source: 'checkpoints', permission_denials };
    }
    const files_changed = [...this.written].sort().map((path) => ({ path, status: 'written' as const }));
    return { sandbox, files_changed, files_changed_source: 'tools', permission_denials };
  }
}
