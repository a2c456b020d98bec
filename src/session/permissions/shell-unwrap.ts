// Sees through the commands that only change how another command runs (`timeout 60 npm test`,
// `env A=1 make`, `bash -c '…'`, `sudo …`), so that a rule about `npm test` or `rm` applies to it.
import { parseCommandLine, type Redirect, type SimpleCommand } from '../../text/shell-parse.js';

export interface JudgedCommand {
  /**
   * The words the policy judges: transparent wrappers removed. A command run through sudo or doas
   * keeps that wrapper, so only a rule that names it (or an answer about it) lets it run.
   */
  words: string[];
  /** for each word, whether bash passes it as it stands (see SimpleCommand) */
  literal: boolean[];
  /** texts deny and ask rules are matched against: as written, and with each wrapper removed */
  views: string[];
  redirects: Redirect[];
  /** `VAR=value` set for the command: before it, or through `env` */
  assignments: string[];
  /** the transparent wrappers seen through, outermost first (`timeout`, `xargs`, …) */
  wrappers: string[];
  /** the folders wrappers move the command to (`env -C DIR`), outermost first, as written */
  chdirs: string[];
  elevated: boolean;
  /** the command as written */
  text: string;
}

export interface JudgedLine {
  commands: JudgedCommand[];
  problem?: string;
}

/** Wrapper options that take a value (`timeout -s KILL`), so the value is not taken for the command. */
const VALUE_OPTIONS: Record<string, string[]> = {
  sudo: ['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '-T', '--user', '--group', '--host', '--prompt', '--chdir'],
  doas: ['-u', '-C'],
  env: ['-u', '-C', '--unset', '--chdir'],
  timeout: ['-s', '-k', '--signal', '--kill-after'],
  nice: ['-n', '--adjustment'],
  xargs: ['-I', '-L', '-n', '-P', '-s', '-d', '-E', '-a', '--arg-file', '--delimiter', '--max-args', '--max-procs'],
  stdbuf: ['-i', '-o', '-e'],
  nohup: [],
  time: [],
  command: [],
  exec: [],
};
const ELEVATING = new Set(['sudo', 'doas']);
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);
/** Without a command these sudo options open a shell or do not run anything we can see. */
const SUDO_SHELL_FLAGS = new Set(['-s', '-i', '--shell', '--login', '-e', '--edit']);
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const STANDARD_BIN = /^\/(?:usr\/(?:local\/)?)?s?bin\/[^/]+$/;

/** `/usr/bin/git` is git; `./git` is some script in the workspace and stays itself. */
export function commandName(word: string | undefined): string {
  if (word === undefined) return '';
  return STANDARD_BIN.test(word) ? word.slice(word.lastIndexOf('/') + 1) : word;
}

/** The index of the wrapped command's first word, or undefined when the wrapper runs none. */
function wrappedStart(name: string, words: string[]): number | undefined {
  const valued = VALUE_OPTIONS[name];
  let i = 1;
  while (i < words.length) {
    const w = words[i];
    if (w === '--') {
      i++;
      break;
    }
    if (name === 'env' && ENV_ASSIGNMENT.test(w)) {
      i++;
      continue;
    }
    if (!w.startsWith('-') || w === '-') break;
    if (name === 'env' && (w === '-S' || w.startsWith('--split-string'))) return undefined;
    if (ELEVATING.has(name) && SUDO_SHELL_FLAGS.has(w)) return undefined;
    if (name === 'command' && (w === '-v' || w === '-V')) return undefined;
    i += valued.includes(w) ? 2 : 1;
  }
  if (name === 'timeout') i++; // the duration
  return i < words.length ? i : undefined;
}

/** The script of `bash -c 'script'` (also `-lc`, `-ec`, …), if that is what `words` run. */
function shellScript(words: string[]): string | undefined {
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (!w.startsWith('-')) return undefined;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(w)) return words[i + 1];
    if (w === '-o' || w === '+o') i++;
  }
  return undefined;
}

