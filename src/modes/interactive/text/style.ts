// Terminal styling as plain strings (SGR codes), so the views stay pure functions of their input.
// Colour is off under NO_COLOR or TERM=dumb; a dumb terminal also gets no other attributes.

export interface ColorEnv {
  NO_COLOR?: string;
  TERM?: string;
  FORCE_COLOR?: string;
}

export type ColorLevel = 'none' | 'attributes' | 'color';

/** 'color': full styling; 'attributes': bold/dim/inverse but no colour (NO_COLOR); 'none': plain text (TERM=dumb). */
export function detectColorLevel(env: ColorEnv = process.env): ColorLevel {
  if (env.TERM === 'dumb') return 'none';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 'attributes';
  return 'color';
}

let level: ColorLevel = detectColorLevel();

export function setColorLevel(next: ColorLevel): void {
  level = next;
}

export function colorLevel(): ColorLevel {
  return level;
}

const sgr = (open: string, close: string, kind: 'attr' | 'color') => (text: string) => {
  if (text === '' || level === 'none' || (kind === 'color' && level === 'attributes')) return text;
  // Re-open after inner closes, so nested styles survive (like chalk).
  const inner = text.includes(`\x1b[${close}m`) ? text.split(`\x1b[${close}m`).join(`\x1b[${close}m\x1b[${open}m`) : text;
  return `\x1b[${open}m${inner}\x1b[${close}m`;
};

export const s = {
  bold: sgr('1', '22', 'attr'),
  dim: sgr('2', '22', 'attr'),
  italic: sgr('3', '23', 'attr'),
  underline: sgr('4', '24', 'attr'),
  inverse: sgr('7', '27', 'attr'),
  strike: sgr('9', '29', 'attr'),
  red: sgr('31', '39', 'color'),
  green: sgr('32', '39', 'color'),
  yellow: sgr('33', '39', 'color'),
  blue: sgr('34', '39', 'color'),
  magenta: sgr('35', '39', 'color'),
  cyan: sgr('36', '39', 'color'),
  gray: sgr('90', '39', 'color'),
  bgRed: sgr('41', '49', 'color'),
  bgGreen: sgr('42', '49', 'color'),
};

/** Plain-ASCII stand-ins for the symbols when the terminal is dumb. */
export function sym(fancy: string, plain: string): string {
  return level === 'none' ? plain : fancy;
}
