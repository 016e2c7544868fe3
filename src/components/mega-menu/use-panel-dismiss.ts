import { useLayoutEffect } from 'react';
import { useLatest } from '../../web-component';
import { MOBILE_MEDIA_QUERY } from '../mobile-nav/use-mobile-layout';

/** Why an open panel closed without its button being pressed. */
export type DismissReason = 'outside-click' | 'resize' | 'escape' | 'focus-left';

/**
 * Closes the open panel, whichever it is (`openItem` reads it when an event comes):
 * - a click outside its item (button and panel);
 * - a resize of the window; below the breakpoint only a change of width (a phone's address bar showing or hiding
 *   changes the height as the page scrolls, and must not close a panel being read);
 * - Escape, wherever focus is (the caller puts focus back on the trigger when it was in the item or nowhere);
 * - focus moving out of the item, e.g. Tab past the panel's last link. Focus that goes nowhere (another window,
 *   a click on plain text in the panel) does not close it.
 * The listeners are added once, as the element commits, and call the latest `openItem` and `dismiss`.
 */
export function usePanelDismiss(
  host: HTMLElement,
  openItem: () => HTMLElement | null,
  dismiss: (reason: DismissReason, event: Event) => void,
): void {
  const latest = useLatest({ openItem, dismiss });
  useLayoutEffect(() => {
    const openItem = () => latest.current.openItem();
    const dismiss = (reason: DismissReason, event: Event) => latest.current.dismiss(reason, event);
    let width = window.innerWidth;
    let height = window.innerHeight;
    const onClick = (event: MouseEvent) => {
      const item = openItem();
      if (item && !event.composedPath().includes(item)) dismiss('outside-click', event);
    };
    const onResize = (event: Event) => {
      const resized = window.innerWidth !== width || (window.innerHeight !== height && !matchMedia(MOBILE_MEDIA_QUERY).matches);
      width = window.innerWidth;
      height = window.innerHeight;
      if (resized && openItem()) dismiss('resize', event);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !openItem()) return;
      event.preventDefault();
      dismiss('escape', event);
    };
    const onFocusOut = (event: FocusEvent) => {
      const item = openItem();
      const next = event.relatedTarget;
      if (item && next instanceof Node && !item.contains(next)) dismiss('focus-left', event);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('resize', onResize);
    host.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('resize', onResize);
      host.removeEventListener('focusout', onFocusOut);
    };
  }, [host, latest]);
}
