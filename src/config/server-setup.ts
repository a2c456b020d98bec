// First-run setup: what the user types for a server (a base URL, the NAME of the variable holding
// its key) checked in words, and saved into their own settings file. The key itself is never
// written anywhere: what looks like one is refused.
import { credentialShape } from '../../tools/sandbox/env.js';
import { type Json, readJson, writeJson } from './json-edit.js';
import { PRESETS } from '../ai/presets.js';
import type { ProbeTarget } from './probe.js';

export interface ProbedServer {
  label: string;
  baseUrl: string;
}

/** The local servers tack looked for, as the user would name them. */
export function probedServers(targets: readonly ProbeTarget[]): ProbedServer[] {
  return targets.map((t) => ({
    label: t.provider ? PRESETS[t.provider]!.label : `a server on port ${t.port}`,
    baseUrl: `http://127.0.0.1:${t.port}/v1`,
  }));
}

const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A key pasted where its variable's name belongs: a known credential shape, or a long random-looking word. */
export function looksLikeKey(text: string): boolean {
  if (credentialShape(text)) return true;
  if (!VARIABLE.test(text)) return text.length >= 16 && !/\s/.test(text);
  // variable names are words in capitals; keys mix cases and digits
  return text.length >= 24 && /[a-z]/.test(text) && /[0-9]/.test(text);
}

/** The base URL as it will be saved, or a sentence saying what is wrong with it. */
export function checkBaseUrl(text: string): { baseUrl: string } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { error: 'type the base URL of an OpenAI-compatible server, e.g. http://localhost:8080/v1' };
  if (looksLikeKey(trimmed) && !/^https?:\/\//i.test(trimmed)) return { error: 'that looks like an API key, not a URL; it was not saved' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { error: `"${trimmed.slice(0, 60)}" is not a URL; it starts with http:// or https://` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'the base URL starts with http:// or https://' };
  if (url.username || url.password)
    return { error: 'a URL with a user or password would put a secret in the settings file; give the key by variable name instead' };
  if (url.search || url.hash) return { error: 'the base URL takes no ?query or #fragment' };
  return { baseUrl: trimmed.replace(/\/+$/, '') };
}

/** The variable's name to save (empty: no key), or a sentence; a pasted key is named as one and refused. */
export function checkKeyVariable(text: string, env: NodeJS.ProcessEnv): { name?: string } | { error: string } {
  const name = text.trim();
  if (!name) return {};
  if (looksLikeKey(name)) {
    return { error: 'that looks like the key itself: type the NAME of the variable that holds it (e.g. OPENAI_API_KEY); the key was not saved' };
  }
  if (!VARIABLE.test(name)) return { error: `"${name}" is not a variable name (letters, digits and _, e.g. MY_SERVER_KEY)` };
  if (!env[name]) return { error: `${name} is not set in this shell; set it (export ${name}=…) and start tack again, or leave the field empty` };
  return { name };
}

/** Writes the server into the user's settings, keeping everything else in the file. */
export function saveServer(path: string, server: { baseUrl: string; apiKeyEnv?: string; model?: string }): void {
  const file: Json = readJson(path);
  const next: Json = { ...file, baseUrl: server.baseUrl };
  if (server.apiKeyEnv) next.apiKeyEnv = server.apiKeyEnv;
  if (server.model) next.model = server.model;
  // a provider named before now would send its own key elsewhere; the base URL says where to go
  if (typeof next.provider === 'string' && PRESETS[next.provider]?.apiKeyEnv) delete next.provider;
  writeJson(path, next, 0o600);
}
