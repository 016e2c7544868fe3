import type { Page } from '@playwright/test';

/**
 * Waits until every kit element the page renders has upgraded. The autoloader loads an element's code when the
 * element comes near the viewport, so this scrolls each one still waiting into view (as a reader would), then
 * back to where the page was. Elements this screen size does not render, like the Menu button's element on a
 * wide screen, stay as they are: no reader could reach them.
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
  });
}