/** The commands `find … -exec cmd {} ;` runs, so a rule about `rm` sees `find -exec rm`. */
function findExecs({ words, literal }: Words): Words[] {
  const execs: Words[] = [];
  for (let i = 1; i < words.length; i++) {
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(words[i])) continue;
    const end = words.findIndex((w, j) => j > i && (w === ';' || w === '+'));
    const stop = end < 0 ? words.length : end;
    const kept = words.map((w, j) => j > i && j < stop && w !== '{}');
    execs.push({ words: words.filter((_, j) => kept[j]), literal: literal.filter((_, j) => kept[j]) });
    i = stop;
  }
  return execs.filter((e) => e.words.length > 0);
}

const joined = (words: string[]) => words.join(' ');

/** The folders `env`'s options move to: `-C DIR`, `-CDIR`, `--chdir DIR`, `--chdir=DIR`. */
function envChdirs(options: string[]): string[] {
  const dirs: string[] = [];
  for (let i = 0; i < options.length; i++) {
    const w = options[i]!;
    if ((w === '-C' || w === '--chdir') && options[i + 1] !== undefined) dirs.push(options[++i]!);
    else if (w.startsWith('--chdir=')) dirs.push(w.slice('--chdir='.length));
    else if (/^-C./.test(w)) dirs.push(w.slice(2));
  }
  return dirs;
}

type Words = { words: string[]; literal: boolean[] };
const from = (w: Words, start: number): Words => ({ words: w.words.slice(start), literal: w.literal.slice(start) });

/**
 * Adds the commands `cmd` runs to `out`. `elevatedAs` is the sudo/doas invocation around it, if any:
 * such commands are judged as that whole invocation, never as the command inside.
 */
function judge(
  cmd: SimpleCommand,
  outer: { views: string[]; assignments: string[]; wrappers: string[]; chdirs: string[] },
  elevatedAs: Words | undefined,
  depth: number,
  out: JudgedLine,
): void {
  const { views: outerViews, assignments: outerAssignments, wrappers: outerWrappers } = outer;
  const chdirs = [...outer.chdirs];
  let current: Words = { words: cmd.words, literal: cmd.literal };
  let elevated = elevatedAs;
  const views = [...outerViews, cmd.text, joined(cmd.words)];
  const assignments = [...outerAssignments, ...cmd.assignments];
  const wrappers = [...outerWrappers];
  for (;;) {
    const name = commandName(current.words[0]);
    if (SHELLS.has(name)) {
      const script = shellScript(current.words);
      if (script !== undefined && depth < 4) {
        const inner = parseCommandLine(script, depth + 1);
        if (inner.problem) out.problem ??= `${inner.problem} in the script of ${name} -c`;
        const innerOuter = { views: [...views, joined(current.words)], assignments, wrappers: [...wrappers, name], chdirs };
        for (const c of inner.commands) judge({ ...c, redirects: [...c.redirects, ...cmd.redirects] }, innerOuter, elevated, depth + 1, out);
        return;
      }
    }
    if (!(name in VALUE_OPTIONS)) break;
    const start = wrappedStart(name, current.words);
    if (start === undefined) break;
    if (ELEVATING.has(name)) elevated ??= current;
    if (name === 'env') {
      assignments.push(...current.words.slice(1, start).filter((w) => ENV_ASSIGNMENT.test(w)));
      chdirs.push(...envChdirs(current.words.slice(1, start)));
    }
    wrappers.push(name);
    current = from(current, start);
    views.push(joined(current.words));
  }
  const base = { views: [...new Set(views)], assignments, wrappers, chdirs, elevated: elevated !== undefined };
  if (commandName(current.words[0]) === 'find') {
    for (const exec of findExecs(current)) {
      const judged = elevated ?? exec;
      out.commands.push({ ...judged, ...base, views: [...base.views, joined(exec.words)], redirects: [], text: joined(exec.words) });
    }
  }
  out.commands.push({ ...(elevated ?? current), ...base, redirects: cmd.redirects, text: cmd.text });
}

export function judgeCommandLine(line: string): JudgedLine {
  const parsed = parseCommandLine(line);
  const out: JudgedLine = { commands: [] };
  if (parsed.problem) out.problem = parsed.problem;
  for (const cmd of parsed.commands) judge(cmd, { views: [], assignments: [], wrappers: [], chdirs: [] }, undefined, 0, out);
  return out;
}
