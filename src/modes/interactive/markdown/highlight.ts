// Syntax highlighting for finished code blocks: highlight.js (loaded on first use, one language at a
// time, synchronously through require) turned into styled terminal lines. highlight.js builds a
// token tree and renders it as HTML; here an emitter of our own keeps the tree and turns it into
// lines directly, without making HTML and parsing it back.
import { createRequire } from 'node:module';
import { colorLevel, s } from '../style.js';

interface HljsResult {
  illegal?: boolean;
  errorRaised?: unknown;
  _emitter?: unknown;
}
interface Hljs {
  getLanguage(name: string): unknown;
  registerLanguage(name: string, language: unknown): void;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): HljsResult;
  configure(options: { __emitter: unknown }): void;
  newInstance(): Hljs;
}

const require = createRequire(import.meta.url);
let hljs: Hljs | null = null;
const failed = new Set<string>();

// biome-ignore format: a table of names, grouped by language
const ALIASES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  shellsession: 'bash',
  py: 'python',
  python3: 'python',
  rs: 'rust',
  golang: 'go',
  yml: 'yaml',
  html: 'xml',
  svg: 'xml',
  md: 'markdown',
  'c++': 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  h: 'c',
  rb: 'ruby',
  patch: 'diff',
  jsonc: 'json',
  json5: 'json',
  toml: 'ini',
  kt: 'kotlin',
  cs: 'csharp',
  'c#': 'csharp',
  docker: 'dockerfile',
  make: 'makefile',
  ps1: 'powershell',
  psql: 'sql',
  scss: 'scss',
};

/** The highlight.js language for a fence's info string, loaded on first use; undefined if unknown. */
function language(info: string): string | undefined {
  const raw = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!raw || !/^[a-z0-9+#_-]+$/.test(raw)) return undefined;
  const name = ALIASES[raw] ?? raw;
  if (failed.has(name)) return undefined;
  try {
    if (!hljs) {
      // An instance of our own: the emitter is set on it, not on the shared one.
      hljs = (require('highlight.js/lib/core') as Hljs).newInstance();
      hljs.configure({ __emitter: LinesEmitter });
    }
    if (!hljs.getLanguage(name)) hljs.registerLanguage(name, require(`highlight.js/lib/languages/${name}`));
    return name;
  } catch {
    failed.add(name);
    return undefined;
  }
}

type Paint = (text: string) => string;

const CLASS_STYLES: [RegExp, Paint][] = [
  [/^(comment|quote|meta)/, s.gray],
  [/^(keyword|selector-tag|doctag)/, s.magenta],
  [/^(string|regexp|addition|symbol|char)/, s.green],
  [/^(number|literal|variable\.constant)/, s.yellow],
  [/^(title\.function|section|function)/, s.blue],
  [/^(title|type|built_in|class|attr|attribute|selector)/, s.cyan],
  [/^deletion/, s.red],
  [/^(emphasis)/, s.italic],
  [/^(strong)/, s.bold],
];

const styles = new Map<string, Paint | undefined>();

/** The style of a CSS class highlight.js gives (`hljs-title function_`: its first word counts). */
function styleFor(className: string): Paint | undefined {
  const name = className.replace(/^hljs-/, '').split(' ')[0]!;
  if (!styles.has(name)) styles.set(name, CLASS_STYLES.find(([re]) => re.test(name))?.[1]);
  return styles.get(name);
}

const scopeStyles = new Map<string, Paint | undefined>();

/** The style of a highlight.js scope (`title.function`), worked out once per scope. */
function paintFor(scope: string): Paint | undefined {
  if (!scopeStyles.has(scope)) scopeStyles.set(scope, styleFor(classOf(scope)));
  return scopeStyles.get(scope);
}

/** The class highlight.js would give a scope in its HTML (see its scopeToCSSClass). */
function classOf(scope: string): string {
  if (scope.startsWith('language:')) return scope.replace('language:', 'language-');
  const [first, ...rest] = scope.split('.');
  return [`hljs-${first}`, ...rest.map((x, i) => `${x}${'_'.repeat(i + 1)}`)].join(' ');
}

interface TokenNode {
  scope?: string;
  children: (string | TokenNode)[];
}

/**
 * highlight.js's emitter interface (addText, startScope/endScope, openNode/closeNode,
 * __addSublanguage, finalize, toHTML) over the same tree as its TokenTreeEmitter; `lines()` paints
 * it as one styled string per source line. Every line opens and closes its own styles, so lines can
 * be wrapped and printed independently.
 */
class LinesEmitter {
  readonly root: TokenNode = { children: [] };
  private readonly stack: TokenNode[] = [this.root];

  private get top(): TokenNode {
    return this.stack[this.stack.length - 1]!;
  }

  addText(text: string): void {
    if (text !== '') this.top.children.push(text);
  }

  startScope(scope: string): void {
    this.openNode(scope);
  }

  endScope(): void {
    this.closeNode();
  }

  openNode(scope: string): void {
    const node: TokenNode = { scope, children: [] };
    this.top.children.push(node);
    this.stack.push(node);
  }

  closeNode(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  __addSublanguage(emitter: LinesEmitter, name: string): void {
    const node = emitter.root;
    if (name) node.scope = `language:${name}`;
    this.top.children.push(node);
  }

  finalize(): boolean {
    this.stack.length = 1;
    return true;
  }

  toHTML(): string {
    return '';
  }

  lines(): string[] {
    const lines: string[] = [];
    const stack: (Paint | undefined)[] = [];
    let line = '';
    const paint = (text: string) => {
      let out = text;
      for (let i = stack.length - 1; i >= 0; i--) out = stack[i] ? stack[i]!(out) : out;
      return out;
    };
    const walk = (node: string | TokenNode) => {
      if (typeof node === 'string') {
        const parts = node.split('\n');
        for (let i = 0; i < parts.length; i++) {
          if (i > 0) {
            lines.push(line);
            line = '';
          }
          if (parts[i]) line += paint(parts[i]!);
        }
        return;
      }
      if (node.scope) stack.push(paintFor(node.scope));
      for (const child of node.children) walk(child);
      if (node.scope) stack.pop();
    };
    walk(this.root);
    lines.push(line);
    return lines;
  }
}

/** Code lines, highlighted when the language is known and colour is on; plain otherwise. */
export function highlight(code: string, info: string): string[] {
  if (colorLevel() !== 'color') return code.split('\n');
  const lang = language(info);
  if (!lang || !hljs) return code.split('\n');
  try {
    const result = hljs.highlight(code, { language: lang, ignoreIllegals: true });
    // On a failure highlight.js gives the code back unstyled (its HTML escaped), so do we.
    if (result.illegal || result.errorRaised || !(result._emitter instanceof LinesEmitter)) return code.split('\n');
    return result._emitter.lines();
  } catch {
    return code.split('\n');
  }
}
