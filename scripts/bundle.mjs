// Bundles the command through rolldown's API: its CLI lists every output file (~60 lines) on each
// `npm install`, and has no option to be quiet. Warnings and errors still reach stderr.
import { build } from 'rolldown';
import config from '../rolldown.config.mjs';

await build(config);
