// Whether a file is binary, as git and grep decide it: a NUL byte in its first 8 KB. read and grep
// leave such files alone.
import { open } from 'node:fs/promises';

/** How far into a file we look for a NUL byte to call it binary (what git and grep do). */
export const SNIFF_BYTES = 8192;

export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, SNIFF_BYTES).includes(0);
}

export async function fileLooksBinary(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return looksBinary(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
