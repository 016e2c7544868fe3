import { aimAtHeading } from './aim-at-heading';

/**
 * Takes the visitor to a section: scrolls its heading to the top of the window (following it if content above
 * changes size on the way) and moves focus to it, so the next Tab continues from the section. A heading is made
 * focusable (tabindex="-1") only while it has focus, unless the page made it focusable itself.
 */
export function moveFocusTo(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) {
    heading.setAttribute('tabindex', '-1');
    heading.addEventListener('blur', () => heading.removeAttribute('tabindex'), { once: true });
  }
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  aimAtHeading(heading.id, { smooth: !reduceMotion });
  heading.focus({ preventScroll: true });
}

/** The link's fragment: the id, percent-encoded where a URL needs it. */
export const fragmentFor = (id: string) => `#${encodeURIComponent(id)}`;

/** The element the page's URL fragment points at, if any. */
export function fragmentTarget(): HTMLElement | null {
  if (location.hash.length < 2) return null;
  const raw = location.hash.slice(1);
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A lone "%" in the fragment: use it as written.
  }
  return document.getElementById(raw) ?? document.getElementById(decoded);
}

/** The page was opened from a link or the address bar, not reloaded or returned to (the browser restores those). */
export function arrivedAfresh(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return !entry || entry.type === 'navigate';
}
