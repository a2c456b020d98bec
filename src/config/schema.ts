// The settings file format ($TACK_HOME/config.json and .tack/config.json), checked strictly so a
// typo is reported instead of silently ignored.
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { AgentsSettingsSchema } from './agents-settings.js';
import { HooksSchema } from './hooks-schema.js';
import { McpServersSchema, McpSettingsSchema } from './mcp-schema.js';
import { FetchSettingsSchema, SearchSettingsSchema } from './web-schema.js';

const strict = { additionalProperties: false } as const;

/** How much runs without a question: see the README, "Approvals, rules and the sandbox". */
const SandboxModeSchema = Type.Union([Type.Literal('on'), Type.Literal('off')]);
export const ApprovalModeSchema = Type.Union([Type.Literal('ask'), Type.Literal('auto-edit'), Type.Literal('yolo'), Type.Literal('plan')]);
export type ApprovalMode = Static<typeof ApprovalModeSchema>;

const RuleList = Type.Optional(Type.Array(Type.String()));

const Compat = Type.Object(
  {
    supportsStreamOptions: Type.Optional(Type.Boolean()),
    supportsDeveloperRole: Type.Optional(Type.Boolean()),
    maxTokensField: Type.Optional(Type.Union([Type.Literal('max_completion_tokens'), Type.Literal('max_tokens')])),
    supportsReasoningEffort: Type.Optional(Type.Boolean()),
    supportsImages: Type.Optional(Type.Boolean()),
    supportsParallelToolCalls: Type.Optional(Type.Boolean()),
    supportsToolChoice: Type.Optional(Type.Boolean()),
    supportsStrictTools: Type.Optional(Type.Boolean()),
    replayReasoning: Type.Optional(Type.Boolean()),
    supportsReasoningSummary: Type.Optional(Type.Boolean()),
    supportsPromptCacheKey: Type.Optional(Type.Boolean()),
    supportsCacheControl: Type.Optional(Type.Boolean()),
  },
  strict,
);

const Prices = Type.Object({ input: Type.Number(), output: Type.Number(), cacheRead: Type.Optional(Type.Number()) }, strict);

/** What can be said about a model, overriding the built-in model table. */
const modelFields = {
  contextWindow: Type.Optional(Type.Integer({ minimum: 1 })),
  maxTokens: Type.Optional(Type.Integer({ minimum: 1 })),
  prices: Type.Optional(Prices),
  /** takes a thinking level (reasoning_effort) */
  reasoning: Type.Optional(Type.Boolean()),
  /** reads images (default: true unless the model table knows it reads text only) */
  images: Type.Optional(Type.Boolean()),
};

const ModelFactsEntry = Type.Object(modelFields, strict);

const ModelEntry = Type.Union([Type.String(), Type.Object({ id: Type.String(), ...modelFields }, strict)]);

const ProviderEntry = Type.Object(
  {
    /** may be left out when the entry overrides a built-in provider of the same name */
    baseUrl: Type.Optional(Type.String()),
    apiKeyEnv: Type.Optional(Type.String()),
    models: Type.Optional(Type.Array(ModelEntry)),
    compat: Type.Optional(Compat),
    /** the API answers are streamed over: Chat Completions, or OpenAI's Responses API */
    api: Type.Optional(Type.Union([Type.Literal('chat'), Type.Literal('responses')])),
  },
  strict,
);

