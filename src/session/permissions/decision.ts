// The permission policy's contract: what it is told about a call (PolicyContext) and what it
// answers (Decision). Types only, so the policy's parts (web, plan) and its callers share them.
import type { RealLocation } from '../../../tools/fs/real-path.js';
import type { PolicyMode } from './approval-modes.js';
import type { SessionGrants } from './grants.js';
import type { PlanBash } from './plan-policy.js';
import type { Rules } from './rules.js';

export interface PolicyContext {
  mode: PolicyMode;
  rules: Rules;
  grants: SessionGrants;
  /** the workspace root */
  cwd: string;
  home: string;
  /** tack's own home (settings, every project's sessions): off limits to the tools unless an allow rule names it */
  tackHome?: string;
  /** tack's own folder of long command outputs (the files bash names): the tools may read it */
  ownOutput?: string;
  /**
   * Where the paths of this call really are (see `judgedPaths`), looked up by the caller before
   * deciding; a path missing here is judged as written.
   */
  located?: ReadonlyMap<string, RealLocation>;
  /** the tool's own server marked it read-only (MCP `readOnlyHint`); believed only with `trustReadOnlyHints` */
  readOnlyHint?: boolean;
  /** `"mcp": {"trustReadOnlyHints": true}`: MCP tools marked read-only run without a question */
  trustReadOnlyHints?: boolean;
  /**
   * Workspace paths beyond the control names that make something run later: `core.hooksPath`
   * folders, nested repositories' ones, the scripts trusted hooks and servers run (runs-later.ts).
   */
  runsLater?: readonly string[];
  /** plan mode: how bash runs (in the read-only sandbox, or from the read-only list only) */
  planBash?: PlanBash;
  /** commands run unsandboxed: whether the repository of a folder has config or hooks by which read-only git runs a program */
  gitRunsPrograms?: (dir: string) => boolean;
  /** the call is a child agent's */
  child?: boolean;
}

/** What a question is about, so the asker can offer the right "for this session" answers. */
export type AskSubject =
  | { type: 'edit'; path: string; inside: boolean }
  | { type: 'read'; path: string }
  | { type: 'bash'; commands: string[]; prefixes: string[] /** commands an answer may allow only as written */; exact?: string[] }
  | { type: 'fetch'; host: string }
  | { type: 'tool' };

/** `readOnly`: let through only because the judge found it read-only, so it runs with nothing but /tmp writable. */
export type Decision =
  | { kind: 'allow'; readOnly?: true }
  | { kind: 'deny'; message: string }
  | {
      kind: 'ask';
      /** what needs approval, as a phrase: "writing outside the workspace" */
      reason: string;
      /** what would let it run without a question: "--approval yolo or an allow rule" */
      needs: string;
      /** the path or command concerned, shown after the reason */
      detail: string;
      /** an allow rule that would cover it */
      suggestion?: string;
      subject: AskSubject;
      /** asked only because the mode asks for every call of this kind, not for a risk it found */
      routine: boolean;
      /** a line the question shows as a warning: what the screen may not show of the call */
      warning?: string;
    };

export type AskDecision = Extract<Decision, { kind: 'ask' }>;
