// `strict: true` makes OpenAI guarantee tool arguments that match the schema, but only for schemas
// in its strict subset: every property required, no extra properties, a few keywords. Tools whose
// schema fits (e.g. write: path + content) are sent strict; the others as they are.

const ALLOWED = new Set(['type', 'description', 'properties', 'required', 'items', 'enum', 'const', 'additionalProperties']);

/** A copy of `schema` ready for strict mode (additionalProperties: false added), or undefined if it does not fit. */
export function strictSchema(schema: unknown): Record<string, unknown> | undefined {
  if (!isRecord(schema) || Object.keys(schema).some((k) => !ALLOWED.has(k))) return undefined;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return undefined;
  const out: Record<string, unknown> = { ...schema };
  if (schema.type === 'object') {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    if (Object.keys(properties).some((k) => !required.includes(k))) return undefined;
    const strictProps: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(properties)) {
      const strict = strictSchema(value);
      if (!strict) return undefined;
      strictProps[key] = strict;
    }
    return { ...out, properties: strictProps, required, additionalProperties: false };
  }
  if (schema.type === 'array') {
    const items = strictSchema(schema.items);
    return items ? { ...out, items } : undefined;
  }
  return typeof schema.type === 'string' ? out : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
