// The contract between the approval gate and whoever answers its questions (the interactive app).
// The gate builds the question with ready-made choices; the UI shows it and resolves with one of
// them (adding a typed reason to "no" if the user gave one).

export type ApprovalScope =
  /** this file, for the rest of the session (reading it, or changing it and reading it) */
  | { kind: 'path'; path: string; access: 'read' | 'edit' }
  /** every edit and write inside the workspace, for the rest of the session */
  | { kind: 'all-edits' }
  /** commands starting with these prefixes (`npm test`); `save` also writes them to .tack/config.json */
  | { kind: 'commands'; prefixes: string[] /** commands allowed only as written */; exact?: string[]; save: boolean }
  /** this MCP tool, for the rest of the session */
  | { kind: 'tool'; name: string }
  /** fetching from this host; `save` also writes `fetch(domain:HOST)` to .tack/config.json */
  | { kind: 'host'; host: string; save: boolean };

export interface ApprovalAnswer {
  answer: 'yes' | 'always' | 'no';
  /** with `always`: what the answer covers */
  scope?: ApprovalScope;
  /** with `no`: why, in the user's words; the model reads it */
  reason?: string;
  /** a plan's approval: the mode the work goes ahead in */
  mode?: 'ask' | 'auto-edit';
  /** a plan's approval: the plan as the user edited it (Ctrl+G) */
  plan?: string;
}

export interface ApprovalChoice {
  /** e.g. "Yes", "Yes, and don't ask again for src/app.ts this session", "No, and tell the model why" */
  label: string;
  /** a suggested shortcut key: y, a, s, n, … */
  key: string;
  /** what to resolve with when this choice is taken */
  answer: ApprovalAnswer;
}

export interface ApprovalRequest {
  toolCallId: string;
  tool: string;
  args: Record<string, unknown>;
  /** `edit` (edit, write): show `diff`; `bash`: show `command`; `read`; `repeat`: a loop warning; `plan`: show `plan` */
  kind: 'edit' | 'bash' | 'read' | 'repeat' | 'plan' | 'other';
  /** one line naming the call: "Edit src/app.ts", "Run npm test && npm run lint" */
  summary: string;
  /** why it asks, one sentence: "changing files asks in the ask mode", "writing outside the workspace" */
  reason: string;
  /** edit/write: the unified diff of the change, computed before anything is written */
  diff?: string;
  /** edit/write whose dry run found a problem: what the tool would answer */
  note?: string;
  /** bash: the whole command line */
  command?: string;
  /** asked only because of the mode (an edit in the workspace in ask mode): no rule or risk behind it */
  routine?: boolean;
  /** a tool from outside tack (MCP): what its server says it does */
  about?: string;
  /** exit_plan_mode: the plan, Markdown */
  plan?: string;
  /** in order; the first is the default, the last is always a plain "no" */
  choices: ApprovalChoice[];
}

/**
 * Answers one question. Esc answers `{answer: 'no'}`. When `signal` aborts (the user interrupted
 * the agent), the question is void: close it; whatever is returned is ignored.
 */
export type ApprovalPrompter = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalAnswer>;
