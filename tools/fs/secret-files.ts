// Which file names usually hold secrets. The one definition: the approval policy asks before reading
// them, grep leaves their lines out, and the sandbox shows them to commands as empty files.
import { basename } from 'node:path';

/** `.env`, `.env.local`, … but not the templates that are meant to be committed. */
const ENV_FILE = /^\.env(?:\..+)?$/;
const ENV_TEMPLATE = /\.(?:example|sample|template|dist|defaults)$/;
const KEY_FILE = /(?:\.pem|\.key|\.p12|\.pfx)$/;
/** private SSH keys; their `.pub` halves hold nothing secret */
const SSH_KEY = /^id_(?:rsa|dsa|ecdsa|ed25519)(?!.*\.pub$)/;

/** The file name itself when it is one that usually holds secrets, else undefined. */
export function secretFileName(absolute: string): string | undefined {
  const name = basename(absolute);
  return (ENV_FILE.test(name) && !ENV_TEMPLATE.test(name)) || KEY_FILE.test(name) || SSH_KEY.test(name) ? name : undefined;
}

/**
 * What makes a file a secret: a name above, or one of the user's own patterns (their `read(…)` deny
 * rules). Returns a phrase for messages ("secret file", or the rule), or undefined.
 */
export type SecretTest = (absolute: string) => string | undefined;

export const builtinSecretTest: SecretTest = (absolute) => (secretFileName(absolute) ? 'secret file' : undefined);
