/** Which keys move focus along a row (the top-level bar) or a column (the links of an open panel). */
const MOVES = {
  row: { previous: 'ArrowLeft', next: 'ArrowRight' },
  column: { previous: 'ArrowUp', next: 'ArrowDown' },
} as const;

/**
 * Where an arrow key, Home or End moves focus among `count` controls from `current`: the index to focus, or null
 * when the key is not a move here. Moves stop at either end (no wrapping), as in the APG disclosure navigation.
 */
export function arrowTarget(key: string, current: number, count: number, direction: keyof typeof MOVES): number | null {
  if (count === 0) return null;
  switch (key) {
    case MOVES[direction].previous:
      return Math.max(current - 1, 0);
    case MOVES[direction].next:
      return Math.min(current + 1, count - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** A key pressed with Alt, Control or Meta belongs to the browser or the screen reader, not to the menu. */
export const hasModifier = (event: KeyboardEvent) => event.altKey || event.ctrlKey || event.metaKey;
