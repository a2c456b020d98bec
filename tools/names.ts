/** The tools in the order the model sees them. Its own module so settings can check names cheaply. */
export const TOOL_NAMES = ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];
