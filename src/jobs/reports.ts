// What the conversation hears of background jobs: each start and end is a Session event (the app,
// stream-json and ACP show them), and an end no tool call has told the model yet becomes a short note
// to it, through the steering queue while it works, or with the next message when it is idle.
import type { QueuedMessage } from '../agent/message-queue.js';
import type { JobEvent } from '../../tools/jobs/jobs.js';

const NOTE_LINES = 5;
const NOTE_START = '[tack: background job ';

export interface JobReportSink {
  /** the event, on to the Session's listeners */
  emit(event: JobEvent): void;
  /** the note, to the model: a steer while a run goes, else into the conversation for the next message */
  tell(note: string): void;
}

/** "[tack: background job 2 (npm run dev) exited with code 1 after 14 s; its last lines: …]" */
export function exitNote(event: Extract<JobEvent, { type: 'job_exited' }>): string {
  const { job, ending } = event;
  const seconds = Math.round(((job.endedAt ?? Date.now()) - job.startedAt) / 1000);
  const how =
    job.state === 'stopped'
      ? 'was stopped by the user'
      : ending.spawnError
        ? `could not start (${ending.spawnError})`
        : ending.signal
          ? `was killed by ${ending.signal}`
          : `exited with code ${ending.exitCode}`;
  const command = job.command.split('\n')[0];
  const lines = event.lastLines.slice(-NOTE_LINES);
  const tail = lines.length > 0 ? `; its last lines:\n${lines.join('\n')}` : ', printing nothing';
  return `${NOTE_START}${job.id} (${command}) ${how} after ${seconds} s${tail}${ending.note ? `\n${ending.note}` : ''}]`;
}

/** A job note as a user reads it: "job 2 (npm run dev) exited with code 1 after 14 s"; undefined for other text. */
export function jobNoteHeadline(text: string): string | undefined {
  if (!text.startsWith(NOTE_START)) return undefined;
  const first = text.slice(NOTE_START.length - 'background job '.length).split('\n')[0]!;
  return first.replace(/(; its last lines:|, printing nothing\]?)$/, '').replace(/\]$/, '');
}

export function reportJob(event: JobEvent, sink: JobReportSink): void {
  sink.emit(event);
  if (event.type === 'job_exited' && !event.told) sink.tell(exitNote(event));
}

/**
 * The messages a user takes back from the queue (Esc, Up): job notes among them are not theirs to
 * edit or lose, so each goes to `keep` instead (back to the model).
 */
export function withoutJobNotes(queued: QueuedMessage[], keep: (note: string) => void): QueuedMessage[] {
  const isNote = (q: QueuedMessage) => q.kind === 'steer' && q.text.startsWith(NOTE_START);
  for (const q of queued) if (isNote(q)) keep(q.text);
  return queued.filter((q) => !isNote(q));
}
