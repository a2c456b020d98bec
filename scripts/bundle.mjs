// Bundles the command and the library entry points through rolldown's API (its CLI lists every output
// file on each `npm install`, and has no option to be quiet; warnings and errors still reach stderr),
// copies Prism's language files (loaded by name at run time, so no bundler can follow them), and writes
// the notices of every third-party package the package carries.
// The chunks folder is emptied first: chunk names carry a hash, so old builds' chunks would pile up.
import { rmSync } from 'node:fs';
import { build } from 'rolldown';
import config from '../rolldown.config.mjs';
import { writeNotices } from './notices.mjs';
import { copyPrism } from './prism.mjs';

rmSync('dist/src/chunks', { recursive: true, force: true });
const { output } = await build(config);
const prism = copyPrism('dist/prism');
writeNotices(
  output.flatMap((o) => o.moduleIds ?? []),
  [prism],
  'dist/THIRD-PARTY-LICENSES.md',
);
