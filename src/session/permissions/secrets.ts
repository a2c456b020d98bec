// Files that usually hold secrets: reading them asks in every mode but yolo.
import { basename, join, sep } from 'node:path';
import { HOME_SECRET_DIRS, HOME_SECRET_FILES } from '../../../tools/sandbox.js';
import { isInside } from '../../../tools/paths.js';

/** `.env`, `.env.local`, … but not the templates that are meant to be committed. */
const ENV_FILE = /^\.env(?:\..+)?$/;
const ENV_TEMPLATE = /\.(?:example|sample|template|dist|defaults)$/;
const KEY_FILE = /(?:\.pem|\.key|\.p12|\.pfx)$/;
/** private SSH keys; their `.pub` halves hold nothing secret */
const SSH_KEY = /^id_(?:rsa|dsa|ecdsa|ed25519)(?!.*\.pub$)/;

/** The file name (or home directory) that makes `absolute` a secret, or undefined. */
export function secretMatch(absolute: string, home: string): string | undefined {
  for (const dir of HOME_SECRET_DIRS) {
    const full = join(home, dir);
    if (isInside(full, absolute)) return `~/${dir}`;
  }
  for (const file of HOME_SECRET_FILES) if (absolute === join(home, file)) return `~/${file}`;
  const name = basename(absolute);
  if ((ENV_FILE.test(name) && !ENV_TEMPLATE.test(name)) || KEY_FILE.test(name) || SSH_KEY.test(name)) return name;
  // a secret directory elsewhere, such as a copied `.ssh`
  return absolute.split(sep).includes('.ssh') ? '.ssh' : undefined;
}
