import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planEdit } from '../../tools/index.js';
import { workspace } from './helpers.js';

/** Small seeded PRNG, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)]!, chance: (p: number) => next() < p };
}

const WORDS = ['let', 'x', '=', 'foo(“a”)', '你好', '🎉', 'it’s', 'a—b', 'wait…', 'return', '{', '}', 'ß', 'value'];

/** A random file whose every line is unique (an id), with the quirks the fallbacks forgive. */
function makeFile(rng: ReturnType<typeof random>) {
  const eol = rng.chance(0.4) ? '\r\n' : '\n';
  const tabs = rng.chance(0.3);
  const lines = Array.from({ length: 5 + Math.floor(rng.next() * 30) }, (_, n) => {
    if (rng.chance(0.1)) return '';
    const depth = Math.floor(rng.next() * 4);
    const indent = tabs ? '\t'.repeat(depth) : '  '.repeat(depth);
    const words = Array.from({ length: 1 + Math.floor(rng.next() * 5) }, () => rng.pick(WORDS));
    const trailing = rng.chance(0.2) ? rng.pick([' ', '  ', '\t']) : '';
    return `${indent}id${n} ${words.join(' ')}${trailing}`;
  });
  const bom = rng.chance(0.2) ? '\uFEFF' : '';
  return { content: bom + lines.join(eol) + (rng.chance(0.8) ? eol : ''), lines, eol, bom };
}

/** old_text for lines i..j, quoted the ways models misquote. */
function misquote(rng: ReturnType<typeof random>, lines: string[], i: number) {
  let quoted = lines.slice(i.valueOf(), i + 1 + Math.floor(rng.next() * 4));
  if (rng.chance(0.3)) quoted = quoted.map((line) => line.trimEnd());
  if (rng.chance(0.3)) quoted = quoted.map((line) => line.replace(/[“”]/g, '"').replace(/’/g, "'").replace(/—/g, '-').replace(/…/g, '...'));
  if (rng.chance(0.25)) {
    const shift = rng.pick(['  ', '    ']);
    quoted = quoted.map((line) => (line.trim() === '' ? line : shift + line));
  }
  if (rng.chance(0.2)) quoted = quoted.map((line, k) => `${String(i + k + 1).padStart(6)}\t${line}`);
  return { oldText: quoted.join('\n'), count: quoted.length };
}

describe('edit never changes bytes outside the matched region', () => {
  it('holds for 400 random files and misquoted old_text', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const rng = random(seed);
      const { content, lines, eol, bom } = makeFile(rng);
      const candidates = lines.map((line, n) => (line.trim() ? n : -1)).filter((n) => n >= 0);
      const i = rng.pick(candidates);
      const { oldText, count } = misquote(rng, lines, i);
      const plan = planEdit({ content, oldText, newText: `NEW${seed}\nsecond`, replaceAll: false, path: 'f' });
      expect(plan.ok, `seed ${seed}: ${plan.ok ? '' : plan.message}`).toBe(true);
      if (!plan.ok) continue;
      // Everything before the first quoted line and after the last one (from its line ending on) is untouched.
      const startOfRegion = bom.length + lines.slice(0, i).reduce((sum, line) => sum + line.length + eol.length, 0);
      const endOfRegion = startOfRegion + lines.slice(i, i + count).reduce((sum, line) => sum + line.length + eol.length, 0) - eol.length;
      const before = content.slice(0, startOfRegion);
      const after = content.slice(endOfRegion);
      expect(plan.content.startsWith(before), `seed ${seed}: prefix`).toBe(true);
      expect(plan.content.endsWith(after), `seed ${seed}: suffix`).toBe(true);
      expect(plan.content.split(`NEW${seed}${eol}second`)).toHaveLength(2);
    }
  });

  it('holds byte for byte through the tool, around a region in a large mixed file', async () => {
    const { cwd, run } = workspace();
    const head = Buffer.from('\uFEFF' + '头部 line\r\n'.repeat(500) + 'tail  \r\n');
    const region = Buffer.from('    target(“x”) 🎯  \r\n    second\r\n');
    const tail = Buffer.from('after\r\n'.repeat(500) + 'no newline at end');
    await writeFile(join(cwd, 'big.txt'), Buffer.concat([head, region, tail]));
    const result = await run('edit', { path: 'big.txt', old_text: 'target("x") 🎯\nsecond', new_text: 'done()\nsecond' });
    expect(result.isError).toBe(false);
    const written = await readFile(join(cwd, 'big.txt'));
    expect(written.subarray(0, head.length).equals(head)).toBe(true);
    expect(written.subarray(written.length - tail.length).equals(tail)).toBe(true);
    expect(written.subarray(head.length, written.length - tail.length).toString()).toBe('    done()\r\n    second\r\n');
  });
});
