// What the model is told when the user answers "no", and what the user reads of it: the model gets
// a sentence on how to go on, the user only that they said no (and their reason).

const SAID_NO = 'refused by the user';

/** The tool result for the model; `fallback` says how to go on when the user gave no reason. */
export function declinedText(reason: string | undefined, fallback = 'ask them how to proceed instead of retrying it'): string {
  const why = reason?.trim();
  return why ? `${SAID_NO}: ${why}` : `${SAID_NO}; ${fallback}`;
}

/** "you said no" (with the user's reason) for a result `declinedText` wrote; undefined for any other text. */
export function declinedForUser(text: string): string | undefined {
  if (text.startsWith(`${SAID_NO}: `)) return `you said no: ${text.slice(SAID_NO.length + 2)}`;
  if (text.startsWith(`${SAID_NO}; `)) return 'you said no';
  return undefined;
}
