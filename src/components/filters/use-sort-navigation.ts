import { useLayoutEffect } from 'react';
import { useLatest } from '../../web-component';
import { isSameOriginHttpUrl } from '../../core/listing-url';

/** Keys that change a closed select's choice in place in some browsers (and fire `change` at once). */
const CHOOSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

const sortSelectOf = (target: EventTarget | null) =>
  target instanceof HTMLSelectElement && target.matches('[data-sort-select]') ? target : null;

/**
 * A sort select whose option values are addresses: choosing one goes there. Event delegation on
 * the host, so a select that arrives with reloaded results works too. Choosing with the mouse or from the
 * open list navigates at once; arrow keys on the closed select only choose (so a keyboard user can move
 * through the options), and Enter goes. `navigate` may refuse (a test, or a page that handles it itself).
 */
export function useSortNavigation(host: HTMLElement, navigate: (url: string) => void): void {
  const navigateRef = useLatest(navigate);

  // From the first commit: a choice made as the element upgrades is not missed.
  useLayoutEffect(() => {
    let byKeyboard = false;
    let timer = 0;
    const go = (select: HTMLSelectElement) => {
      delete select.dataset.pendingChoice;
      const value = select.value;
      if (!isSameOriginHttpUrl(value, location.href)) {
        console.warn(`<${host.localName}>: the sort option "${value}" is not an address on this site; nothing happens.`);
        return;
      }
      navigateRef.current(new URL(value, location.href).href);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const select = sortSelectOf(event.target);
      if (!select) return;
      if (event.key === 'Enter' && select.dataset.pendingChoice !== undefined) {
        event.preventDefault();
        go(select);
      } else if (CHOOSING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey)) {
        // The change this key may cause comes in this same task; a later one (the mouse) navigates.
        byKeyboard = true;
        clearTimeout(timer);
        timer = window.setTimeout(() => (byKeyboard = false));
      }
    };
    const onChange = (event: Event) => {
      const select = sortSelectOf(event.target);
      if (!select) return;
      if (byKeyboard) {
        select.dataset.pendingChoice = '';
        return;
      }
      go(select);
    };
    host.addEventListener('keydown', onKeyDown);
    host.addEventListener('change', onChange);
    return () => {
      clearTimeout(timer);
      host.removeEventListener('keydown', onKeyDown);
      host.removeEventListener('change', onChange);
    };
  }, [host, navigateRef]);
}
