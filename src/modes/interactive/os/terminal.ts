// Raw keyboard input, bracketed paste and focus reports on while the app runs; everything restored
// on the way out, whichever way that is (quit, signal, crash).

const PASTE_ON = '\x1b[?2004h\x1b[?1004h';
const PASTE_OFF = '\x1b[?2004l\x1b[?1004l';
const SHOW_CURSOR = '\x1b[?25h';

export interface TerminalHandle {
  restore(): void;
  /** Hands the terminal to another program (an editor) until `resume`. */
  suspend(): void;
  resume(): void;
}

export function enterRawMode(stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream, onData: (chunk: string) => void): TerminalHandle {
  let restored = false;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.on('data', onData);
  stdin.resume();
  stdout.write(PASTE_ON);
  const restore = () => {
    if (restored) return;
    restored = true;
    stdin.off('data', onData);
    try {
      stdin.setRawMode(false);
    } catch {
      // the terminal is gone
    }
    stdin.pause();
    try {
      stdout.write(PASTE_OFF + SHOW_CURSOR);
    } catch {
      // the terminal is gone
    }
  };
  process.once('exit', restore);
  const suspend = () => {
    stdin.off('data', onData);
    stdin.setRawMode(false);
    stdin.pause();
    stdout.write(PASTE_OFF + SHOW_CURSOR);
  };
  const resume = () => {
    if (restored) return;
    stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
    stdout.write(PASTE_ON);
  };
  return { restore, suspend, resume };
}
