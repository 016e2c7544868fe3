/** What a keyboard user can Tab to: the first of these inside the target gets focus. */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Moves focus to the skip links: the target itself when it can take focus, else the first focusable
 * element inside it, else the target made focusable by script only (tabindex=-1). The page is already at the top:
 * focus must not scroll it again (a skip link that shows on focus would nudge the page down).
 */
export function focusTarget(target: HTMLElement): void {
  const first = target.matches(FOCUSABLE) ? target : target.querySelector<HTMLElement>(FOCUSABLE);
  if (first) {
    first.focus({ preventScroll: true });
    return;
  }
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
