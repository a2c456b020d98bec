// `tack --list-providers`: the built-in providers and those in the settings, where each one is,
// and whether its key is set. The key itself is never shown.
import { resolve } from 'node:path';
import { loadConfigFiles } from './files.js';
import { tackHome } from './paths.js';
import { expandHome } from '../../tools/fs/paths.js';
import { knownProviders, providerEntry } from './resolve.js';
import type { ConfigFile } from './schema.js';

export function listProviders(cwd: string, env: NodeJS.ProcessEnv = process.env, applyProject = false): string {
  const file: ConfigFile = {};
  // Later files win, as in resolveConfig; only the providers matter here.
  for (const { config } of loadConfigFiles(resolve(expandHome(cwd)), tackHome(env), applyProject)) file.providers = { ...file.providers, ...config.providers };
  const rows = knownProviders(file).map((name) => {
    const entry = providerEntry(name, file)!;
    const key = entry.apiKeyEnv ? `${entry.apiKeyEnv} ${env[entry.apiKeyEnv] ? '(set)' : '(not set)'}` : 'no key needed';
    const origin = entry.userDefined ? ' [settings]' : file.providers?.[name] ? ' [settings override]' : '';
    return [name, entry.baseUrl, key, `${entry.label}${origin}`];
  });
  const widths = [0, 1, 2].map((col) => Math.max(...rows.map((r) => r[col]!.length)));
  const lines = rows.map((r) =>
    r
      .map((cell, col) => (col < 3 ? cell.padEnd(widths[col]!) : cell))
      .join('  ')
      .trimEnd(),
  );
  return `${lines.join('\n')}\n\nUse one with --provider NAME or --model NAME/MODEL; with none configured, tack looks for a local server.\n`;
}
