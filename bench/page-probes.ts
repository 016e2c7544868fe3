/** What the page benches measure inside a page: when the first screen is upgraded, and how much the layout shifts. */
import type { Page } from 'playwright';
import { elementTags } from './element-tags';

/** tsx compiles the in-page functions with esbuild's keepNames, which calls a `__name` helper the page lacks. */
export const KEEP_NAMES_SHIM = 'globalThis.__name = (target) => target;';

/**
 * Resolves when every kit element in the first screen is defined and has rendered (the ones further down load as
 * they come near); returns ms since navigation start.
 */
export async function timeToUpgraded(page: Page): Promise<number> {
  return page.evaluate(async (tags) => {
    const selector = tags.join(',');
    const waitFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const inFirstScreen = (element: Element) =>
      [element, ...element.children].some((box) => {
        const rect = box.getBoundingClientRect();
        return rect.width * rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight;
      });
    await new Promise((resolve) => (document.readyState === 'loading' ? addEventListener('DOMContentLoaded', resolve) : resolve(null)));
    for (;;) {
      const elements = [...document.querySelectorAll(selector)].filter(inFirstScreen);
      const waiting = elements.filter((element) => !customElements.get(element.localName));
      if (waiting.length === 0) break;
      await Promise.race([...new Set(waiting.map((element) => customElements.whenDefined(element.localName)))]);
    }
    // The renderer commits on its own schedule after the upgrade: the frame after is when it is on screen.
    await waitFrame();
    return performance.now();
  }, elementTags);
}

/** The layout shift of the page so far (buffered), and for half a second more. */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** Scrolls to the end half a screen at a time, as a reader would; returns the layout shift meanwhile. */
export async function scrollToEnd(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) total += entry.value;
      }
    }).observe({ type: 'layout-shift' });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    while (scrollY + innerHeight < document.documentElement.scrollHeight - 1) {
      scrollBy({ top: innerHeight / 2, behavior: 'instant' });
      await pause();
    }
    await pause();
    return total;
  });
}
