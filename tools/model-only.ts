// Lines of a tool's result written for the model alone (how to page on, what to call next, the fence
// around text from the web): the tool lists them in its details, and a screen leaves them out, so the
// user reads the result and the model reads all of it, unchanged.

/** What a tool's details may carry: its text's lines that are for the model only. */
export interface ModelOnly {
  modelOnly?: string[];
}

/** The text as the user reads it: without the lines `details.modelOnly` names (each line as written). */
export function userText(text: string, details: unknown): string {
  const only = (details as ModelOnly | undefined)?.modelOnly;
  if (!Array.isArray(only) || only.length === 0) return text;
  const drop = new Set(only);
  return text
    .split('\n')
    .filter((line) => !drop.has(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
