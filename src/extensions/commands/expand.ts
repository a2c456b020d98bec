// A command's body filled in: `$ARGUMENTS`, `$1`…`$9` and Gemini's `{{args}}` take what was typed after
// the name; `` !`cmd` `` (Gemini: `!{cmd}`) runs a command first and puts its output in; `@path`
// (`@{path}`) includes a file's text. Pure: running and reading are the caller's, who passes them
// through the approval gate and the sandbox.

export interface ExpandIo {
  /** the output of a command, or throws with the reason it did not run */
  run(command: string): Promise<string>;
  /** a workspace file's text, or throws with the reason it is not included */
  read(path: string): Promise<string>;
}

export interface Expansion {
  text: string;
  /** one sentence per thing left out (a file outside the workspace, a refused command) */
  notes: string[];
}

/** Words of the argument text, with "quoted words" kept together. */
export function splitArgs(args: string): string[] {
  return [...args.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

const PLACEHOLDER = /\$ARGUMENTS|\{\{\s*args\s*\}\}|\$[1-9]/;

/** Puts the arguments in; a body without a placeholder gets them appended, so nothing typed is lost. */
export function fillArguments(body: string, args: string): string {
  const words = splitArgs(args);
  if (!PLACEHOLDER.test(body)) return args ? `${body}\n\nARGUMENTS: ${args}` : body;
  return body.replace(/\$ARGUMENTS|\{\{\s*args\s*\}\}|\$([1-9])/g, (_whole, n: string | undefined) => (n ? (words[Number(n) - 1] ?? '') : args));
}

/** `` !`cmd` ``, `!{cmd}`, `@{path}`, and `@path` at a word's start. */
const TOKEN = /!`([^`\n]+)`|!\{([^}\n]+)\}|@\{([^}\n]+)\}|(?<=^|[\s(])@([\w./~-][^\s`'"<>()]*)/g;

function cleanPath(raw: string): string {
  return raw.replace(/[.,;:!?]+$/, '');
}

export async function expandCommand(body: string, args: string, io: ExpandIo): Promise<Expansion> {
  const filled = fillArguments(body, args);
  const notes: string[] = [];
  const files: string[] = [];
  const included = new Set<string>();
  const parts: string[] = [];
  let last = 0;
  for (const m of filled.matchAll(TOKEN)) {
    parts.push(filled.slice(last, m.index));
    last = m.index + m[0].length;
    const command = m[1] ?? m[2];
    if (command !== undefined) {
      try {
        parts.push((await io.run(command.trim())).trimEnd());
      } catch (err) {
        notes.push(`!\`${command}\` did not run: ${(err as Error).message}`);
        parts.push(`[command not run: ${command}]`);
      }
      continue;
    }
    const path = cleanPath(m[3] ?? m[4] ?? '');
    parts.push(m[0]);
    if (!path || included.has(path)) continue;
    try {
      const text = await io.read(path);
      included.add(path);
      files.push(`<file path="${path}">\n${text.trimEnd()}\n</file>`);
    } catch (err) {
      // a plain word after @ (a mention, a decorator) is not a file anyone meant
      if (m[3] !== undefined || /[./]/.test(path)) notes.push(`@${path} was not included: ${(err as Error).message}`);
    }
  }
  parts.push(filled.slice(last));
  const text = parts.join('').trim();
  return { text: files.length > 0 ? `${text}\n\n${files.join('\n\n')}` : text, notes };
}