export const ConfigFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    model: Type.Optional(Type.String()),
    provider: Type.Optional(Type.String()),
    baseUrl: Type.Optional(Type.String()),
    apiKeyEnv: Type.Optional(Type.String()),
    providers: Type.Optional(Type.Record(Type.String(), ProviderEntry)),
    /** per model id, for any provider: context window, output limit, prices, reasoning */
    models: Type.Optional(Type.Record(Type.String(), ModelFactsEntry)),
    thinking: Type.Optional(Type.Union([Type.Literal('off'), Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')])),
    maxTurns: Type.Optional(Type.Integer({ minimum: 1 })),
    /** model requests (retries included) one run may make */
    maxRequests: Type.Optional(Type.Integer({ minimum: 1 })),
    /** how much piped input (MB) print mode passes to the model; default 1 */
    stdinLimitMB: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1024 })),
    retry: Type.Optional(
      Type.Object(
        {
          maxAttempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
          baseDelayMs: Type.Optional(Type.Integer({ minimum: 0 })),
          maxDelayMs: Type.Optional(Type.Integer({ minimum: 0 })),
        },
        strict,
      ),
    ),
    timeouts: Type.Optional(
      Type.Object(
        {
          /** a model stream silent this long is aborted and retried */
          idleSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
          /** one answer (all its attempts) taking longer than this fails */
          answerSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
        },
        strict,
      ),
    ),
    tools: Type.Optional(Type.Array(Type.String())),
    compaction: Type.Optional(
      Type.Object(
        {
          /** tokens kept free below the model's window; compaction starts above that */
          reserveTokens: Type.Optional(Type.Integer({ minimum: 0 })),
          /** recent tokens kept verbatim after a compaction */
          keepRecentTokens: Type.Optional(Type.Integer({ minimum: 0 })),
        },
        strict,
      ),
    ),
    /** checkpoints before each message, for rewind: on by default; kept for retentionDays after a session's last use */
    checkpoints: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          retentionDays: Type.Optional(Type.Integer({ minimum: 1 })),
          maxFileMB: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
          /** the most files and megabytes one snapshot copies: a folder that needs more gets no checkpoints */
          maxFiles: Type.Optional(Type.Integer({ minimum: 1 })),
          maxCopyMB: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
        },
        strict,
      ),
    ),
    /** `tack -w`: worktrees under $TACK_HOME/worktrees (home, the default) or in the repository's .worktrees/ (inside) */
    worktrees: Type.Optional(Type.Object({ location: Type.Optional(Type.Union([Type.Literal('home'), Type.Literal('inside')])) }, strict)),
    /** background jobs (bash's run_in_background): how many may run at once */
    jobs: Type.Optional(Type.Object({ max: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })) }, strict)),
    approval: Type.Optional(ApprovalModeSchema),
    /** rules such as "bash(npm test*)" or "edit(src/**)" (see the README); deny beats ask beats allow */
    permissions: Type.Optional(Type.Object({ allow: RuleList, ask: RuleList, deny: RuleList }, strict)),
    /** bash inside bubblewrap; default: on where bwrap can run. The object form also lets secret files through */
    sandbox: Type.Optional(
      Type.Union([
        SandboxModeSchema,
        Type.Object(
          {
            mode: Type.Optional(SandboxModeSchema),
            /** workspace files commands may read although they look secret (`.env.test`, `config/*.key`) */
            exposeSecretFiles: Type.Optional(Type.Array(Type.String())),
          },
          strict,
        ),
      ]),
    ),
    /** a terminal notification when a turn ends or a question waits while the terminal is unfocused (default true) */
    notifications: Type.Optional(Type.Boolean()),
    /** a command whose output shows under the input (Claude Code's statusLine: the session as JSON on its stdin) */
    statusLine: Type.Optional(
      Type.Object(
        { type: Type.Literal('command'), command: Type.String({ minLength: 1 }), padding: Type.Optional(Type.Integer({ minimum: 0, maximum: 40 })) },
        strict,
      ),
    ),
    /** the input's keys: "vim" for vim's modes and motions (/vim toggles it), "normal" (the default) */
    editorMode: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('vim')])),
    /** edit and write tell the model the errors they introduced, from a language server (default true; waitSeconds default 3) */
    diagnostics: Type.Optional(
      Type.Union([Type.Boolean(), Type.Object({ waitSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 600 })) }, strict)]),
    ),
    /** the network inside the sandbox (default true) */
    sandboxNetwork: Type.Optional(Type.Boolean()),
    /** variables let back into tool processes although their names look secret (`NPM_TOKEN`, `AWS_*`) */
    env: Type.Optional(Type.Object({ allow: Type.Optional(Type.Array(Type.String())) }, strict)),
    /** MCP servers by name (each entry is checked on its own, naming the file and the entry) */
    mcpServers: Type.Optional(McpServersSchema),
    mcp: Type.Optional(McpSettingsSchema),
    /** commands run on events (Claude Code's format): see src/config/hooks-schema.ts */
    hooks: Type.Optional(HooksSchema),
    /** child agents (the task tool): budgets, how many at once, depth */
    agents: Type.Optional(AgentsSettingsSchema),
    /** the search tool's backend: SearXNG's url, or Brave, Tavily or Exa with apiKeyEnv */
    search: Type.Optional(SearchSettingsSchema),
    /** the fetch tool's limits */
    fetch: Type.Optional(FetchSettingsSchema),
  },
  strict,
);

export type ConfigFile = Static<typeof ConfigFileSchema>;
export type ProviderConfig = Static<typeof ProviderEntry>;
export type ModelFactsConfig = Static<typeof ModelFactsEntry>;

/** Describes the first problem of `value` against `schema` as "key: what was expected". */
export function describeProblem(schema: TSchema, value: unknown): string | undefined {
  if (Value.Check(schema, value)) return undefined;
  const errors = [...Value.Errors(schema, value)].filter((e) => e.keyword !== 'boolean' && e.keyword !== 'anyOf');
  const first = errors[0];
  if (!first) return 'the settings do not match the expected format';
  const params = first.params as { additionalProperties?: string[]; requiredProperties?: string[] };
  const at = first.instancePath.slice(1).replaceAll('/', '.');
  const key = (name: string) => (at ? `${at}.${name}` : name);
  if (params.additionalProperties) {
    const known = knownKeys(schema, first.instancePath);
    return `unknown key "${key(params.additionalProperties[0])}"${known ? ` (known keys: ${known})` : ''}`;
  }
  if (params.requiredProperties) return `missing key "${key(params.requiredProperties[0])}"`;
  const got = JSON.stringify(pointer(value, first.instancePath));
  return `key "${at}" ${first.message} (got ${got})`;
}

function pointer(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path.split('/').slice(1)) v = (v as Record<string, unknown> | undefined)?.[part];
  return v;
}

function knownKeys(schema: TSchema, path: string): string | undefined {
  let s = schema as { properties?: Record<string, TSchema>; patternProperties?: Record<string, TSchema> };
  for (const part of path.split('/').slice(1)) {
    const next: TSchema | undefined = s.properties?.[part] ?? Object.values(s.patternProperties ?? {})[0];
    if (!next) return undefined;
    s = next as typeof s;
  }
  return s.properties
    ? Object.keys(s.properties)
        .filter((k) => k !== '$schema')
        .join(', ')
    : undefined;
}
