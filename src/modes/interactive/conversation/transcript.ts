// The finished pieces of the conversation, waiting to be printed once into the terminal's
// scrollback (never redrawn). Only storage: what goes in is already rendered.
import { renderError, renderNotice } from '../view/messages.js';

export interface StaticItem {
  id: number;
  text: string;
}

export class Transcript {
  private items: StaticItem[] = [];
  private nextId = 0;

  constructor(public width: number) {}

  /** The items added since the last call. */
  take(): StaticItem[] {
    const out = this.items;
    this.items = [];
    return out;
  }

  /** A block of lines, set off from the one before by an empty line. */
  push(lines: string[]): void {
    this.items.push({ id: this.nextId++, text: ['', ...lines].join('\n') });
  }

  pushRaw(text: string): void {
    this.items.push({ id: this.nextId++, text });
  }

  notice(text: string): void {
    this.push(renderNotice(text, this.width));
  }

  error(text: string): void {
    this.push(renderError(text, this.width));
  }
}
