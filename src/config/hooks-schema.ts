// The `hooks` format of Claude Code's settings (which Codex and others follow), as tack's settings
// files take it: per event, entries of a `matcher` and command hooks.
import { Type, type Static } from 'typebox';

const strict = { additionalProperties: false } as const;

export const HOOK_EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart', 'SessionEnd', 'Notification', 'PreCompact'] as const;

export type HookEvent = (typeof HOOK_EVENTS)[number];

const CommandHook = Type.Object(
  {
    type: Type.Literal('command'),
    command: Type.String({ minLength: 1 }),
    /** seconds; default 60 */
    timeout: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  },
  strict,
);

const MatcherEntry = Type.Object(
  {
    /** a tool name or a regular expression (`Edit|Write`); empty or `*`: every tool */
    matcher: Type.Optional(Type.String()),
    hooks: Type.Array(CommandHook),
  },
  strict,
);

export const HooksSchema = Type.Object(Object.fromEntries(HOOK_EVENTS.map((e) => [e, Type.Optional(Type.Array(MatcherEntry))])), strict);

export type HooksConfig = Partial<Record<HookEvent, Static<typeof MatcherEntry>[]>>;
