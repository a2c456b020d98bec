// Reads piped input for print mode, capped so a huge log cannot blow up the prompt.
export const STDIN_LIMIT_BYTES = 1024 * 1024;

export interface PipedInput {
  text: string;
  /** total bytes received, also past the cap */
  bytes: number;
  truncated: boolean;
}

export async function readPipedInput(stream: NodeJS.ReadableStream, limit = STDIN_LIMIT_BYTES): Promise<PipedInput> {
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
  return { text, bytes, truncated: bytes > limit };
}

/** The prompt first, then the piped text as material; or the piped text alone as the prompt. */
export function composePrompt(prompt: string | undefined, piped: PipedInput | undefined): string | undefined {
  const note = piped?.truncated ? `\n[input cut at ${(STDIN_LIMIT_BYTES / 1048576).toFixed(0)} MB of ${(piped.bytes / 1048576).toFixed(1)} MB]` : '';
  const material = piped && piped.text.trim() ? piped.text.replace(/\s+$/, '') + note : undefined;
  if (prompt && material) return `${prompt}\n\n<stdin>\n${material}\n</stdin>`;
  return prompt || material || undefined;
}
