// Editing a settings file the user owns: read as a JSON object (a broken file is never overwritten),
// changed, and written beside and renamed, so a reader never sees half of it.
import { existsSync, readFileSync } from 'node:fs';
import { writeBesideSync } from '../../tools/fs/atomic-write.js';
import { UsageError } from './errors.js';

export type Json = Record<string, unknown>;

export function readJson(path: string): Json {
  if (!existsSync(path)) return {};
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`${path} is not valid JSON (${(err as Error).message}); fix it first, tack will not overwrite it`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${path} must hold a JSON object; fix it first`);
  return value as Json;
}

export function writeJson(path: string, value: Json, mode: number): void {
  writeBesideSync(path, `${JSON.stringify(value, null, 2)}\n`, { mode });
}
