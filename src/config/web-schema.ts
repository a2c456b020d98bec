// The shape of `"search"` and `"fetch"` in the settings, checked with the rest of a settings file
// (schema.ts); what they resolve to is web-settings.ts.
import { Type, type Static } from 'typebox';
import { SEARCH_PROVIDERS } from '../../tools/web/index.js';

const strict = { additionalProperties: false } as const;

export const SearchSettingsSchema = Type.Object(
  {
    provider: Type.Union(SEARCH_PROVIDERS.map((p) => Type.Literal(p))),
    /** SearXNG's address; for a hosted API, a proxy in front of it */
    url: Type.Optional(Type.String()),
    /** the variable holding a hosted API's key (read only from the user's own settings) */
    apiKeyEnv: Type.Optional(Type.String()),
  },
  strict,
);

export type SearchSettings = Static<typeof SearchSettingsSchema>;

export const FetchSettingsSchema = Type.Object(
  {
    timeoutSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 600 })),
    maxMB: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 200 })),
  },
  strict,
);
