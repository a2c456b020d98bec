// Splits a bash command line into the simple commands it runs, so the policy can judge each one:
// `a && b`, `a | b`, `a; b`, subshells, `$(…)`, backticks and `<(…)` all yield their commands,
// wherever bash runs them: inside `${…}`, `$((…))` and unquoted here-documents too.
// This is not a full bash parser; where it cannot follow the line it says so (`problem`), and the
// policy then asks instead of guessing.

export interface Redirect {
  /** the operator without its fd number: `>`, `>>`, `<`, `<<`, `&>`, `>&`, … */
  op: string;
  target: string;
}

export interface SimpleCommand {
  /** words after quote removal, without leading assignments and without redirections */
  words: string[];
  /**
   * For each word, whether bash passes it as it stands: nothing in it expanded (no `$`, backquote,
   * unquoted pattern character or brace, no leading `~`). Quote removal keeps no trace of the
   * quotes, so this is what tells `grep '$x'` from `grep $x`.
   */
  literal: boolean[];
  assignments: string[];
  redirects: Redirect[];
  /** the command as written */
  text: string;
}

export interface ParsedLine {
  commands: SimpleCommand[];
  /** set when the line could not be followed (unclosed quote or parenthesis, …) */
  problem?: string;
}

/** Words that only shape control flow; a command starting with them is judged by what follows. */
const RESERVED = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'esac']);
const REDIRECT = /^(?:\d*(?:>>|>&|>\||<<<|<<-|<<|<&|<>|>|<)|&>>|&>)/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;
const BREAKS_WORD = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);
/** Subshells, substitutions and expansions inside one another; deeper than this the line is not followed. */
const MAX_NESTING = 16;

interface Word {
  value: string;
  raw: string;
  start: number;
  literal: boolean;
}

class Builder {
  words: Word[] = [];
  redirects: Redirect[] = [];
  start = -1;
  end = -1;

  touch(start: number, end: number): void {
    if (this.start < 0) this.start = start;
    this.end = end;
  }
}

class Scanner {
  private pos = 0;
  private heredocs: { delimiter: string; stripTabs: boolean; expands: boolean }[] = [];
  /** how many `(`, `$(`, `${`, … are open at `pos` */
  private level = 0;
  readonly commands: SimpleCommand[] = [];
  problem: string | undefined;
  /** the word being read has a part bash expands */
  private expands = false;

  constructor(
    private readonly src: string,
    private readonly depth: number,
  ) {}

  run(): void {
    this.list(undefined);
  }

  /** Reads commands until `stop` (the `)` closing a subshell or `$(`) or the end of the line. */
  private list(stop: ')' | undefined): void {
    let cmd = new Builder();
    const src = this.src;
    while (this.pos < src.length) {
      const c = src[this.pos];
      if (c === ' ' || c === '\t') {
        this.pos++;
      } else if (c === '\\' && src[this.pos + 1] === '\n') {
        this.pos += 2;
      } else if (c === '\n') {
        this.finish(cmd);
        cmd = new Builder();
        this.pos++;
        this.skipHeredocBodies();
      } else if (c === '#') {
        // words swallow a `#` inside them (`a#b`), so one seen here starts a comment
        while (this.pos < src.length && src[this.pos] !== '\n') this.pos++;
      } else if (c === ')') {
        this.pos++;
        this.finish(cmd);
        if (stop === ')') return;
        this.fail('a ")" without its "("');
        cmd = new Builder();
      } else if (c === '(') {
        this.finish(cmd);
        cmd = new Builder();
        this.pos++;
        this.deeper(() => this.list(')'));
      } else if ((c === '<' || c === '>') && src[this.pos + 1] === '(') {
        this.word(cmd);
      } else if (REDIRECT.test(src.slice(this.pos, this.pos + 4))) {
        this.redirect(cmd);
      } else if (c === ';' || c === '&' || c === '|') {
        this.finish(cmd);
        cmd = new Builder();
        this.pos += /^(?:;;|&&|\|\||\|&)/.test(src.slice(this.pos, this.pos + 2)) ? 2 : 1;
      } else {
        this.word(cmd);
      }
    }
    this.finish(cmd);
    if (stop) this.fail('an unclosed "(" or "$("');
  }

