// Reads piped input for print mode, capped (the setting stdinLimitMB) so a huge log cannot blow up the prompt.

export interface PipedInput {
  text: string;
  /** total bytes received, also past the cap */
  bytes: number;
  truncated: boolean;
  /** the cap it was read with */
  limit: number;
}

export async function readPipedInput(stream: NodeJS.ReadableStream, limit: number): Promise<PipedInput> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let bytes = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buf.length;
    if (keptBytes < limit) {
      const part = buf.subarray(0, limit - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
  }
  // A cut may split a UTF-8 sequence: drop the replacement character it leaves.
  const text = Buffer.concat(kept)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return { text, bytes, truncated: bytes > limit, limit };
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(bytes % 1048576 === 0 ? 0 : 1)} MB`;

/** The sentence for stderr when the piped input was cut (the model is told in the prompt too). */
export function truncationNotice(piped: PipedInput): string | undefined {
  if (!piped.truncated) return undefined;
  return `the piped input is ${mb(piped.bytes)}; only its first ${mb(piped.limit)} goes to the model (the setting "stdinLimitMB" raises the cap)`;
}

/** The prompt first, then the piped text as material; or the piped text alone as the prompt. */
export function composePrompt(prompt: string | undefined, piped: PipedInput | undefined): string | undefined {
  const note = piped?.truncated ? `\n[input cut at ${mb(piped.limit)} of ${(piped.bytes / 1048576).toFixed(1)} MB]` : '';
  const material = piped && piped.text.trim() ? piped.text.replace(/\s+$/, '') + note : undefined;
  if (prompt && material) return `${prompt}\n\n<stdin>\n${material}\n</stdin>`;
  return prompt || material || undefined;
}
