// The tool names the model sees and the settings check (`--tools`), apart from the tools themselves
// so reading them loads no tool.
/** The tools in the order the model sees them. Its own module so settings can check names cheaply. */
export const TOOL_NAMES = ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];
/** Tools the Session makes, after those above: they keep its state (src/session/todo). Named in `--tools` like the others. */
export const SESSION_TOOL_NAMES = ['todo'] as const;
export type SessionToolName = (typeof SESSION_TOOL_NAMES)[number];
/** The web tools (tools/web): `search` is offered only when a backend is configured. */
export const WEB_TOOL_NAMES = ['fetch', 'search'] as const;
export type WebToolName = (typeof WEB_TOOL_NAMES)[number];
