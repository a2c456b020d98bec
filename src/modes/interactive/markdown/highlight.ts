// Syntax highlighting for finished code blocks: highlight.js (loaded on first use, one language at a
// time, synchronously through require) turned into styled terminal lines.
import { createRequire } from 'node:module';
import { colorLevel, s } from '../style.js';

interface HljsResult {
  value: string;
}
interface Hljs {
  getLanguage(name: string): unknown;
  registerLanguage(name: string, language: unknown): void;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): HljsResult;
}

const require = createRequire(import.meta.url);
let hljs: Hljs | null = null;
const failed = new Set<string>();

const ALIASES: Record<string, string> = {
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', cts: 'typescript',
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript', node: 'javascript',
  sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', shellsession: 'bash',
  py: 'python', python3: 'python', rs: 'rust', golang: 'go', yml: 'yaml', html: 'xml', svg: 'xml',
  md: 'markdown', 'c++': 'cpp', cc: 'cpp', hpp: 'cpp', h: 'c', rb: 'ruby', patch: 'diff',
  jsonc: 'json', json5: 'json', toml: 'ini', kt: 'kotlin', cs: 'csharp', 'c#': 'csharp',
  docker: 'dockerfile', make: 'makefile', ps1: 'powershell', psql: 'sql', scss: 'scss',
};

/** The highlight.js language for a fence's info string, loaded on first use; undefined if unknown. */
function language(info: string): string | undefined {
  const raw = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!raw || !/^[a-z0-9+#_-]+$/.test(raw)) return undefined;
  const name = ALIASES[raw] ?? raw;
  if (failed.has(name)) return undefined;
  try {
    hljs ??= require('highlight.js/lib/core') as Hljs;
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

function styleFor(className: string): Paint | undefined {
  const name = className.replace(/^hljs-/, '').split(' ')[0]!;
  return CLASS_STYLES.find(([re]) => re.test(name))?.[1];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

/**
 * highlight.js HTML (nested `<span class="hljs-…">`) to one styled string per source line; every line
 * opens and closes its own styles, so lines can be wrapped and printed independently.
 */
export function htmlToLines(html: string): string[] {
  const lines: string[] = [];
  const stack: (Paint | undefined)[] = [];
  let line = '';
  const paint = (text: string) => {
    let out = text;
    for (let i = stack.length - 1; i >= 0; i--) out = stack[i] ? stack[i]!(out) : out;
    return out;
  };
  const re = /<span class="([^"]*)">|<\/span>|&[#\w]+;|\n|[^<&\n]+/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const tok = m[0];
    if (m[1] !== undefined) stack.push(styleFor(m[1]));
    else if (tok === '</span>') stack.pop();
    else if (tok === '\n') {
      lines.push(line);
      line = '';
    } else line += paint(tok.startsWith('&') ? (ENTITIES[tok] ?? tok) : tok);
  }
  lines.push(line);
  return lines;
}

/** Code lines, highlighted when the language is known and colour is on; plain otherwise. */
export function highlight(code: string, info: string): string[] {
  if (colorLevel() !== 'color') return code.split('\n');
  const lang = language(info);
  if (!lang || !hljs) return code.split('\n');
  try {
    return htmlToLines(hljs.highlight(code, { language: lang, ignoreIllegals: true }).value);
  } catch {
    return code.split('\n');
  }
}
