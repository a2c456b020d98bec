// A custom command's `model:` for the run it starts: switched to before the run, the model in use
// before it back after (unless the user picked another meanwhile). Only a model this server offers
// (its model list, or the provider's models in the settings) is switched to; another name is told
// in one sentence and the run stays on the current model.
import { makeProvider } from '../setup/model-setup.js';
import { visible } from '../../text/terminal-text.js';
import type { SessionCore } from '../session-core.js';

export interface CommandModel {
  /** the command's name, for the notice */
  command: string;
  /** the `model:` of its frontmatter */
  wanted: string;
}

export interface ModelSwitch {
  notes: string[];
  /** puts the previous model back: call it when the run is over */
  restore: () => void;
}

const NO_SWITCH: ModelSwitch = { notes: [], restore: () => {} };

/** The server's model list, asked once per session (a failure is asked again next time). */
const lists = new WeakMap<SessionCore, Promise<string[]>>();

function serverModels(session: SessionCore): Promise<string[]> {
  let list = lists.get(session);
  if (!list) {
    list = makeProvider(session.config, () => {}).listModels();
    lists.set(session, list);
    list.catch(() => lists.delete(session));
  }
  return list;
}

/** Why `id` cannot be used, or undefined when it can. */
async function problemWith(session: SessionCore, id: string): Promise<string | undefined> {
  const configured = session.config.providerModels.map((m) => (typeof m === 'string' ? m : m.id));
  if (configured.includes(id)) return undefined;
  try {
    return (await serverModels(session)).includes(id) ? undefined : `is not one of the models ${session.config.baseUrl} offers`;
  } catch (err) {
    return `could not be checked (${(err as Error).message})`;
  }
}

export async function switchToCommandModel(session: SessionCore, want: CommandModel | undefined): Promise<ModelSwitch> {
  // `inherit` (Claude Code's word for "the current one") and the model in use need no switch
  if (!want || want.wanted === 'inherit' || want.wanted === session.model.id) return NO_SWITCH;
  const current = session.model.id;
  // the name comes from a file: shown with its control characters made visible
  const named = visible(want.wanted);
  if (session.running)
    return { notes: [`/${want.command}: its model ${named} applies to a run it starts; it joins the running one on ${current}`], restore: () => {} };
  const problem = await problemWith(session, want.wanted);
  if (problem) return { notes: [`/${want.command}: model ${named} ${problem}; this turn runs on ${current}`], restore: () => {} };
  const before = session.model;
  const model = makeProvider(session.config, () => {}).getModel(want.wanted);
  session.setModel(model);
  return {
    notes: [],
    restore: () => {
      if (session.model === model) session.setModel(before);
    },
  };
}
