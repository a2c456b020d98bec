// A hostile server's body that never ends: after `head`, `piece` again and again as fast as the
// client reads, until the client hangs up. Tells whether it did.
import type { ServerResponse } from 'node:http';

export function writeForever(res: ServerResponse, head: string, piece: Buffer): { hungUp: () => boolean } {
  let closed = false;
  const more = () => {
    while (!closed && res.write(piece));
  };
  res.on('drain', more);
  res.on('close', () => {
    closed = true;
  });
  res.write(head);
  more();
  return { hungUp: () => closed };
}

/** Resolves once `hungUp()` says so, or after `ms`; the caller checks which. */
export async function untilHungUp(hungUp: () => boolean, ms = 5000): Promise<void> {
  for (let waited = 0; !hungUp() && waited < ms; waited += 20) await new Promise((r) => setTimeout(r, 20));
}
