// `/model` without an id: a menu of the server's models, filled in when the list arrives.
import type { Transcript } from '../conversation/transcript.js';
import type { InputBox } from '../input-box/input-box.js';
import type { MenuState } from '../input-box/menu.js';

export function pickerMenu(): MenuState {
  return { kind: 'model', items: [], selected: 0, empty: 'asking the server for its models…', title: 'model (Enter to choose, Esc to keep the current one)' };
}

/** Calls `done` with the filled menu, or with null and an error sentence. */
export function loadModels(list: () => Promise<string[]>, current: string, done: (menu: MenuState | null, error?: string) => void): void {
  list().then(
    (ids) => {
      if (ids.length === 0) done(null, 'the server lists no models; use /model <id>');
      else
        done({
          ...pickerMenu(),
          items: ids.map((id) => ({ label: id, description: id === current ? 'current' : undefined })),
          selected: Math.max(0, ids.indexOf(current)),
        });
    },
    (err: unknown) => done(null, err instanceof Error ? err.message : String(err)),
  );
}

/** Opens the menu at once, empty, and fills it (or closes it with the error) when the list comes. */
export function openModelPicker(input: InputBox, list: () => Promise<string[]>, current: string, transcript: Transcript, changed: () => void): void {
  input.openMenu(pickerMenu());
  loadModels(list, current, (menu, error) => {
    if (input.menu?.kind !== 'model') return;
    if (menu) input.openMenu(menu);
    else input.closeMenu();
    if (error) transcript.error(error);
    changed();
  });
}
