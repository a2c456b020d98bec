// Images pasted from the clipboard (Ctrl+V, Alt+V): each is kept here and stands in the input as a
// chip, `[image 1: 120×80 png]`. A sent message takes the images whose chips it still holds, after
// its files, the way `@path` attaches them; deleting a chip leaves its image out. Chips stay valid
// for the session, so a message put back by Esc (or taken from the history) attaches them again.
import { acceptsImages } from '../../../ai/model-defaults.js';
import type { ImageContent, Model } from '../../../ai/types.js';
import type { Attachments } from '../../../session/attachments/index.js';
import { imageSize } from '../../../session/attachments/image-size.js';
import { imageLabel } from '../../../session/attachments/parts.js';
import { formatSize } from '../../../../tools/format.js';
import { refusedLines } from '../conversation/attach-view.js';
import { readClipboardImage } from '../os/clipboard-image.js';
import { insert } from '../editor/editor.js';
import type { Command } from '../input/keymap.js';
import { sym } from '../text/style.js';
import type { Transcript } from '../conversation/transcript.js';
import type { InputBox } from '../input-box/input-box.js';

interface Pasted {
  image: ImageContent;
  size: string;
}

const CHIP = /\[image (\d+)(?::[^\]\n]*)?\]/g;

/** The chip naming pasted image `n`: its pixel size when the header tells it, and its type. Pure. */
export function imageChip(n: number, bytes: Uint8Array, mimeType: string): string {
  const px = imageSize(bytes, mimeType);
  const kind = mimeType.replace('image/', '');
  return `[image ${n}: ${px ? `${px.width}${sym('×', 'x')}${px.height} ` : ''}${kind}]`;
}

/** Ctrl+V or Alt+V, or an empty bracketed paste (what some terminals send when the clipboard holds only an image). */
export function isImagePaste(cmd: Command): boolean {
  return cmd.type === 'pasteImage' || (cmd.type === 'paste' && cmd.text === '');
}

export interface PasteContext {
  model: Model;
  input: InputBox;
  transcript: Transcript;
  /** the screen has something new */
  changed(): void;
}

export class PastedImages {
  private readonly images = new Map<number, Pasted>();
  private count = 0;

  /** The clipboard's image as a chip at the cursor, or one line saying why there is none; what was typed stays. */
  async paste(o: PasteContext): Promise<void> {
    const t = o.transcript;
    if (!acceptsImages(o.model)) t.push(refusedLines([`${o.model.id} does not take images, so nothing was pasted from the clipboard`], t.width));
    else {
      const got = await readClipboardImage();
      if (got.ok) o.input.set(insert(o.input.editor, `${this.add(got.image, got.bytes)} `));
      else t.notice(got.notice);
    }
    o.changed();
  }

  /** Keeps an image; returns its chip. */
  add(image: ImageContent, bytes: Uint8Array): string {
    const n = ++this.count;
    this.images.set(n, { image, size: formatSize(bytes.length) });
    return imageChip(n, bytes, image.mimeType);
  }

  /** The images whose chips `text` holds, each once, in the order of their chips, as the model in use takes them. */
  attachments(text: string, model: Model): Attachments {
    const out: Attachments = { parts: [], attached: [], refused: [] };
    const seen = new Set<number>();
    for (const m of text.matchAll(CHIP)) {
      const n = Number(m[1]);
      const pasted = this.images.get(n);
      if (!pasted || seen.has(n)) continue;
      seen.add(n);
      const path = `clipboard image ${n}`;
      if (!acceptsImages(model)) {
        out.refused.push(`${model.id} does not take images, so ${path} was not sent`);
        continue;
      }
      const file = { path, kind: 'image' as const, size: pasted.size };
      out.parts.push(imageLabel(file, pasted.image.mimeType), pasted.image);
      out.attached.push(file);
    }
    return out;
  }
}
