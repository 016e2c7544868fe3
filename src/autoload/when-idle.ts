/** The longest an idle upgrade waits for the browser to be idle once the page has loaded. */
export const IDLE_UPGRADE_TIMEOUT_MS = 2000;

/**
 * Marked in the page's performance timeline as idle upgrades begin: what loads before it is the page's first
 * load, what loads after it was deferred (the page bench tells them apart by it).
 */
export const IDLE_UPGRADE_MARK = 'civic-elements:idle-upgrades';

let idle: Promise<void> | undefined;

/**
 * Resolves once, for every caller, when the page has loaded (its images and styles too) and the browser is idle,
 * or IDLE_UPGRADE_TIMEOUT_MS after load on a page that keeps it busy. Off the first load, so the code waiting on
 * it never competes with what the visitor came for.
 */
export function whenIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    const afterLoad = () => {
      const begin = () => {
        performance.mark?.(IDLE_UPGRADE_MARK);
        resolve();
      };
      if (typeof requestIdleCallback === 'function') requestIdleCallback(begin, { timeout: IDLE_UPGRADE_TIMEOUT_MS });
      else setTimeout(begin, 1);
    };
    if (document.readyState === 'complete') afterLoad();
    else addEventListener('load', afterLoad, { once: true });
  });
  return idle;
}
