import { useLayoutEffect, type RefObject } from 'react';
import { scrollToClear } from './focus-clearance';

/**
 * While the bar floats over the bottom of the window, what has keyboard focus is never left under it:
 * - the page's `scroll-padding-bottom` is the bar's height, so the browser scrolls a newly focused element
 *   into view above the bar (set through the CSSOM, which a strict Content Security Policy allows);
 * - after each focus change, an element still under the bar (one already in view, which the browser does not
 *   scroll) is scrolled clear of it.
 * The page's own `scroll-padding-bottom` is put back when the bar stops floating.
 */
export function useFocusClearance(host: HTMLElement, bar: RefObject<HTMLElement | null>, floating: boolean): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!floating || !element) return;
    const root = document.documentElement.style;
    const before = { value: root.getPropertyValue('scroll-padding-bottom'), priority: root.getPropertyPriority('scroll-padding-bottom') };
    const pad = () => root.setProperty('scroll-padding-bottom', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    pad();
    const resize = new ResizeObserver(pad);
    resize.observe(element);

    let frame = 0;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || host.contains(target)) return;
      cancelAnimationFrame(frame);
      // After the browser's own scroll to the element, which comes with the focus change.
      frame = requestAnimationFrame(() => {
        if (document.activeElement !== target || element.dataset.floating === undefined) return;
        const distance = scrollToClear(target.getBoundingClientRect(), element.getBoundingClientRect());
        if (distance > 0) window.scrollBy({ top: distance, behavior: 'instant' });
      });
    };
    document.addEventListener('focusin', onFocusIn);

    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocusIn);
      resize.disconnect();
      if (before.value) root.setProperty('scroll-padding-bottom', before.value, before.priority);
      else root.removeProperty('scroll-padding-bottom');
    };
  }, [host, bar, floating]);
}
