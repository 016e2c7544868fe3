/** What the page benches measure inside a page: when the first screen is upgraded, and how much the layout shifts. */
import type { Page } from 'playwright';
import { elementUpgrades, UPGRADE_ATTRIBUTE } from '../src/autoload/element-upgrades';
import { elementTags } from './element-tags';

/** tsx compiles the in-page functions with esbuild's keepNames, which calls a `__name` helper the page lacks. */
export const KEEP_NAMES_SHIM = 'globalThis.__name = (target) => target;';

/**
 * Holds the page's idle callbacks until `releaseIdle`: what a page loads before then is its first load, before the
 * autoloader's idle upgrades (elements that wait for the visitor's intent or the browser's idle time).
 */
export const HOLD_IDLE_SHIM = `(() => {
  const held = [];
  const original = window.requestIdleCallback;
  window.requestIdleCallback = (callback) => held.push(callback);
  window.__releaseIdle = () => {
    window.requestIdleCallback = original;
    for (const callback of held.splice(0)) original(callback);
  };
})();`;

/** Lets the held idle callbacks run. */
export async function releaseIdle(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __releaseIdle?: () => void }).__releaseIdle?.());
}

/**
 * Resolves when every kit element in the first screen that upgrades at once is defined and has rendered (the ones
 * further down load as they come near; those waiting for intent or idle time are left out, unless `deferredToo`);
 * returns ms since navigation start.
 */
export async function timeToUpgraded(page: Page, { deferredToo = false } = {}): Promise<number> {
  return page.evaluate(async ({ tags, deferred, attribute, deferredToo }) => {
    const selector = tags.join(',');
    const strategies = ['visible', 'intent', 'idle'];
    const atOnce = (element: Element) => {
      if (deferredToo) return true;
      const chosen = element.getAttribute(attribute)?.trim() ?? '';
      return (strategies.includes(chosen) ? chosen : (deferred[element.localName] ?? 'visible')) === 'visible';
    };
    const waitFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const inFirstScreen = (element: Element) =>
      [element, ...element.children].some((box) => {
        const rect = box.getBoundingClientRect();
        return rect.width * rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight;
      });
    await new Promise((resolve) => (document.readyState === 'loading' ? addEventListener('DOMContentLoaded', resolve) : resolve(null)));
    for (;;) {
      const elements = [...document.querySelectorAll(selector)].filter((element) => atOnce(element) && inFirstScreen(element));
      const waiting = elements.filter((element) => !customElements.get(element.localName));
      if (waiting.length === 0) break;
      await Promise.race([...new Set(waiting.map((element) => customElements.whenDefined(element.localName)))]);
    }
    // The renderer commits on its own schedule after the upgrade: the frame after is when it is on screen.
    await waitFrame();
    return performance.now();
  }, { tags: elementTags, deferred: elementUpgrades as Record<string, string>, attribute: UPGRADE_ATTRIBUTE, deferredToo });
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
