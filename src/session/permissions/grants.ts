// What the user allowed for the rest of this session by answering a question: a file, every edit,
// every command that starts with a prefix such as `npm test` or `node server.js`, or one exact command
// (`node -e "…"`): an interpreter's name alone would allow any program at all.
import { basename } from 'node:path';

export class SessionGrants {
  private readonly readPaths = new Set<string>();
  private readonly editPaths = new Set<string>();
  private readonly prefixes = new Set<string>();
  /** commands allowed as written, and only so */
  private readonly exact = new Set<string>();
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

  /** An "always" answer about commands: those starting with each prefix, and each exact one as written. */
  grantCommands(prefixes: readonly string[], exact: readonly string[] = []): void {
    for (const prefix of prefixes) this.prefixes.add(prefix);
    for (const text of exact) this.exact.add(text.trim());
  }

  /** `words` as the policy judges them; `text` the command as written, for the exact grants. */
  allowsCommand({ words, text = words.join(' ') }: { words: readonly string[]; text?: string }): boolean {
    if (this.exact.has(text.trim())) return true;
    // word by word: `node "server.js --x"` is not `node server.js` with an argument
    for (const prefix of this.prefixes) {
      const want = prefix.split(' ');
      if (want.length <= words.length && want.every((word, i) => words[i] === word)) return true;
    }
    return false;
  }

  commandPrefixes(): string[] {
    return [...this.prefixes];
  }
}

/** Sub-commands that name the real action in their third word: `npm run build`, `pnpm exec tsc`. */
const RUNNERS = new Set(['run', 'run-script', 'exec', 'x', 'dlx']);
const PLAIN_WORD = /^[A-Za-z0-9][\w.:@/-]*$/;
/** A script or package named as it stands: no option, no space, nothing the shell expands. */
const PLAIN_PATH = /^[\w.@/+-][\w.:@/+-]*$/;
/**
 * Programs whose name says nothing of what they run: the code is the next word (a script, a
 * package) or an option's value (`-e`, `-c`), or stdin.
 */
const INTERPRETERS =
  /^(?:node|nodejs|python[\d.]*|pypy[\d.]*|bash|sh|zsh|dash|ksh|mksh|fish|ruby|perl|php|deno|bun|bunx|npx|pnpx|uvx|tsx|ts-node|lua|Rscript)$/;

/** What an "always" answer covers: commands starting with `prefix` (word by word), or `exact` as written. */
export type CommandGrant = { prefix: string } | { exact: string };

/**
 * The prefix an "always" answer covers: the program and its sub-command (`npm test`, `git commit`,
 * `cargo build`), not its arguments, so `npm test -- --watch` is covered too but `npm publish` is not.
 * An interpreter is covered with its script (`node server.js`, `python -m pytest`), or only as the
 * exact command (`node -e "…"`); one that reads its program from stdin (`bash`, `python -`) never.
 */
export function commandGrant(words: readonly string[], text = words.join(' '), literal?: readonly boolean[]): CommandGrant | undefined {
  const name = basename(words[0] ?? '');
  if (!INTERPRETERS.test(name)) return { prefix: commandPrefix(words) };
  const second = words[1];
  const plain = (i: number) => literal?.[i] !== false && PLAIN_PATH.test(words[i] ?? '') && !words[i]!.startsWith('-');
  if (second !== undefined && plain(1)) return { prefix: `${words[0]} ${second}` };
  if (second === '-m' && plain(2)) return { prefix: `${words[0]} -m ${words[2]}` };
  // options, then code or a script: this command as written, if the shell changes none of its words
  const namesCode = words.slice(1).some((word) => !word.startsWith('-'));
  if (!namesCode || literal?.some((l) => !l)) return undefined;
  return { exact: text.trim() };
}

/** The program and its sub-command; see `commandGrant`, which is what an answer may cover. */
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

/** What a question's subject says an answer covers (policy.ts `AskSubject`). */
export function grantCover(covers: CommandGrant | undefined): { prefixes: string[]; exact?: string[] } {
  if (covers && 'exact' in covers) return { prefixes: [], exact: [covers.exact] };
  return { prefixes: covers ? [covers.prefix] : [] };
}

/** One question's cover for the parts of a line that each needed one. */
export function mergeCovers(covers: readonly { prefixes: string[]; exact?: string[] }[]): { prefixes: string[]; exact?: string[] } {
  const exact = [...new Set(covers.flatMap((c) => c.exact ?? []))];
  return { prefixes: [...new Set(covers.flatMap((c) => c.prefixes))], ...(exact.length > 0 ? { exact } : {}) };
}

/** The allow rules that say what an answer covered, to save: `bash(npm test*)`, `bash(node -e "…")`. */
export function commandRules(prefixes: readonly string[], exact: readonly string[] = []): string[] {
  return [...prefixes.map((p) => `bash(${p}*)`), ...exact.map((e) => `bash(${e})`)];
}
