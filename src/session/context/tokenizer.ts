// Counting text in the server's own tokens where it can say: llama-server's `/tokenize`. Asked only
// of a server on this machine or the local network, reached directly (as its slots are), briefly;
// anything else is estimated by the caller.
import { httpRequest } from '../../ai/openai/http-request.js';
import { isLocalServer } from '../agents/server-plan.js';

const TOKENIZE_MS = 3000;

export type Tokenize = (texts: readonly string[]) => Promise<number[] | undefined>;

/** Counts each text with the server's tokeniser; undefined when the server has none to offer. */
export function serverTokenizer(baseUrl: string): Tokenize {
  const root = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  return async (texts) => {
    if (!isLocalServer(baseUrl)) return undefined;
    const signal = AbortSignal.timeout(TOKENIZE_MS);
    try {
      const counts: number[] = [];
      for (const content of texts) {
        if (content === '') {
          counts.push(0);
          continue;
        }
        const res = await httpRequest(`${root}/tokenize`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content, add_special: false }),
          signal,
          redirect: 'manual',
        });
        if (!res.ok) {
          res.cancel();
          return undefined;
        }
        const tokens = (JSON.parse(await res.text()) as { tokens?: unknown }).tokens;
        if (!Array.isArray(tokens)) return undefined;
        counts.push(tokens.length);
      }
      return counts;
    } catch {
      return undefined;
    }
  };
}
