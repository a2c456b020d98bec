// A folder's files in few words, for a question that must fit the terminal and a one-line notice:
// commands, skills and agents that only add themselves go in one group per kind. Pure.
import { plural } from '../../tools/format.js';
import type { FileReport } from './assess.js';
import { addedByFile } from './extension-effects.js';

export interface FileGroup {
  kind: 'command' | 'skill' | 'agent';
  /** the commands', skills' or agents' names, sorted */
  names: string[];
  files: FileReport[];
}

const KIND_WORD = { command: 'slash command', skill: 'skill', agent: 'agent' } as const;

/** Files that only add a command, skill or agent, grouped by kind (two or more of a kind); the others as they are. */
export function groupFiles(files: readonly FileReport[]): { groups: FileGroup[]; others: FileReport[] } {
  const byKind = new Map<FileGroup['kind'], FileGroup>();
  for (const file of files) {
    const added = file.risky ? undefined : addedByFile(file.effects);
    if (!added) continue;
    const group = byKind.get(added.kind) ?? { kind: added.kind, names: [], files: [] };
    group.names.push(added.name);
    group.files.push(file);
    byKind.set(added.kind, group);
  }
  const groups = [...byKind.values()].filter((g) => g.files.length > 1);
  for (const g of groups) g.names.sort();
  const grouped = new Set(groups.flatMap((g) => g.files));
  return { groups, others: files.filter((f) => !grouped.has(f)) };
}

/** "30 slash commands: /task-01 … /task-30" (every name when there are three or fewer). */
export function groupLine(g: FileGroup): string {
  const names = g.names.length <= 3 ? g.names.join(', ') : `${g.names[0]} … ${g.names.at(-1)}`;
  return `${plural(g.names.length, KIND_WORD[g.kind])}: ${names}`;
}

/** The files named in a short phrase: every name when few, else a count per group, at most three items in all. */
export function fileList(files: readonly FileReport[], name: (f: FileReport) => string): string {
  if (files.length <= 3) return files.map(name).join(', ');
  const { groups, others } = groupFiles(files);
  const items = [
    ...others.map((f) => ({ text: name(f), count: 1 })),
    ...groups.map((g) => ({ text: plural(g.files.length, `${g.kind} file`), count: g.files.length })),
  ];
  if (items.length <= 3) return items.map((i) => i.text).join(', ');
  const rest = items.slice(2).reduce((n, i) => n + i.count, 0);
  return [...items.slice(0, 2).map((i) => i.text), plural(rest, 'more file')].join(', ');
}
