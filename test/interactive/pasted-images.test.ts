// Pasted clipboard images and their chips: a message takes the images whose chips it holds.
import { describe, expect, it } from 'vitest';
import type { Model } from '../../src/ai/types.js';
import { imageChip, PastedImages } from '../../src/modes/interactive/app/pasted-images.js';
import { pngOf } from '../support/images.js';

const png = pngOf(120, 80);
const image = { type: 'image' as const, data: png.toString('base64'), mimeType: 'image/png' };
const model = { id: 'vision-model' } as Model;
const textOnly = { id: 'text-model', compat: { supportsImages: false } } as Model;

describe('pasted images', () => {
  it('a chip names the image by number, pixels and type', () => {
    expect(imageChip(3, png, 'image/png')).toBe('[image 3: 120×80 png]');
    expect(imageChip(1, Buffer.from('GIF89a'), 'image/gif')).toBe('[image 1: gif]');
  });

  it('a message takes the images its chips name, once each, in their order; a deleted chip takes none', () => {
    const pasted = new PastedImages();
    expect(pasted.add(image, png)).toBe('[image 1: 120×80 png]');
    const other = { ...image, data: 'b3RoZXI=' };
    expect(pasted.add(other, png)).toBe('[image 2: 120×80 png]');
    const both = pasted.attachments('compare [image 2: 120×80 png] with [image 1] and [image 2]', model);
    expect(both.parts.map((p) => (p.type === 'image' ? p.data : p.text))).toEqual([
      '<image path="clipboard image 2" size="' + both.attached[0]!.size + '" type="image/png">',
      'b3RoZXI=',
      '<image path="clipboard image 1" size="' + both.attached[1]!.size + '" type="image/png">',
      image.data,
    ]);
    expect(pasted.attachments('only words, and [image 9: 1×1 png] that was never pasted', model)).toEqual({ parts: [], attached: [], refused: [] });
  });

  it('a model that reads text only gets none, and the user is told which', () => {
    const pasted = new PastedImages();
    pasted.add(image, png);
    expect(pasted.attachments('see [image 1: 120×80 png]', textOnly)).toEqual({
      parts: [],
      attached: [],
      refused: ['text-model does not take images, so clipboard image 1 was not sent'],
    });
  });
});
