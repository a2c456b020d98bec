// An image's width and height, read from its header (png, gif, jpeg, webp), so a pasted image can be
// named by its size before it is sent. Pure; undefined for a header it cannot read.

export interface ImageSize {
  width: number;
  height: number;
}

export function imageSize(bytes: Uint8Array, mimeType: string): ImageSize | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found =
    mimeType === 'image/png'
      ? png(b)
      : mimeType === 'image/gif'
        ? gif(b)
        : mimeType === 'image/jpeg'
          ? jpeg(b)
          : mimeType === 'image/webp'
            ? webp(b)
            : undefined;
  return found && found.width > 0 && found.height > 0 ? found : undefined;
}

function png(b: Buffer): ImageSize | undefined {
  // the IHDR chunk comes first: length, "IHDR", width, height (big-endian)
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageSize | undefined {
  return b.length < 10 ? undefined : { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** The first start-of-frame segment (SOF0-SOF15 but the DHT, JPG and DAC markers) holds the size. */
function jpeg(b: Buffer): ImageSize | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    // fill bytes before a marker
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return undefined;
}

function webp(b: Buffer): ImageSize | undefined {
  if (b.length < 30) return undefined;
  const kind = b.toString('latin1', 12, 16);
  // lossy: 14-bit sizes after the frame's start code
  if (kind === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  // lossless: two 14-bit sizes minus one, packed after the 0x2f signature
  if (kind === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  // extended: 24-bit sizes minus one
  if (kind === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return undefined;
}
