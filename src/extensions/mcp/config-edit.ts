// `tack mcp add` and `remove`: one entry of `mcpServers` in a scope's file (config/mcp-scopes.ts),
// the rest of the file kept as it was. Written beside and renamed.
import { type Json, readJson, writeJson } from '../../config/json-edit.js';

function serversOf(file: Json): Json {
  const servers = file.mcpServers;
  return typeof servers === 'object' && servers !== null && !Array.isArray(servers) ? (servers as Json) : {};
}

export function hasServer(path: string, name: string): boolean {
  return Object.hasOwn(serversOf(readJson(path)), name);
}

/** Adds (or replaces) one server; returns whether an entry of that name was replaced. */
export function addServer(path: string, name: string, entry: Json, mode = 0o600): boolean {
  const file = readJson(path);
  const servers = serversOf(file);
  const replaced = Object.hasOwn(servers, name);
  writeJson(path, { ...file, mcpServers: { ...servers, [name]: entry } }, mode);
  return replaced;
}

/** Removes one server; false when the file has none of that name. */
export function removeServer(path: string, name: string, mode = 0o600): boolean {
  const file = readJson(path);
  const servers = { ...serversOf(file) };
  if (!Object.hasOwn(servers, name)) return false;
  delete servers[name];
  writeJson(path, { ...file, mcpServers: servers }, mode);
  return true;
}
