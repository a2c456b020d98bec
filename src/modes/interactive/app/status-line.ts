// The status line under the input: the command runs off the render path, at most one at a time,
// at most once per DEBOUNCE_MS however many events come, and is killed after TIMEOUT_MS. Its last
// output stays on screen until the next; a failure is said once, in one line, and blanks the line.
import { homedir } from 'node:os';
import { claudeStatusLine, type StatusLineSetting } from '../../../config/status-line.js';
import { runStatusCommand } from '../../../extensions/status-line.js';

const DEBOUNCE_MS = 300;
const TIMEOUT_MS = 1000;

export interface StatusLineHost {
  cwd: string;
  env: Record<string, string>;
  /** the session as JSON, asked when the command starts */
  payload(): Record<string, unknown>;
  /** new lines to draw */
  changed(): void;
  /** one sentence for the user (a failing command, once per distinct failure) */
  tell(text: string): void;
}

export class StatusLine {
  private output: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: { kill(): void } | undefined;
  /** events came while the command ran: it runs again when done */
  private again = false;
  private told = '';
  private stopped = false;

  constructor(
    private readonly setting: StatusLineSetting,
    private readonly host: StatusLineHost,
  ) {}

  /** What to draw under the input, padded as the setting says. */
  get lines(): string[] {
    const pad = ' '.repeat(this.setting.padding);
    return this.output.map((l) => pad + l);
  }

  /** Something the command may show changed: it runs within DEBOUNCE_MS. */
  poke(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, DEBOUNCE_MS);
    this.timer.unref?.();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.running?.kill();
  }

  private run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    const h = this.host;
    const run = runStatusCommand(this.setting.command, JSON.stringify(h.payload()), { cwd: h.cwd, env: h.env, timeoutMs: TIMEOUT_MS });
    this.running = run;
    void run.done.then((outcome) => {
      this.running = undefined;
      if (this.stopped) return;
      if ('lines' in outcome) {
        this.output = outcome.lines;
        this.told = '';
      } else {
        this.output = [];
        const sentence = `the status line's command failed: ${outcome.error} (${this.setting.path})`;
        if (sentence !== this.told) h.tell(sentence);
        this.told = sentence;
      }
      h.changed();
      if (this.again) {
        this.again = false;
        this.poke();
      }
    });
  }
}

/** The app's status line when a setting names a command: tack's settings, else Claude Code's user settings. */
export function statusLineFor(tackSetting: StatusLineSetting | undefined, host: StatusLineHost): StatusLine | undefined {
  const setting = tackSetting ?? claudeStatusLine(homedir());
  if (!setting) return undefined;
  const line = new StatusLine(setting, host);
  line.poke();
  return line;
}
