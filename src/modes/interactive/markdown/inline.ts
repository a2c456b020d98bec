// Inline markdown (emphasis, code, links) to one styled string; wrapping happens afterwards.
import type { Token } from 'marked';
import { s } from '../text/style.js';
import { sanitize } from '../text/text.js';

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_m, name: string) => ENTITY[name] ?? _m);
}

type Tok = Token & { tokens?: Token[]; text?: string; href?: string };

export function renderInline(tokens: Token[] | undefined, fallback = ''): string {
  if (!tokens) return sanitize(decodeEntities(fallback));
  let out = '';
  for (const raw of tokens) {
    const t = raw as Tok;
    switch (t.type) {
      case 'strong':
        out += s.bold(renderInline(t.tokens, t.text));
        break;
      case 'em':
        out += s.italic(renderInline(t.tokens, t.text));
        break;
      case 'del':
        out += s.strike(renderInline(t.tokens, t.text));
        break;
      case 'codespan':
        out += s.cyan(sanitize(decodeEntities(t.text ?? '')));
        break;
      case 'br':
        out += '\n';
        break;
      case 'link': {
        const label = renderInline(t.tokens, t.text);
        const href = t.href ?? '';
        const plainLabel = decodeEntities(t.text ?? '');
        out += plainLabel === href || `mailto:${plainLabel}` === href ? s.blue(s.underline(label)) : `${s.blue(s.underline(label))}${s.gray(` (${href})`)}`;
        break;
      }
      case 'image':
        out += s.gray(`[image: ${decodeEntities(t.text ?? '')}${t.href ? ` ${t.href}` : ''}]`);
        break;
      case 'escape':
        out += t.text ?? '';
        break;
      case 'html':
        out += sanitize(t.raw);
        break;
      case 'text':
        out += t.tokens ? renderInline(t.tokens, t.text) : sanitize(decodeEntities(t.text ?? t.raw));
        break;
      default:
        out += sanitize(t.raw ?? '');
    }
  }
  return out;
}
