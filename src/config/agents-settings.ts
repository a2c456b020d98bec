// `"agents": {...}` in the settings: what a child agent (the task tool) may spend, how many run at
// once, and how deep children may start children. The defaults fit a local server with a 32k window.
import { Type, type Static } from 'typebox';

export const AgentsSettingsSchema = Type.Object(
  {
    /** model calls one child may make */
    maxTurns: Type.Optional(Type.Integer({ minimum: 1 })),
    /** the most tokens a child's conversation may hold (its latest request and answer) */
    maxTokens: Type.Optional(Type.Integer({ minimum: 1000 })),
    /** wall time of one child */
    maxSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    /** children at once when the server does not say how many it serves (llama.cpp's /slots does) */
    parallel: Type.Optional(Type.Integer({ minimum: 1 })),
    /** how many levels of children may start children (0: a child has no task tool) */
    depth: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    /** false: no task tool at all */
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export interface AgentsSettings {
  enabled: boolean;
  maxTurns: number;
  maxTokens: number;
  maxSeconds: number;
  parallel: number;
  depth: number;
}

/** `tools`: the list `--tools` or the settings gave, if any: a narrowed list offers a task only when it names it. */
export function agentsSettings(a: Static<typeof AgentsSettingsSchema> = {}, tools?: string | string[]): AgentsSettings {
  const named = tools === undefined || (Array.isArray(tools) ? tools : tools.split(',')).some((t) => t.trim() === 'task');
  return {
    enabled: a.enabled !== false && named,
    maxTurns: a.maxTurns ?? 12,
    // a quarter of a 32k window stays free for the parent's own turn and the report
    maxTokens: a.maxTokens ?? 24_000,
    maxSeconds: a.maxSeconds ?? 600,
    parallel: a.parallel ?? 4,
    depth: a.depth ?? 0,
  };
}
