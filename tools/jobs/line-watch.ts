// The lines of a job's output as they come, tested against a wait_for pattern. The unfinished last
// line is kept only to its last LINE_WINDOW characters: a job printing one endless line (`yes | tr -d
// '\n'`) must not grow tack without end, nor make each chunk's test longer than the one before.
import { StringDecoder } from 'node:string_decoder';
import { cleanTerminalText, MAX_OUTPUT_BYTES } from '../shell/output.js';

/** What is kept of an unfinished line: as much as a tool ever shows of output. */
export const LINE_WINDOW = MAX_OUTPUT_BYTES;

export class LineWatch {
  private pending = '';
  private readonly decoder = new StringDecoder('utf8');

  constructor(private readonly pattern: RegExp) {}

  /** The first line (the unfinished last one included) this chunk completes or extends that matches. */
  push(chunk: Buffer): string | undefined {
    const lines = cleanTerminalText(this.pending + this.decoder.write(chunk)).split('\n');
    const last = lines.pop() ?? '';
    // each byte is tested once whole with the window before it, so a match is missed only if longer than that
    this.pending = last.length > LINE_WINDOW ? last.slice(-LINE_WINDOW) : last;
    return lines.find((line) => this.pattern.test(line)) ?? (this.pattern.test(last) ? last : undefined);
  }

  /** How many characters of output it holds between chunks. */
  get retained(): number {
    return this.pending.length;
  }
}
