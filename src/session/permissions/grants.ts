// What the user allowed for the rest of this session by answering a question: a file, every edit,
// or every command that starts with a prefix such as `npm test`.

export class SessionGrants {
  private readonly readPaths = new Set<string>();
  private readonly editPaths = new Set<string>();
  private readonly prefixes = new Set<string>();
  /** MCP tools answered "always" for this session */
  private readonly tools = new Set<string>();
  /** hosts a fetch may read from, answered "always" for this session */
  private readonly hosts = new Set<string>();
  /** "yes to all edits": edits and writes inside the workspace run like in auto-edit */
  allEdits = false;

  grantPath(kind: 'read' | 'edit', absolute: string): void {
    (kind === 'edit' ? this.editPaths : this.readPaths).add(absolute);
  }

  grantTool(name: string): void {
    this.tools.add(name);
  }

  allowsTool(name: string): boolean {
    return this.tools.has(name);
  }

  grantHost(host: string): void {
    this.hosts.add(host);
  }

  allowsHost(host: string): boolean {
    return this.hosts.has(host);
  }

  grantPrefix(prefix: string): void {
    this.prefixes.add(prefix);
  }

  /** Allowing a file to be changed allows reading it too. */
  allowsPath(kind: 'read' | 'edit', absolute: string): boolean {
    return this.editPaths.has(absolute) || (kind === 'read' && this.readPaths.has(absolute));
  }

  allowsCommand(words: readonly string[]): boolean {
    const text = words.join(' ');
    for (const prefix of this.prefixes) if (text === prefix || text.startsWith(`${prefix} `)) return true;
    return false;
  }

  commandPrefixes(): string[] {
    return [...this.prefixes];
  }
}

/** Sub-commands that name the real action in their third word: `npm run build`, `pnpm exec tsc`. */
const RUNNERS = new Set(['run', 'run-script', 'exec', 'x', 'dlx']);
const PLAIN_WORD = /^[A-Za-z0-9][\w.:@/-]*$/;

/**
 * The prefix an "always" answer covers: the program and its sub-command (`npm test`, `git commit`,
 * `cargo build`), not its arguments, so `npm test -- --watch` is covered too but `npm publish` is not.
 */
export function commandPrefix(words: readonly string[]): string {
  const prefix = [words[0] ?? ''];
  const second = words[1];
  if (second !== undefined && PLAIN_WORD.test(second) && !second.includes('/') && !second.includes('.')) {
    prefix.push(second);
    const third = words[2];
    if (RUNNERS.has(second) && third !== undefined && PLAIN_WORD.test(third)) prefix.push(third);
  }
  return prefix.join(' ');
}
