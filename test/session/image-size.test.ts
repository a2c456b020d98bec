// Image sizes from their headers (a pasted image's chip names its pixels).
import { describe, expect, it } from 'vitest';
import { imageSize } from '../../src/session/attachments/image-size.js';
import { GIF_1X1, PNG_1X1, pngOf } from '../support/images.js';

/** A JPEG's start: SOI, an APP0 segment, then a baseline frame header for `width`×`height`. */
function jpegHead(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

/** An extended WebP's start (VP8X): sizes minus one in 24 bits. */
function webpHead(width: number, height: number): Buffer {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

describe('imageSize', () => {
  it('reads png, gif, jpeg and webp headers', () => {
    expect(imageSize(pngOf(120, 80), 'image/png')).toEqual({ width: 120, height: 80 });
    expect(imageSize(PNG_1X1, 'image/png')).toEqual({ width: 1, height: 1 });
    expect(imageSize(GIF_1X1, 'image/gif')).toEqual({ width: 1, height: 1 });
    expect(imageSize(jpegHead(640, 480), 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(imageSize(webpHead(1920, 1080), 'image/webp')).toEqual({ width: 1920, height: 1080 });
  });

  it('a header it cannot read gives no size rather than a wrong one', () => {
    expect(imageSize(PNG_1X1.subarray(0, 20), 'image/png')).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]), 'image/jpeg')).toBeUndefined();
    expect(imageSize(pngOf(3, 2), 'image/bmp')).toBeUndefined();
  });
});
