// Which workspace files a hook's or an MCP server's command runs. Trust pins them beside the file
// that names the command, the sandbox keeps them read-only, and a hook whose script changed does
// not run: otherwise the sandboxed model rewrites `scripts/fmt.sh` and the hook runs it outside.
// The line is read by the policy's own shell parser (src/text/shell-parse.ts), then each command
// by its usual forms: a script by path, an interpreter and its script, `npm run X` (the script in package.json, and what it runs), `npx X` of an installed
// package, make. Where tack cannot tell what runs, it says so. Pure but for looking at the disk.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isInside } from '../../tools/fs/paths.js';
import { parseCommandLine } from '../text/shell-parse.js';

/** A package.json script a command runs: pinned by its text, so the rest of the file may change. */
export interface ScriptRun {
  /** the package.json */
  file: string;
  name: string;
  text: string;
}

export interface Runs {
  /** absolute paths inside the root, existing or not (a missing script may not be created either) */
  files: string[];
  scripts: ScriptRun[];
  /** plain sentences: what tack cannot tell about what the command runs */
  unknown: string[];
}

export interface RunsContext {
  /** where the command runs */
  cwd: string;
  /** the workspace (trust root): only files inside it can be written by the agent */
  root: string;
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish']);
const INTERPRETERS = new Set([...SHELLS, 'node', 'nodejs', 'python', 'python3', 'ruby', 'perl', 'php', 'deno', 'bun', 'tsx', 'ts-node', 'lua', 'Rscript']);
/** Words that only run what follows them. */
const PREFIXES = new Set(['env', 'exec', 'command', 'nohup', 'time', 'nice']);
/** Programs that read no code of the workspace: nothing to pin, nothing unknown. */
const PLAIN = new Set([
  'cat',
  'echo',
  'printf',
  'jq',
  'grep',
  'sed',
  'awk',
  'tr',
  'head',
  'tail',
  'cut',
  'sort',
  'test',
  '[',
  'true',
  'false',
  'exit',
  'read',
  'tee',
  'wc',
  'date',
  'sleep',
  'mkdir',
  'touch',
  'cp',
  'mv',
  'rm',
  'ls',
  'cd',
  'git',
]);
const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const RUNNERS = new Set(['npx', 'pnpx', 'bunx']);
const MAKEFILES: Record<string, string[]> = { make: ['GNUmakefile', 'makefile', 'Makefile'], just: ['justfile', 'Justfile', '.justfile'] };
/** npm runs these around a script */
const NPM_LIFECYCLE = ['pre', 'post'];
const MAX_DEPTH = 3;

/** `$CLAUDE_PROJECT_DIR` and tack's own name for it are the workspace; any other variable is not known here. */
function expandWord(word: string, ctx: RunsContext): string | undefined {
  const expanded = word.replace(/\$\{?(?:CLAUDE|TACK)_PROJECT_DIR\}?/g, ctx.cwd);
  return /\$/.test(expanded) ? undefined : expanded;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function nearestPackageJson(from: string, root: string): string | undefined {
  for (let dir = from; isInside(root, dir); dir = dirname(dir)) {
    const path = join(dir, 'package.json');
    if (isFile(path)) return path;
    if (dirname(dir) === dir) break;
  }
  return undefined;
}

function packageScripts(path: string): Record<string, string> {
  try {
    const scripts = (JSON.parse(readFileSync(path, 'utf8')) as { scripts?: unknown }).scripts;
    if (typeof scripts !== 'object' || scripts === null) return {};
    return Object.fromEntries(Object.entries(scripts).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** Gathers into `runs`; a script run from another folder gets a collector of its own over the same `runs`. */
class Collector {
  constructor(
    private readonly ctx: RunsContext,
    readonly runs: Runs = { files: [], scripts: [], unknown: [] },
  ) {}

  file(path: string): void {
    if (isInside(this.ctx.root, path) && !this.runs.files.includes(path)) this.runs.files.push(path);
  }

  unknown(sentence: string): void {
    if (!this.runs.unknown.includes(sentence)) this.runs.unknown.push(sentence);
  }

  line(text: string, depth: number): void {
    // substitutions, subshells and pipelines yield their commands too
    const { commands, problem } = parseCommandLine(text);
    if (problem) this.unknown(`tack cannot follow its command line (${problem}), so it cannot tell everything it runs`);
    for (const command of commands) this.argv(command.words, depth);
  }

  argv(raw: readonly string[], depth: number): void {
    const words: string[] = [];
    for (const w of raw) {
      const x = expandWord(w, this.ctx);
      if (x === undefined) {
        this.unknown(`it uses ${w}, which only the shell knows, so tack cannot tell which file that is`);
        return;
      }
      words.push(x);
    }
    while (words.length > 0 && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!) || PREFIXES.has(words[0]!))) words.shift();
    const program = words[0];
    if (program === undefined) return;
    const args = words.slice(1);
    const name = program.slice(program.lastIndexOf('/') + 1);
    if (program.includes('/')) {
      const path = resolve(this.ctx.cwd, program);
      if (isInside(this.ctx.root, path)) {
        this.file(path);
        return;
      }
    }
    if (INTERPRETERS.has(name)) {
      this.interpreter(name, args, depth);
      return;
    }
    if (PACKAGE_MANAGERS.has(name)) {
      this.packageManager(name, args, depth);
      return;
    }
    if (RUNNERS.has(name)) {
      this.runner(args);
      return;
    }
    const makefiles = MAKEFILES[name];
    if (makefiles) {
      const found = makefiles.map((f) => join(this.ctx.cwd, f)).find(isFile);
      if (found) this.file(found);
      return;
    }
    if (PLAIN.has(name)) return;
    this.unknown(`tack cannot tell which workspace files ${name} reads or runs (its settings may be code)`);
    // a workspace file handed to any other program may be what it runs
    for (const arg of args) {
      const path = resolve(this.ctx.cwd, arg);
      if (!arg.startsWith('-') && isInside(this.ctx.root, path) && path !== this.ctx.root && isFile(path)) this.file(path);
    }
  }

  private interpreter(name: string, args: string[], depth: number): void {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (SHELLS.has(name) && arg === '-c') {
        if (args[i + 1] !== undefined && depth < MAX_DEPTH) this.line(args[i + 1]!, depth + 1);
        return;
      }
      if (arg === '-e' || arg === '--eval' || (name.startsWith('python') && arg === '-c')) return; // inline code: nothing on disk
      if (name.startsWith('python') && arg === '-m') {
        this.unknown(`it runs the Python module ${args[i + 1] ?? ''}, which tack cannot pin`);
        return;
      }
      if (arg.startsWith('-') || (arg === 'run' && (name === 'deno' || name === 'bun'))) continue;
      this.file(resolve(this.ctx.cwd, arg));
      return;
    }
  }

  private packageManager(name: string, args: string[], depth: number): void {
    const rest = args.filter((a) => !a.startsWith('-'));
    let script: string | undefined;
    if (rest[0] === 'dlx') return; // fetched from the registry, not the workspace's
    if (rest[0] === 'run' || rest[0] === 'run-script') script = rest[1];
    else if (['test', 'start', 'stop', 'restart'].includes(rest[0] ?? '')) script = rest[0];
    else if (name !== 'npm' && rest[0] !== undefined && !['install', 'add', 'i', 'ci', 'exec'].includes(rest[0])) script = rest[0];
    if (rest[0] === 'exec') {
      this.runner(rest.slice(1));
      return;
    }
    if (!script) return;
    const pkg = nearestPackageJson(this.ctx.cwd, this.ctx.root);
    if (!pkg) return;
    const scripts = packageScripts(pkg);
    const names = name === 'npm' ? [...NPM_LIFECYCLE.map((p) => p + script), script] : [script];
    let found = false;
    for (const n of names) {
      const text = scripts[n];
      if (text === undefined) continue;
      found = true;
      if (!this.runs.scripts.some((s) => s.file === pkg && s.name === n)) this.runs.scripts.push({ file: pkg, name: n, text });
      if (depth < MAX_DEPTH) new Collector({ ...this.ctx, cwd: dirname(pkg) }, this.runs).line(text, depth + 1);
    }
    // `yarn lint` with no such script runs the package's program of that name
    if (!found && name !== 'npm') this.runner([script]);
  }

  /** `npx X`: an installed package's program is workspace code; one fetched from the registry is not. */
  private runner(args: string[]): void {
    const pkg = args.find((a) => !a.startsWith('-'));
    if (!pkg) return;
    const bin = pkg.replace(/(.)@[^/]*$/, '$1').replace(/^@[^/]+\//, '');
    const link = join(this.ctx.root, 'node_modules', '.bin', bin);
    if (!existsSync(link)) return;
    let target = link;
    try {
      target = realpathSync(link);
    } catch {}
    this.file(target);
    this.unknown(`${bin} runs code from node_modules, of which tack pins only its program file`);
  }
}

/** What a shell line (a hook's command) runs in the workspace. */
export function runsOfLine(line: string, ctx: RunsContext): Runs {
  const c = new Collector(ctx);
  c.line(line, 0);
  return c.runs;
}

/** What a program and its arguments (an MCP server's `command` and `args`) run in the workspace. */
export function runsOfArgv(argv: readonly string[], ctx: RunsContext): Runs {
  const c = new Collector(ctx);
  c.argv(argv, 0);
  return c.runs;
}
