// Ctrl+G in the app: the input (pastes expanded) goes to the user's editor and comes back as the new
// input; nothing is drawn while the editor has the terminal, and a failing editor leaves it as it was.
import { editorWith } from '../editor/editor.js';
import type { Transcript } from '../conversation/transcript.js';
import type { InputBox } from '../input-box/input-box.js';
import type { Screen } from './screen.js';

export async function editInEditor(screen: Screen, input: InputBox, transcript: Transcript, edit: (text: string) => Promise<string>): Promise<void> {
  screen.pause(true);
  try {
    input.set(editorWith(await edit(input.expanded)));
  } catch (err) {
    transcript.error(err instanceof Error ? err.message : String(err));
  }
  screen.pause(false);
}

/** Ctrl+G on a plan's question: the plan in the user's editor; undefined when the editor failed (said in the transcript). */
export async function editPlanInEditor(
  screen: Screen,
  transcript: Transcript,
  edit: (text: string) => Promise<string>,
  plan: string,
): Promise<string | undefined> {
  screen.pause(true);
  try {
    return await edit(plan);
  } catch (err) {
    transcript.error(err instanceof Error ? err.message : String(err));
    return undefined;
  } finally {
    screen.pause(false);
  }
}
