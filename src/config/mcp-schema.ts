// The `mcpServers` format users already have (Claude Code's `.mcp.json`, and the same object in
// tack's settings files): stdio servers by command, remote ones by URL. Checked strictly so a typo
// ("comand") is reported with the file and the entry instead of silently starting nothing.
import { Type, type Static } from 'typebox';

const strict = { additionalProperties: false } as const;

const common = {
  /** `"disabled": true` keeps the entry but starts nothing */
  disabled: Type.Optional(Type.Boolean()),
  /** per-call timeout in milliseconds (Gemini CLI's meaning); default 60000 */
  timeout: Type.Optional(Type.Integer({ minimum: 100 })),
};

export const StdioServerEntry = Type.Object(
  {
    type: Type.Optional(Type.Literal('stdio')),
    command: Type.String({ minLength: 1 }),
    args: Type.Optional(Type.Array(Type.String())),
    env: Type.Optional(Type.Record(Type.String(), Type.String())),
    cwd: Type.Optional(Type.String()),
    ...common,
  },
  strict,
);

export const RemoteServerEntry = Type.Object(
  {
    /** `http`: streamable HTTP, falling back to SSE; `sse`: the older SSE transport only */
    type: Type.Union([Type.Literal('http'), Type.Literal('sse'), Type.Literal('streamable-http')]),
    url: Type.String({ minLength: 1 }),
    headers: Type.Optional(Type.Record(Type.String(), Type.String())),
    ...common,
  },
  strict,
);

export const McpServerEntry = Type.Union([StdioServerEntry, RemoteServerEntry]);
export type McpServerEntry = Static<typeof McpServerEntry>;

export const McpServersSchema = Type.Record(Type.String(), Type.Unknown());

/** `"mcp": {...}` in the settings: how MCP tools are treated. */
export const McpSettingsSchema = Type.Object(
  {
    /** tools a server marks `readOnlyHint` run without a question */
    trustReadOnlyHints: Type.Optional(Type.Boolean()),
    /** how long the first model call waits for tool lists that are not ready yet (default 5) */
    startupWaitSeconds: Type.Optional(Type.Number({ minimum: 0 })),
  },
  strict,
);

/** A file holding `{"mcpServers": {...}}`: `.mcp.json`, or one given with `--mcp-config`. */
export const McpFileSchema = Type.Object({ mcpServers: Type.Optional(McpServersSchema) });
