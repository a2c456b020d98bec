// The subcommands, recognised as the first word before the prompt's parser sees it: each is loaded
// only when it is the one asked for.
type Subcommand = (args: string[]) => Promise<number> | number;

const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  mcp: async () => (await import('./mcp.js')).runMcpCommand,
  rewind: async () => (await import('./rewind.js')).runRewindCommand,
  trust: async () => (await import('./trust.js')).runTrustCommand,
  worktree: async () => (await import('./worktree.js')).runWorktreeCommand,
};

/** `tack context [flags]` is print mode's `/context`, with the flags it takes (`-c`, `-r`, `--output-format`). */
export function expandAlias(argv: readonly string[]): string[] {
  if (argv[2] !== 'context') return [...argv];
  return [...argv.slice(0, 2), '-p', ...argv.slice(3), '--', '/context'];
}

/** Runs `tack <subcommand> …` and returns its exit code, or undefined when the first word is none. */
export async function runSubcommand(words: readonly string[]): Promise<number | undefined> {
  const name = words[0];
  if (name === undefined || !Object.hasOwn(SUBCOMMANDS, name)) return undefined;
  const run = await SUBCOMMANDS[name]!();
  return run(words.slice(1));
}
