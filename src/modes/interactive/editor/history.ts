// Prompt history, one file per project under $TACK_HOME/history/, walked with Up and Down.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const KEEP = 1000;

export function historyFile(home: string, cwd: string): string {
  const slug = cwd.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'root';
  return join(home, 'history', `${slug}.jsonl`);
}

export class History {
  private entries: string[];
  /** entries.length while not browsing */
  private index: number;
  private draft = '';

  constructor(
    entries: string[] = [],
    private readonly file: string | null = null,
  ) {
    this.entries = entries.slice(-KEEP);
    this.index = this.entries.length;
  }

  static load(file: string): History {
    let entries: string[] = [];
    try {
      entries = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .flatMap((line) => {
          try {
            const v: unknown = JSON.parse(line);
            return typeof v === 'string' ? [v] : [];
          } catch {
            return [];
          }
        });
    } catch {
      // no history yet
    }
    return new History(entries, file);
  }

  all(): readonly string[] {
    return this.entries;
  }

  add(text: string): void {
    this.index = this.entries.length;
    if (!text.trim() || this.entries.at(-1) === text) {
      this.index = this.entries.length;
      return;
    }
    this.entries.push(text);
    this.index = this.entries.length;
    if (!this.file) return;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      appendFileSync(this.file, `${JSON.stringify(text)}\n`);
    } catch {
      // history is a convenience: never fail a prompt over it
    }
  }

  /** The entry before the one shown; `current` is kept as the draft when browsing starts. */
  prev(current: string): string | undefined {
    if (this.index === 0) return undefined;
    if (this.index === this.entries.length) this.draft = current;
    this.index--;
    return this.entries[this.index];
  }

  /** The entry after the one shown, then the draft; undefined when not browsing. */
  next(): string | undefined {
    if (this.index >= this.entries.length) return undefined;
    this.index++;
    return this.index === this.entries.length ? this.draft : this.entries[this.index];
  }

  resetBrowsing(): void {
    this.index = this.entries.length;
  }
}
