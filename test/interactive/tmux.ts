// A real terminal for end-to-end tests: tack runs in a detached tmux session (its own server
// socket per test); keys go in with send-keys, the screen comes back with capture-pane.
import { spawnSync } from 'node:child_process';
import { cleanEnv, tackBin } from '../support/cli.js';

let counter = 0;

export interface TermOptions {
  args: string[];
  cwd: string;
  home: string;
  env?: Record<string, string>;
  cols?: number;
  rows?: number;
  /** the tack to run: the checkout's by default, an installed one's bin/tack.js otherwise */
  bin?: string;
}

export function hasTmux(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export class Term {
  private constructor(
    private readonly socket: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /**
   * Starts tack in a shell that, when tack exits, prints its exit code and whether the terminal
   * is back in canonical (cooked) mode, then waits.
   */
  static start(o: TermOptions): Term {
    const socket = `tack-test-${process.pid}-${++counter}`;
    // CI=true stays when the tests run in CI: tack must draw its live region there too.
    const env = cleanEnv(o.home, o.env);
    const cmd = [
      `${quote(process.execPath)} ${quote(o.bin ?? tackBin)} ${o.args.map(quote).join(' ')}`,
      'echo "EXIT:$?"',
      `stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon | sed 's/^/TTY:/'`,
      'sleep 600',
    ].join('; ');
    const term = new Term(socket, env);
    term.tmux('-f', '/dev/null', 'new-session', '-d', '-x', String(o.cols ?? 120), '-y', String(o.rows ?? 40), '-c', o.cwd, `sh -c ${quote(cmd)}`);
    return term;
  }

  private tmux(...args: string[]): string {
    const r = spawnSync('tmux', ['-L', this.socket, ...args], { env: this.env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  }

  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', '0');
  }

  /** The screen plus the scrollback above it; `joined`: a line the terminal wrapped comes back whole. */
  history(joined = false): string {
    return this.tmux('capture-pane', '-p', ...(joined ? ['-J'] : []), '-S', '-', '-t', '0');
  }

  /** Polls the screen until `test` holds; fails with the last screen after `timeoutMs`. */
  async waitFor(test: string | RegExp | ((screen: string) => boolean), timeoutMs = 10_000, what?: string): Promise<string> {
    const check = typeof test === 'function' ? test : typeof test === 'string' ? (s: string) => s.includes(test) : (s: string) => test.test(s);
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      last = this.screen();
      if (check(last)) return last;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what ?? String(test)}; the screen was:\n${last}`);
  }

  /** Literal text, as typed. */
  type(text: string): void {
    this.tmux('send-keys', '-t', '0', '-l', text);
  }

  /** tmux key names: Enter, Escape, C-c, M-Enter, Up, BSpace, ... */
  keys(...names: string[]): void {
    this.tmux('send-keys', '-t', '0', ...names);
  }

  /** Bytes as the terminal itself sends them (a focus report: 1b 5b 4f). */
  bytes(...hex: string[]): void {
    this.tmux('send-keys', '-t', '0', '-H', ...hex);
  }

  /** A paste the way a terminal delivers it: inside bracketed-paste markers (tack turns them on). */
  paste(text: string): void {
    this.tmux('set-buffer', '-b', 'tacktest', '--', text);
    this.tmux('paste-buffer', '-p', '-d', '-b', 'tacktest', '-t', '0');
  }

  /** The terminal's new size (tack gets SIGWINCH). */
  resize(cols: number, rows: number): void {
    this.tmux('resize-window', '-t', '0', '-x', String(cols), '-y', String(rows));
  }

  /**
   * The terminal's new size while tack is stopped (SIGSTOP), once tmux has shown all it wrote and
   * until the terminal device has the new size too (tmux re-wraps its screen first and tells the
   * device after). Continued, tack may draw before it handles SIGWINCH, as on a busy machine, but
   * no frame of its is on its way to the terminal while the screen is re-wrapped.
   */
  async resizeWhileStopped(cols: number, rows: number): Promise<void> {
    const [shell, tty] = this.tmux('display-message', '-p', '-t', '0', '#{pane_pid} #{pane_tty}').trim().split(' ') as [string, string];
    const app = Number(spawnSync('pgrep', ['-P', shell], { encoding: 'utf8' }).stdout.split('\n')[0]);
    const pause = () => new Promise((r) => setTimeout(r, 100));
    process.kill(app, 'SIGSTOP');
    try {
      let last = '';
      for (let screen = this.screen(); screen !== last; screen = this.screen()) {
        last = screen;
        await pause();
      }
      this.resize(cols, rows);
      while (spawnSync('stty', ['-F', tty, 'size'], { encoding: 'utf8' }).stdout.trim() !== `${rows} ${cols}`) await pause();
    } finally {
      process.kill(app, 'SIGCONT');
    }
  }

  /** From now on, every byte tack writes goes to `file` as well. */
  record(file: string): void {
    this.tmux('pipe-pane', '-o', '-t', '0', `cat > ${quote(file)}`);
  }

  kill(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server'], { env: this.env });
  }
}

/** The input box: the lines between the two rules above the footer. */
export function inputBox(screen: string): string {
  const lines = screen.split('\n');
  const rules = lines.map((l, i) => (/^─{20,}$/.test(l.trim()) ? i : -1)).filter((i) => i >= 0);
  if (rules.length < 2) return '';
  const [a, b] = rules.slice(-2) as [number, number];
  return lines.slice(a + 1, b).join('\n');
}
