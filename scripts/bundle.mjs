// Bundles the command through rolldown's API: its CLI lists every output file (~60 lines) on each
// `npm install`, and has no option to be quiet. Warnings and errors still reach stderr.
// The chunks folder is emptied first: chunk names carry a hash, so old builds' chunks would pile up.
import { rmSync } from 'node:fs';
import { build } from 'rolldown';
import config from '../rolldown.config.mjs';

rmSync('dist/src/chunks', { recursive: true, force: true });
await build(config);
