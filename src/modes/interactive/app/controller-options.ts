// What the interactive app is given to run: the session, how to make and list models and sessions,
// the prompt history and file index, the terminal's size and what quitting leads to (ink-host.ts).
import type { Model } from '../../../ai/types.js';
import type { SessionSummary } from '../../../session/file/locate.js';
import type { Session } from '../../../session/session.js';
import type { FileIndex } from '../complete/file-index.js';
import type { History } from '../editor/history.js';

export interface ControllerOptions {
  session: Session;
  listModels(): Promise<string[]>;
  makeModel(id: string): Model;
  /** a Session continuing this session file (the picker, /resume) */
  openSession(file: string): Promise<Session>;
  /** the picker's list: this directory's sessions but `except` */
  listSessions(except: string): Promise<SessionSummary[]>;
  history: History;
  fileIndex: FileIndex;
  version: string;
  cols: number;
  rows: number;
  writeRaw(data: string): void;
  /** `jobs`: what becomes of the background jobs still running (the user chose, or none ran: stop) */
  onQuit(jobs: 'stop' | 'keep'): void;
  /** the header line is already on the screen (printed before Ink was loaded) */
  headerPrinted?: boolean;
  /** Ctrl+G: the text after the user's editor has had it (the terminal is handed over meanwhile) */
  editExternally?(text: string): Promise<string>;
}
