// A server address is checked where it is given: a malformed one is a usage error at once, not a
// network error retried for seconds. Pure.
import { UsageError } from './errors.js';
import type { LoadedFile } from './files.js';

const EXAMPLE = 'http://localhost:11434/v1';

/** Throws a one-sentence usage error unless `value` is an http(s) URL; `where` names its source. */
export function checkBaseUrl(value: string, where: string): void {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return;
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value);
  throw new UsageError(`${where} ${shown} is not a server URL: give it with http:// or https://, like ${EXAMPLE}`);
}

/** Every base URL the command line, the environment and the settings files give. */
export function checkBaseUrls(flagUrl: string | undefined, envUrl: string | undefined, loaded: readonly LoadedFile[]): void {
  if (flagUrl !== undefined) checkBaseUrl(flagUrl, '--base-url');
  if (envUrl !== undefined && envUrl !== '') checkBaseUrl(envUrl, 'OPENAI_BASE_URL');
  for (const { path, config } of loaded) {
    if (config.baseUrl !== undefined) checkBaseUrl(config.baseUrl, `"baseUrl" in ${path}`);
    for (const [name, p] of Object.entries(config.providers ?? {})) {
      if (p.baseUrl !== undefined) checkBaseUrl(p.baseUrl, `"providers.${name}.baseUrl" in ${path}`);
    }
  }
}
