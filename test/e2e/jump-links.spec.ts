import { test, expect, type Page } from '@playwright/test';

/**
 * A jump link, or a shared link to a section, puts the section's heading at the top of the window, even when the
 * content above it (an accordion) upgrades and changes size while the page scrolls there.
 */

const PATH = '/guidance/building-consent';
/** The site's `scroll-padding-top` (1rem): where a heading scrolled to sits below the window's top. */
const SCROLL_PADDING_PX = 16;

const heading = (page: Page) => page.getByRole('heading', { level: 2, name: 'How to apply' });

/**
 * Waits until the accordion above the section has upgraded and the window has stopped moving (the same position
 * for ten frames in a row), then says where the heading's top is in the window.
 */
async function restingHeadingTop(page: Page): Promise<number> {
  await page.waitForFunction(() => {
    const accordion = document.querySelector('accordion-group');
    return accordion !== null && accordion.matches(':defined') && accordion.querySelector('button[aria-expanded]') !== null;
  });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const check = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 10) resolve(document.getElementById('how-to-apply')!.getBoundingClientRect().top);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('“On this page” → “How to apply” on a fresh load: the heading ends at the top of the window, with focus', async ({ page }) => {
      await page.goto(PATH);
      const nav = page.getByRole('navigation', { name: 'On this page' });
      // Defined is not yet rendered: until the element has built its own list (its title then carries a kit id,
      // where the server's carried the page's), a click is the browser's own jump, which scrolls but moves no focus.
      await page.waitForFunction(() => document.querySelector('jump-links .jump-links__title')?.id.startsWith('civic-') === true);
      // The accordion further down has not upgraded yet: it does so as the page scrolls towards it.
      expect(await page.evaluate(() => document.querySelector('accordion-group')!.matches(':defined'))).toBe(false);
      await nav.getByRole('link', { name: 'How to apply' }).click();
      expect(Math.abs((await restingHeadingTop(page)) - SCROLL_PADDING_PX)).toBeLessThanOrEqual(1);
      await expect(heading(page)).toBeFocused();
      await expect(nav.getByRole('link', { name: 'How to apply' })).toHaveAttribute('aria-current', 'true');
      expect(new URL(page.url()).hash).toBe('#how-to-apply');
    });
  });
}

test.describe('a shared link to a section', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('opens with the heading at the top of the window once the page has settled', async ({ page }) => {
    await page.goto(`${PATH}#how-to-apply`);
    expect(Math.abs((await restingHeadingTop(page)) - SCROLL_PADDING_PX)).toBeLessThanOrEqual(1);
  });

  test('the visitor’s own scroll is theirs: once they scroll, the heading is not pulled back', async ({ page }) => {
    await page.goto(`${PATH}#how-to-apply`);
    await restingHeadingTop(page);
    await page.mouse.move(640, 450);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => page.evaluate(() => document.getElementById('how-to-apply')!.getBoundingClientRect().top)).toBeGreaterThan(200);
    // A change of the page's size afterwards (an accordion section opened by script) does not pull it back.
    await page.getByRole('button', { name: 'Specifications' }).evaluate((button: HTMLElement) => button.click());
    await expect(page.getByRole('button', { name: 'Specifications' })).toHaveAttribute('aria-expanded', 'true');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => document.getElementById('how-to-apply')!.getBoundingClientRect().top)).toBeGreaterThan(100);
  });
});
