import type { Page } from '@playwright/test';

/**
 * Waits until every kit element the page renders has upgraded and first rendered. The autoloader loads an element's
 * code when the element comes near the viewport, so this scrolls each one still waiting into view (as a reader
 * would), then back to where the page was. Elements this screen size does not render, like the Menu button's
 * element on a wide screen, stay as they are: no reader could reach them.
 * Defined is not yet rendered: until an element's first render has put its listeners in place, a click on its link
 * is the browser's own (a jump to the anchor, say), so this also waits on each element's rendered signal (the
 * promise kit elements hold under the registered symbol `civic-elements.rendered`). On a loaded machine the gap
 * between the two is long enough for a test's click to fall into it.
 */
export async function upgradeRenderedElements(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { scrollX, scrollY } = window;
    const boxOf = (element: Element) =>
      [element, ...element.children].find((candidate) => candidate.getClientRects().length > 0);
    for (const element of document.querySelectorAll(':not(:defined)')) {
      const box = boxOf(element);
      if (!box || customElements.get(element.localName)) continue;
      box.scrollIntoView({ block: 'center', behavior: 'instant' });
      await customElements.whenDefined(element.localName);
    }
    window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });
    const rendered = Symbol.for('civic-elements.rendered');
    const signals = [...document.querySelectorAll('*')].map((element) => (element as Element & { [rendered]?: Promise<void> })[rendered]);
    await Promise.all(signals.filter((signal) => signal !== undefined));
  });
}
