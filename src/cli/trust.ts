// `tack trust [dir]`, `tack trust --list`, `tack trust --revoke [dir]`: trust.json from the command line.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../config/errors.js';
import { Command } from 'commander';
import { parseWords, tackStyle } from '../config/subcommand.js';
import { tackHome } from '../config/paths.js';
import { expandHome } from '../../tools/fs/paths.js';
import { assessTrust, revokeFolder, trustFolder } from '../trust/assess.js';
import { trustRoot } from '../trust/project-files.js';
import { readTrust, trustFile } from '../trust/store.js';
import { visible } from '../text/terminal-text.js';

function listTrusted(home: string): string {
  const folders = Object.entries(readTrust(home).folders);
  if (folders.length === 0) return `no trusted folders (${trustFile(home)})\n`;
  return folders
    .map(([root, r]) => {
      const files = Object.keys(r.files).map(visible);
      return `${visible(root)}  trusted ${r.trustedAt.slice(0, 16).replace('T', ' ')}  ${files.length > 0 ? files.join(', ') : '(no settings files then)'}`;
    })
    .join('\n')
    .concat('\n');
}

function trustHere(dir: string, home: string): string {
  const a = assessTrust(dir, home);
  trustFolder(home, a);
  // file names and effects (hook commands, server commands) come from the folder: shown, never obeyed
  if (a.files.length === 0) return `trusted ${visible(a.root)} (it has no settings files yet; tack asks again when some appear)\n`;
  const lines = a.files.flatMap((f) => [
    `  ${visible(f.rel)}:`,
    ...(f.effects.length > 0 ? f.effects : ['changes nothing']).map((e) => `    - ${visible(e)}`),
    // a script a hook or server runs, changed since it was last trusted: what is being trusted now
    ...(f.diff ? f.diff.split('\n').map((line) => `      ${visible(line)}`) : []),
  ]);
  return [`trusted ${visible(a.root)}; these now apply:`, ...lines, ''].join('\n');
}

/** Runs the subcommand; returns the exit code. */
export function runTrustCommand(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const program = new Command('tack trust')
    .description("Trust a folder's own settings (.tack/config.json, .mcp.json), pinned to their current content.")
    .argument('[dir]', 'the folder (default: the current directory); its repository root is what is trusted')
    .option('--list', 'list the trusted folders')
    .option('--revoke', 'stop trusting the folder');
  tackStyle(program);
  const ended = parseWords(program, args);
  if (ended !== undefined) return ended;
  const opts = program.opts<{ list?: boolean; revoke?: boolean }>();
  const home = tackHome(env);
  const dir = resolve(expandHome(program.args[0] ?? process.cwd()));
  if (!existsSync(dir)) throw new UsageError(`no such folder: ${dir}`);
  if (opts.list) {
    process.stdout.write(listTrusted(home));
    return 0;
  }
  if (opts.revoke) {
    const root = trustRoot(dir);
    process.stdout.write(revokeFolder(home, root) ? `no longer trusted: ${visible(root)}\n` : `${visible(root)} was not trusted\n`);
    return 0;
  }
  process.stdout.write(trustHere(dir, home));
  return 0;
}
