// The project's paths for `@` completion: listed once in the background (respecting .gitignore),
// cached, and refreshed when stale; typing never waits for it.
import { globby } from 'globby';

const MAX_ENTRIES = 50_000;
const STALE_MS = 30_000;

export class FileIndex {
  private paths: string[] | null = null;
  private loading: Promise<void> | null = null;
  private loadedAt = 0;
  private listeners = new Set<() => void>();

  constructor(private readonly cwd: string) {}

  /** The cached paths (directories end in `/`), or null before the first listing finished. */
  get(): readonly string[] | null {
    if (this.paths === null || Date.now() - this.loadedAt > STALE_MS) void this.refresh();
    return this.paths;
  }

  /** Called when a listing finishes, so an open menu can fill in. */
  onUpdate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  refresh(): Promise<void> {
    this.loading ??= globby('**', {
      cwd: this.cwd,
      gitignore: true,
      dot: true,
      onlyFiles: false,
      markDirectories: true,
      followSymbolicLinks: false,
      suppressErrors: true,
      ignore: ['**/.git/**', '**/node_modules/**', '.git', 'node_modules'],
    })
      .then((found) => {
        this.paths = found.slice(0, MAX_ENTRIES).sort();
        this.loadedAt = Date.now();
        for (const l of this.listeners) l();
      })
      .catch(() => {
        this.paths ??= [];
        this.loadedAt = Date.now();
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
