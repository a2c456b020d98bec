// Runs every bench/*.bench.mjs in turn (each prints its own figures). Not a test: figures, not assertions.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n## ${file}`);
  const r = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
