import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keeps the host as tall as the bar is in the page flow, so the bar can leave the flow (fixed to the
 * viewport) without the page moving. The bar is measured only while it is in the flow: when it floats,
 * the host keeps the last in-flow height.
 */
export function usePlaceholderHeight(host: HTMLElement, bar: RefObject<HTMLElement | null>, floating: boolean): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const measure = () => {
      if (element.dataset.floating !== undefined) return;
      // content-box: the min-height is the bar's height whatever padding or box-sizing the site gives the host.
      host.style.setProperty('box-sizing', 'content-box');
      host.style.setProperty('min-height', `${element.getBoundingClientRect().height}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [host, bar]);

  // Also measure on docking back, in case the bar's size did not change (no ResizeObserver call then).
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || floating) return;
    host.style.setProperty('min-height', `${element.getBoundingClientRect().height}px`);
  }, [host, bar, floating]);

  useLayoutEffect(
    () => () => {
      host.style.removeProperty('min-height');
      host.style.removeProperty('box-sizing');
    },
    [host],
  );
}
