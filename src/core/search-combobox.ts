/**
 * The header search's suggestion list as an APG combobox with a listbox: which option is active
 * after a key, and the timings and limits of suggesting. Framework-free: the component keeps DOM focus in the
 * field and points `aria-activedescendant` at the active option.
 */

/** No option is active: the field itself has the visual focus. */
export const NO_OPTION = -1;

/** Quiet time after the last keystroke before suggestions are asked for (one request per pause, not per key). */
export const SUGGEST_DEBOUNCE_MS = 200;

/** Suggestions are asked for from this many typed characters: one letter matches too much to help. */
export const SUGGEST_MIN_CHARACTERS = 2;

/**
 * The active option after ArrowDown or ArrowUp among `count` options (APG combobox, list autocomplete):
 * from the field, Down goes to the first option and Up wraps to the last; within the list both wrap around.
 * Any other key, or an empty list, leaves the field active.
 */
export function nextActiveOption(active: number, count: number, key: string): number {
  if (count <= 0) return NO_OPTION;
  const from = active >= 0 && active < count ? active : NO_OPTION;
  if (key === 'ArrowDown') return from === NO_OPTION ? 0 : (from + 1) % count;
  if (key === 'ArrowUp') return from === NO_OPTION ? count - 1 : (from - 1 + count) % count;
  return from;
}

/** The active option once the list holds `count` options: one that no longer exists leaves the field active. */
export function keepActiveOption(active: number, count: number): number {
  return active >= 0 && active < count ? active : NO_OPTION;
}

/** The suggestions to show: texts that are not blank, each once, at most `limit`, in the order given. */
export function suggestionsToShow(suggestions: ReadonlyArray<{ suggestion?: unknown }> | undefined, limit: number): string[] {
  const shown: string[] = [];
  for (const entry of suggestions ?? []) {
    const text = typeof entry?.suggestion === 'string' ? entry.suggestion.trim() : '';
    if (text && !shown.includes(text)) shown.push(text);
    if (shown.length >= limit) break;
  }
  return shown;
}

/** A key the combobox acts on was pressed with Alt, Control or Meta: it belongs to the browser or screen reader. */
export function hasModifier(event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.altKey || event.ctrlKey || event.metaKey;
}
