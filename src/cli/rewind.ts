// `tack rewind`: the checkpoints of a session from the command line (list, rewind, prune).
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { parseWords, tackStyle } from '../config/subcommand.js';
import { UsageError } from '../config/errors.js';
import { tackHome } from '../config/paths.js';
import { expandHome } from '../../tools/fs/paths.js';
import { type CheckpointSettings, checkpointSettings } from '../config/checkpoint-settings.js';
import { rewind, type RewindWhat } from '../session/checkpointing.js';
import { parseRules } from '../session/permissions/rules.js';
import { workspaceSecretTest } from '../session/permissions/secrets.js';
import type { SecretTest } from '../../tools/fs/secret-files.js';
import { findSessionById } from '../session/file/locate.js';
import { lockSession } from '../session/file/lock.js';
import { SessionWriter, listSessions, loadSession } from '../session/file/store.js';
import { Checkpoints } from '../checkpoints/checkpoints.js';
import { checkpointLine, firstLine, planLines, reportLines } from '../checkpoints/describe.js';
import { pruneCheckpoints } from '../checkpoints/prune.js';
import { CheckpointStore } from '../checkpoints/store.js';
import { stripControls, visible } from '../text/terminal-text.js';

interface RewindOptions {
  list?: boolean;
  to?: number;
  code?: boolean;
  conversation?: boolean;
  both?: boolean;
  force?: boolean;
  prune?: boolean;
  days?: number;
  session?: string;
  resume?: string;
  cwd?: string;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1.');
  return n;
}

/** The user's own settings ($TACK_HOME/config.json): retention, the size limit, and the `read()` deny rules. */
function ownSettings(home: string): CheckpointSettings & { deny: string[] } {
  try {
    const file = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as { checkpoints?: unknown; permissions?: { deny?: unknown } };
    const c = file.checkpoints;
    const deny = Array.isArray(file.permissions?.deny) ? file.permissions.deny.filter((r): r is string => typeof r === 'string') : [];
    return { ...checkpointSettings(c && typeof c === 'object' ? (c as Parameters<typeof checkpointSettings>[0]) : {}), deny };
  } catch {
    return { ...checkpointSettings(), deny: [] };
  }
}

/** What the snapshot before a restore leaves out: what the tools may not show, the user's deny rules included. */
function secretTest(deny: string[], cwd: string): SecretTest {
  const user = homedir();
  try {
    return workspaceSecretTest(parseRules({ deny }, user), cwd, user);
  } catch {
    return workspaceSecretTest(parseRules({}, user), cwd, user);
  }
}

function sessionFile(o: RewindOptions, home: string, cwd: string): string {
  if (o.session) return resolve(cwd, expandHome(o.session));
  if (o.resume) return findSessionById(home, cwd, o.resume);
  const latest = listSessions(home, cwd)[0];
  if (!latest) throw new UsageError(`no session in ${cwd} to rewind; name one with --session FILE or -r ID`);
  return latest.path;
}

function what(o: RewindOptions): RewindWhat {
  const chosen = (['code', 'conversation', 'both'] as const).filter((w) => o[w]);
  if (chosen.length > 1) throw new UsageError(`choose one of --code, --conversation and --both, not ${chosen.map((w) => `--${w}`).join(' and ')}`);
  return chosen[0] ?? 'code';
}

/** Runs the subcommand; returns the exit code. */
export async function runRewindCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const program = new Command('tack rewind')
    .description("Go back to a checkpoint: the workspace's files, the conversation, or both (a checkpoint is taken before each prompt).")
    .option('--list', 'list the checkpoints (the default): number, time, prompt, files changed since')
    .option('--to <n>', 'rewind to checkpoint n (1 = before the first prompt)', positiveInt)
    .option('--code', 'with --to: the files only (the default)')
    .option('--conversation', 'with --to: the conversation only (cut back to before that prompt)')
    .option('--both', 'with --to: files and conversation')
    .option('--force', 'with --to: also overwrite files changed outside tack since it last wrote them')
    .option('--prune', 'drop checkpoints of sessions unused for the retention time (settings: checkpoints.retentionDays, 30)')
    .option('--days <n>', 'with --prune: the retention time in days', positiveInt)
    .option('--session <file>', 'the session file (default: the latest session here)')
    .option('-r, --resume <id>', 'the session whose id starts with id')
    .option('-C, --cwd <dir>', 'the directory whose sessions to use');
  tackStyle(program);
  const ended = parseWords(program, args);
  if (ended !== undefined) return ended;
  const o = program.opts<RewindOptions>();
  const home = tackHome(env);
  const settings = ownSettings(home);
  const out = (lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);
  if (o.prune) {
    const days = o.days ?? settings.retentionDays;
    const r = await pruneCheckpoints(home, days);
    out([
      `pruned checkpoints of ${r.sessions} session${r.sessions === 1 ? '' : 's'} unused for ${days} days (${r.workspaces} workspace store${r.workspaces === 1 ? '' : 's'} removed)`,
    ]);
    return 0;
  }
  const cwd = resolve(expandHome(o.cwd ?? process.cwd()));
  const file = sessionFile(o, home, cwd);
  const loaded = await loadSession(file);
  const store = new CheckpointStore(home, loaded.header.cwd, settings.maxFileBytes, settings.limits, secretTest(settings.deny, loaded.header.cwd));
  if (o.to === undefined) {
    const cp = new Checkpoints(store, loaded.header.id, loaded.timeline, loaded.conversations, () => {});
    const rows = await cp.sinceEach();
    if (rows.length === 0) out([`no checkpoints in ${visible(file)}`]);
    else out(rows.map((r) => checkpointLine(r.checkpoint, r.changes)));
    return 0;
  }
  const lock = lockSession(file);
  const { writer } = SessionWriter.reopen(file);
  try {
    const cp = new Checkpoints(store, loaded.header.id, loaded.timeline, loaded.conversations, (entry) => writer.append(entry));
    const chosen = what(o);
    const n = o.to;
    if (chosen !== 'conversation') out([`rewinding the files to checkpoint ${n}:`, ...planLines(await cp.plan(n))]);
    const outcome = await rewind(cp, n, chosen, loaded.messages, () => {}, { overwrite: o.force });
    if (outcome.files) {
      out([`rewound the files to checkpoint ${n} (${firstLine(outcome.text) || 'empty'}):`, ...reportLines(outcome.files)]);
      out([`(the files as they were are checkpoint ${cp.list().length}: tack rewind --to ${cp.list().length} undoes this)`]);
    }
    const message = stripControls(outcome.text).split('\n');
    if (chosen !== 'code') out([`conversation cut back to before checkpoint ${n}; its message was:`, ...message.map((l) => `  ${l}`)]);
    return outcome.files && outcome.files.refused.length > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(err.message);
    throw err;
  } finally {
    writer.close();
    lock.release();
  }
}
