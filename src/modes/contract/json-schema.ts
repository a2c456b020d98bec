// `--json-schema SCHEMA`: the schema the run's final answer must match, compiled once by ajv (draft-07,
// 2019-09 or 2020-12, as its `$schema` says; formats from ajv-formats). Bad input is a usage error.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv07 from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { UsageError } from '../../config/errors.js';

export interface AnswerSchema {
  /** the schema as given, for the model's instruction */
  text: string;
  validate: ValidateFunction;
}

type AjvClass = typeof Ajv07.default;

function ajvFor(schema: Record<string, unknown>): InstanceType<AjvClass> {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  const Class = (dialect.includes('2020-12') ? Ajv2020.default : dialect.includes('2019-09') ? Ajv2019.default : Ajv07.default) as AjvClass;
  const ajv = new Class({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv;
}

/** The flag's value: a JSON Schema as a JSON string, or `@file` for one in a file (relative to `cwd`). */
export function loadAnswerSchema(value: string, cwd: string): AnswerSchema {
  let text = value;
  if (value.startsWith('@')) {
    try {
      text = readFileSync(resolve(cwd, value.slice(1)), 'utf8');
    } catch (error) {
      throw new UsageError(`--json-schema ${value}: the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--json-schema: the schema is not JSON (${(error as Error).message}); give it as a JSON string, or @file`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new UsageError('--json-schema: the schema must be a JSON object, such as {"type":"object","properties":{…}}');
  }
  try {
    return { text: JSON.stringify(schema), validate: ajvFor(schema as Record<string, unknown>).compile(schema) };
  } catch (error) {
    throw new UsageError(`--json-schema: not a valid JSON Schema: ${(error as Error).message}`);
  }
}

/** A validation error in words: where, and what is wrong. */
const describe = (e: ErrorObject) => `${e.instancePath || '(the whole object)'} ${e.message ?? 'is invalid'}`;

export type Checked = { ok: true; value: unknown } | { ok: false; problems: string[] };

/**
 * The answer's JSON, validated: the whole text, or the one fenced code block it is. Models wrap
 * JSON in a fence often enough that refusing it would only cost a correction.
 */
export function checkAnswer(schema: AnswerSchema, answer: string): Checked {
  const fenced = /^```[a-zA-Z]*\n([\s\S]*?)\n```$/.exec(answer.trim());
  const text = (fenced ? fenced[1]! : answer).trim();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
    return { ok: false, problems: [`the answer is not JSON (${(error as Error).message}): ${JSON.stringify(shown)}`] };
  }
  if (schema.validate(value)) return { ok: true, value };
  return { ok: false, problems: (schema.validate.errors ?? []).slice(0, 10).map(describe) };
}

/** What the first message carries after the user's words: the shape the final answer must have. */
export function schemaInstruction(schema: AnswerSchema): string {
  return (
    'When the task is done, your final answer must be one JSON value, and nothing else (no prose, no code fence), ' +
    `that matches this JSON Schema:\n${schema.text}`
  );
}

/** The one correction asked for when the final answer did not match. */
export function correctionRequest(schema: AnswerSchema, problems: readonly string[]): string {
  return (
    `Your final answer does not match the required JSON Schema:\n${problems.map((p) => `- ${p}`).join('\n')}\n` +
    `Answer again with only the JSON value, matching this schema:\n${schema.text}`
  );
}
