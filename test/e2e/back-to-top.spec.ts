import { test, expect, type Page } from '@playwright/test';
import { upgradeRenderedElements } from './upgrade';

/**
 * "Back to top" ends by focusing the skip links. Focusing them must not move the page: a press that lands on one
 * element and a release that lands on another (because the page moved in between) is a lost click or tap.
 */

const CONTENT_PAGE = '/guidance/building-consent';

type Activation = 'pointer' | 'keyboard';

async function backToTop(page: Page, how: Activation, { touch = false } = {}) {
  await page.goto(CONTENT_PAGE);
  await upgradeRenderedElements(page);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  const link = page.locator('jump-to-top').getByRole('link', { name: 'Back to top' });
  // The page steps up 50 px every 25 ms, so the way up takes as long as the page is tall and as the browser's timers
  // run late: wait for the element to say it arrived, not for a fixed time.
  await page.locator('jump-to-top').evaluate((element) => {
    const arrival = new Promise<void>((resolve) => element.addEventListener('jump-to-top-done', () => resolve(), { once: true }));
    (window as unknown as { jumpToTopArrival: Promise<void> }).jumpToTopArrival = arrival;
  });
  if (how === 'pointer') {
    if (touch) await link.tap();
    else await link.click();
  } else {
    await link.focus();
    await page.keyboard.press('Enter');
  }
  await page.evaluate(() => (window as unknown as { jumpToTopArrival: Promise<void> }).jumpToTopArrival);
  // The stepwise scroll has reached the top and focus is on the skip link.
  await expect(page.locator('.skip-link')).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

/** Where the header's top edge is in the window. */
const headerTop = (page: Page) => page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().top);

for (const how of ['pointer', 'keyboard'] as const) {
  test.describe(`after Back to top (${how}) on a desktop-sized window`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test('the focused skip link shows over the page without moving it, and the next click opens a menu panel', async ({ page }) => {
      await page.goto(CONTENT_PAGE);
      const restingTop = await headerTop(page);
      await backToTop(page, how);
      await expect(page.locator('.skip-link')).toBeVisible();
      expect(await headerTop(page)).toBe(restingTop);
      const rates = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Rates and property' });
      await rates.click();
      await expect(rates).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('link', { name: 'Pay your rates', exact: true })).toBeVisible();
    });
  });

  test.describe(`after Back to top (${how}) on a phone`, () => {
    test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

    test('a tap on the Search toggle opens the search bar', async ({ page }) => {
      await page.goto(CONTENT_PAGE);
      const restingTop = await headerTop(page);
      await backToTop(page, how, { touch: true });
      expect(await headerTop(page)).toBe(restingTop);
      // The toggle (the form's own Search button has the same name but no expanded state).
      const toggle = page.locator('site-search').getByRole('button', { name: 'Search', exact: true }).and(page.locator('[aria-expanded]'));
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.tap();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('combobox', { name: /Search .* website/ })).toBeFocused();
    });
  });
}

test.describe('one Tab on arrival', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the skip link over the page; a click then still lands where it was aimed', async ({ page }) => {
    await page.goto(CONTENT_PAGE);
    await upgradeRenderedElements(page);
    const restingTop = await headerTop(page);
    await page.keyboard.press('Tab');
    await expect(page.locator('.skip-link')).toBeFocused();
    await expect(page.locator('.skip-link')).toBeVisible();
    expect(await headerTop(page)).toBe(restingTop);
    const rates = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Rates and property' });
    await rates.click();
    await expect(rates).toHaveAttribute('aria-expanded', 'true');
  });
});
