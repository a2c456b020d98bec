// What the session file records about checkpoints (entries of the session JSONL).

/** The workspace before a message: a prompt, a steering message as it was delivered, or a rewind. */
export interface CheckpointRecord {
  type: 'checkpoint';
  kind: 'prompt' | 'steer' | 'rewind';
  /** the shadow repository's tree id; '' when no change followed in its run: the files are then those of the next tree recorded after it */
  tree: string;
  /** the message it precedes (for a rewind: what was rewound) */
  text: string;
  /** files left out for their size */
  skipped?: string[];
  /** message entries written before this record that came after its moment (it is written once the snapshot is done) */
  behind?: number;
  timestamp: number;
}

/** The workspace after an agent turn that ran tools: what tack last wrote. */
export interface WrittenRecord {
  type: 'written';
  tree: string;
  timestamp: number;
}

/** The conversation was cut back to what it was at checkpoint `checkpoint` (1-based, file order). */
export interface RewindRecord {
  type: 'rewind';
  checkpoint: number;
  timestamp: number;
}

export type TimelineRecord = CheckpointRecord | WrittenRecord;
