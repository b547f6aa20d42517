import { filter, fromEvent, map, type Observable } from 'rxjs';

/** Where typing goes: the chat and the forms keep the browser's own undo of what is typed. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The table's undo and redo from the keyboard (decision 0022): Ctrl+Z undoes, Ctrl+Maj+Z and
 * Ctrl+Y redo (⌘ on a Mac), anywhere on the page but in a text field. The browser's own handling
 * of the keys is prevented there, so it does not undo something else.
 */
export function historyPresses(
  target: Document,
): Observable<{ type: 'history.change'; direction: 'undo' | 'redo' }> {
  return fromEvent<KeyboardEvent>(target, 'keydown').pipe(
    filter(
      (event) =>
        (event.ctrlKey || event.metaKey) &&
        !event.altKey &&
        ['z', 'y'].includes(event.key.toLowerCase()) &&
        !isTextField(event.target),
    ),
    map((event) => {
      event.preventDefault();
      const redo = event.key.toLowerCase() === 'y' || event.shiftKey;
      return { type: 'history.change' as const, direction: redo ? ('redo' as const) : ('undo' as const) };
    }),
  );
}