  private redirect(cmd: Builder): void {
    const start = this.pos;
    const match = REDIRECT.exec(this.src.slice(this.pos, this.pos + 4))!;
    this.pos += match[0].length;
    const op = match[0].replace(/^\d+/, '');
    while (this.src[this.pos] === ' ' || this.src[this.pos] === '\t') this.pos++;
    const target = this.readWord();
    cmd.touch(start, this.pos);
    cmd.redirects.push({ op, target: target.value });
    // with the delimiter unquoted (`<<EOF`, not `<<'EOF'`), bash expands `$(…)` and backticks in the body
    if (op === '<<' || op === '<<-') this.heredocs.push({ delimiter: target.value, stripTabs: op === '<<-', expands: !/['"\\]/.test(target.raw) });
  }

  /** After the line that opened here-documents, their bodies are data, except the commands an unquoted one expands. */
  private skipHeredocBodies(): void {
    for (const { delimiter, stripTabs, expands } of this.heredocs.splice(0)) {
      const bodyStart = this.pos;
      let bodyEnd: number | undefined;
      while (bodyEnd === undefined) {
        if (this.pos >= this.src.length) {
          this.fail(`a here-document without its closing "${delimiter}" line`);
          bodyEnd = this.src.length;
          continue;
        }
        const newline = this.src.indexOf('\n', this.pos);
        const end = newline < 0 ? this.src.length : newline;
        let line = this.src.slice(this.pos, end);
        if (stripTabs) line = line.replace(/^\t+/, '');
        if (line === delimiter) bodyEnd = this.pos;
        this.pos = end + 1;
      }
      if (expands) this.expansionsIn(this.src.slice(bodyStart, bodyEnd));
    }
  }

  /** The commands of the `$(…)` and backticks in text that is otherwise data (a here-document body). */
  private expansionsIn(text: string): void {
    this.deeper(() => this.adopt(new Scanner(text, this.depth + this.level), (inner) => inner.expansionsOnly()));
  }

  private expansionsOnly(): void {
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === '\\') this.pos += 2;
      else if (c === '$' || c === '`') this.expansion();
      else this.pos++;
    }
  }

  private word(cmd: Builder): void {
    const start = this.pos;
    const word = this.readWord();
    if (word.raw === '') {
      // a character no rule consumed; skip it rather than loop forever
      this.pos++;
      return;
    }
    cmd.touch(start, this.pos);
    cmd.words.push(word);
  }

  private readWord(): Word {
    const src = this.src;
    const start = this.pos;
    let value = '';
    this.expands = src[start] === '~';
    while (this.pos < src.length) {
      const c = src[this.pos];
      if ((c === '<' || c === '>') && src[this.pos + 1] === '(' && this.pos === start) {
        this.pos += 2;
        this.nested();
        // set after the words inside were read, each of which sets it for itself
        this.expands = true;
        value += src.slice(start, this.pos);
        continue;
      }
      if (BREAKS_WORD.has(c)) break;
      if (c === '\\') {
        value += src[this.pos + 1] ?? '';
        this.pos += 2;
      } else if (c === "'") {
        const close = src.indexOf("'", this.pos + 1);
        if (close < 0) {
          this.fail('an unclosed single quote');
          value += src.slice(this.pos + 1);
          this.pos = src.length;
        } else {
          value += src.slice(this.pos + 1, close);
          this.pos = close + 1;
        }
      } else if (c === '"') {
        this.pos++;
        value += this.doubleQuoted();
      } else if (c === '$' || c === '`') {
        value += this.expansion();
      } else {
        if ('*?[{'.includes(c)) this.expands = true;
        value += c;
        this.pos++;
      }
    }
    return { value, raw: src.slice(start, this.pos), start, literal: !this.expands };
  }

  private doubleQuoted(): string {
    const src = this.src;
    let value = '';
    while (this.pos < src.length && src[this.pos] !== '"') {
      const c = src[this.pos];
      if (c === '\\' && '"\\$`\n'.includes(src[this.pos + 1] ?? '')) {
        value += src[this.pos + 1] === '\n' ? '' : src[this.pos + 1];
        this.pos += 2;
      } else if (c === '$' || c === '`') {
        value += this.expansion();
      } else {
        value += c;
        this.pos++;
      }
    }
    if (this.pos >= src.length) this.fail('an unclosed double quote');
    else this.pos++;
    return value;
  }

  /** `$VAR`, `${…}`, `$((…))`, `$(…)` or a backtick command, at `pos`; returns the text as written. */
  private expansion(): string {
    const src = this.src;
    const start = this.pos;
    if (src[this.pos] === '`') {
      let end = this.pos + 1;
      while (end < src.length && src[end] !== '`') end += src[end] === '\\' ? 2 : 1;
      if (end >= src.length) this.fail('an unclosed backtick');
      this.parseInner(src.slice(this.pos + 1, Math.min(end, src.length)).replace(/\\([`\\$])/g, '$1'));
      this.pos = Math.min(end + 1, src.length);
    } else if (src.startsWith('$((', this.pos)) {
      this.pos += 3;
      this.deeper(() => this.inside('(', ')', 2));
    } else if (src.startsWith('$(', this.pos)) {
      this.pos += 2;
      this.nested();
    } else if (src.startsWith('${', this.pos)) {
      this.pos += 2;
      this.deeper(() => this.inside('{', '}', 1));
    } else {
      this.pos++;
      const name = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(src.slice(this.pos));
      this.pos += name ? name[0].length : 0;
    }
    // a `$` that starts nothing is itself; `$'…'` is kept here as `$` and the quoted text, not as bash decodes it
    if (this.pos > start + 1 || src[start] === '`' || `'"`.includes(src[this.pos] ?? '-')) this.expands = true;
    return src.slice(start, this.pos);
  }

  /** The commands of a `$(…)` or `<(…)` whose opening we just passed. */
  private nested(): void {
    this.deeper(() => this.list(')'));
  }

  /** The commands of a backtick substitution's text. */
  private parseInner(text: string): void {
    this.deeper(() => this.adopt(new Scanner(text, this.depth + this.level), (inner) => inner.run()));
  }

  private adopt(inner: Scanner, scan: (inner: Scanner) => void): void {
    scan(inner);
    this.commands.push(...inner.commands);
    if (inner.problem) this.fail(inner.problem);
  }

  /** One level further in; past MAX_NESTING the rest of the line is not read (a deep line must not exhaust the stack). */
  private deeper(read: () => void): void {
    if (this.depth + this.level >= MAX_NESTING) {
      this.fail('commands nested too deeply');
      this.pos = this.src.length;
      return;
    }
    this.level++;
    read();
    this.level--;
  }

  /**
   * Past the `count` closing characters that balance the openings so far, in `${…}` or `$((…))`,
   * whose `$(…)`, backticks and nested expansions run commands too (`${x:-$(rm y)}`).
   */
  private inside(open: string, close: string, count: number): void {
    const src = this.src;
    let depth = count;
    while (this.pos < src.length && depth > 0) {
      const c = src[this.pos];
      if (c === '$' || c === '`') {
        this.expansion();
        continue;
      }
      // quotes are plain characters here: taking one for a quote could hide a `$(…)` bash runs
      if (c === '\\') this.pos++;
      else if (c === open) depth++;
      else if (c === close) depth--;
      this.pos++;
    }
    if (depth > 0) this.fail(`an unclosed "${open}"`);
  }

  private finish(cmd: Builder): void {
    const words = [...cmd.words];
    const assignments: string[] = [];
    // `do make` is shown as `make`: the text starts after the reserved words, but keeps assignments
    let textStart = cmd.start;
    while (words.length > 0 && (RESERVED.has(words[0].raw) || ASSIGNMENT.test(words[0].raw))) {
      const first = words.shift()!;
      if (RESERVED.has(first.raw)) textStart = words[0]?.start ?? cmd.end;
      else assignments.push(first.value);
    }
    // `for x in a b`, `select x in …`: a loop header runs nothing itself, but sets its variable to each
    // word as an assignment would (`for PATH in .; do ls; done` runs ./ls)
    if (words[0]?.raw === 'for' || words[0]?.raw === 'select') {
      const name = words[1]?.raw ?? '';
      if (!/^[A-Za-z_]\w*$/.test(name)) return;
      const values = words[2]?.raw === 'in' ? words.slice(3).map((w) => w.value) : [];
      const text = this.src.slice(textStart, cmd.end).trim();
      this.commands.push({ words: [], literal: [], assignments: (values.length > 0 ? values : ['']).map((v) => `${name}=${v}`), redirects: [], text });
      return;
    }
    // a bare `PATH=…` still counts: it changes what the rest of the line runs
    if (words.length === 0 && cmd.redirects.length === 0 && assignments.length === 0) return;
    this.commands.push({
      words: words.map((w) => w.value),
      literal: words.map((w) => w.literal),
      assignments,
      redirects: cmd.redirects,
      text: this.src.slice(textStart, cmd.end).trim(),
    });
  }

  private fail(problem: string): void {
    this.problem ??= problem;
  }
}

export function parseCommandLine(line: string, depth = 0): ParsedLine {
  const scanner = new Scanner(line, depth);
  scanner.run();
  return scanner.problem ? { commands: scanner.commands, problem: scanner.problem } : { commands: scanner.commands };
}
