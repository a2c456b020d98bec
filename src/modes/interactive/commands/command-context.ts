// What a slash command may do to the app: the one interface between the commands and the controller.
import type { Model } from '../../../ai/types.js';
import type { Session } from '../../../session/session.js';
import type { Transcript } from '../conversation/transcript.js';
import type { InputBox } from '../input-box/input-box.js';

export interface CommandContext {
  transcript: Transcript;
  /** the input box (a panel such as /rewind's opens in its menu's place) */
  input: InputBox;
  session(): Session;
  /** replaces the session with a fresh one (a new conversation) */
  renewSession(): Promise<void>;
  makeModel(id: string): Model;
  openModelPicker(): void;
  openResumePicker(): void;
  /** continues that session file in place of the current one */
  resume(file: string): Promise<void>;
  /** sends a message as if typed (an MCP prompt's text) */
  send(text: string): void;
  /** what Esc and Ctrl+C stop while a command runs (null when it is done) */
  onCancel(cancel: (() => void) | null): void;
  writeRaw(data: string): void;
  quit(): void;
}
