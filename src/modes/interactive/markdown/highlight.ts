// Syntax highlighting for finished code blocks and diffs: Prism's tokenizer (loaded on first use,
// each language with the ones it builds on, synchronously through require) turned into styled
// terminal lines. Prism rather than highlight.js: on the code of a long answer it takes three
// quarters of highlight.js's time in a fresh process and a quarter once warm (bench/highlight.bench.mjs),
// and the interactive bench's whole 300,000-character stream ends ~110 ms sooner.
// Prism loads its languages by file name, which no bundler follows: the build copies them to dist/prism.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageRoot } from '../../../config/paths.js';
import { colorLevel, s } from '../text/style.js';

interface Token {
  type: string;
  content: TokenContent;
  alias?: string | string[];
}
type TokenContent = string | Token | (string | Token)[];
type Grammar = object;
interface Prism {
  languages: Record<string, unknown>;
  tokenize(text: string, grammar: Grammar): (string | Token)[];
}
type LoadLanguages = ((names: string[]) => void) & { silent?: boolean };

const require = createRequire(import.meta.url);
let prism: Prism | null = null;
let loadLanguages: LoadLanguages | null = null;
const failed = new Set<string>();

// Names Prism does not know itself (it knows ts, py, sh, yml, html, md, cs, kt and most others).
// biome-ignore format: a table of names, grouped by language
const ALIASES: Record<string, string> = {
  mts: 'typescript',
  cts: 'typescript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  zsh: 'bash',
  console: 'bash',
  shellsession: 'bash',
  python3: 'python',
  rs: 'rust',
  golang: 'go',
  'c++': 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  h: 'c',
  patch: 'diff',
  jsonc: 'json',
  docker: 'dockerfile',
  make: 'makefile',
  ps1: 'powershell',
  psql: 'sql',
};

/** Prism's grammar for a fence's info string, loaded on first use; undefined if unknown. */
function grammarFor(info: string): Grammar | undefined {
  const raw = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!/^[a-z][a-z0-9+#_-]*$/.test(raw)) return undefined;
  const name = Object.hasOwn(ALIASES, raw) ? ALIASES[raw]! : raw;
  if (failed.has(name)) return undefined;
  try {
    if (!prism || !loadLanguages) {
      const copied = join(packageRoot(), 'dist', 'prism');
      const dir = existsSync(copied) ? copied : 'prismjs';
      prism = require(dir) as Prism;
      loadLanguages = require(`${dir}/components/index.js`) as LoadLanguages;
      // an unknown name is ours to handle: no warning on the terminal
      loadLanguages.silent = true;
    }
    // Prism.languages also holds its helpers (extend, insertBefore, DFS): only an object is a grammar
    if (!Object.hasOwn(prism.languages, name)) loadLanguages([name]);
    const grammar = Object.hasOwn(prism.languages, name) ? prism.languages[name] : undefined;
    if (grammar && typeof grammar === 'object') return grammar;
  } catch {
    // a language file that fails to load is left plain, like an unknown one
  }
  failed.add(name);
  return undefined;
}

type Paint = (text: string) => string;

const TYPE_STYLES: [RegExp, Paint][] = [
  [/^(comment|prolog|doctype|cdata|shebang|coord)$/, s.gray],
  [/^(keyword|important|atrule|rule|directive)$/, s.magenta],
  [/^(string|char|regex|attr-value|inserted|url|template-punctuation)$/, s.green],
  [/^(number|boolean|constant|symbol|entity)$/, s.yellow],
  [/^(function|function-definition|title|section)$/, s.blue],
  [/^(class-name|builtin|tag|attr-name|selector|property|namespace|type|annotation|decorator)$/, s.cyan],
  [/^deleted$/, s.red],
  [/^italic$/, s.italic],
  [/^bold$/, s.bold],
];

const styles = new Map<string, Paint | undefined>();

/** The style of a Prism token type, worked out once per type. */
function paintFor(type: string): Paint | undefined {
  if (!styles.has(type)) styles.set(type, TYPE_STYLES.find(([re]) => re.test(type))?.[1]);
  return styles.get(type);
}

/** A token's style: its type's, else its first alias with one (`template-punctuation` is a string). */
function tokenPaint(token: Token): Paint | undefined {
  const own = paintFor(token.type);
  if (own || token.alias === undefined) return own;
  for (const alias of typeof token.alias === 'string' ? [token.alias] : token.alias) {
    const paint = paintFor(alias);
    if (paint) return paint;
  }
  return undefined;
}

/**
 * Prism's tokens as one styled string per source line. Every line opens and closes its own styles,
 * so lines can be wrapped and printed independently. A piece takes the style of the innermost token
 * that has one (a colour inside another shows as the inner one anyway), and neighbours of one style
 * are painted together: no escapes spent on nesting.
 */
function toLines(tokens: (string | Token)[]): string[] {
  const lines: string[] = [];
  const stack: (Paint | undefined)[] = [];
  let line = '';
  let run = '';
  let runPaint: Paint | undefined;
  const endRun = () => {
    if (run) line += runPaint ? runPaint(run) : run;
    run = '';
  };
  const add = (text: string) => {
    let paint: Paint | undefined;
    for (let i = stack.length - 1; i >= 0 && !paint; i--) paint = stack[i];
    if (paint !== runPaint) {
      endRun();
      runPaint = paint;
    }
    run += text;
  };
  const walk = (node: TokenContent) => {
    if (typeof node === 'string') {
      const parts = node.split('\n');
      for (let i = 0; i < parts.length; i++) {
        if (i > 0) {
          endRun();
          lines.push(line);
          line = '';
        }
        if (parts[i]) add(parts[i]!);
      }
      return;
    }
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    stack.push(tokenPaint(node));
    walk(node.content);
    stack.pop();
  };
  walk(tokens);
  endRun();
  lines.push(line);
  return lines;
}

/**
 * The longest code highlighted. Some grammars take time quadratic in what they are given on hostile
 * text (Prism's markup: 30,000 characters of unclosed tags take 0.2 s, 120,000 take 3 s), and an
 * answer is the model's to write: longer code is printed plain.
 */
export const MAX_HIGHLIGHTED_CHARS = 24_000;

/** Code lines, highlighted when the language is known, colour is on and the code not too long; plain otherwise. */
export function highlight(code: string, info: string): string[] {
  if (colorLevel() !== 'color' || code.length > MAX_HIGHLIGHTED_CHARS) return code.split('\n');
  const grammar = grammarFor(info);
  if (!grammar || !prism) return code.split('\n');
  try {
    return toLines(prism.tokenize(code, grammar));
  } catch {
    return code.split('\n');
  }
}
