import { test, expect, type Locator } from '@playwright/test';
import { upgradeRenderedElements } from './upgrade';

/** Phone layouts of the example site (375 x 812), each with a look at the desktop width it must not break. */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

/** Whether the feedback bar, floating or in its place, covers any part of an element (false when it is not shown). */
async function coveredByFeedbackBar(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const bar = document.querySelector('feedback-widget[data-visible] .feedback-widget__bar');
    if (!bar || bar.contains(element)) return false;
    const a = element.getBoundingClientRect();
    const b = bar.getBoundingClientRect();
    return a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right;
  });
}

test.describe('the header on a phone', () => {
  test.use({ viewport: PHONE });

  test('is one compact row (logo, Search, Menu) under a compact announcement, and stays so through the upgrade', async ({ page }) => {
    await page.goto('/');
    await upgradeRenderedElements(page);
    const header = page.locator('header.site-header');
    const logo = page.locator('.site-header__logo');
    const search = header.getByRole('button', { name: 'Search', exact: true });
    const menu = header.getByRole('button', { name: 'Menu', exact: true });
    const [logoBox, searchBox, menuBox] = [await box(logo), await box(search), await box(menu)];
    // One row: the three share a line, in this order.
    for (const item of [searchBox, menuBox]) {
      expect(Math.abs(item.y + item.height / 2 - (logoBox.y + logoBox.height / 2))).toBeLessThan(8);
    }
    expect(logoBox.x + logoBox.width).toBeLessThanOrEqual(searchBox.x);
    expect(searchBox.x + searchBox.width).toBeLessThanOrEqual(menuBox.x);
    // The announcement and the header together: about a quarter of the screen, not half (395 px before).
    expect((await box(header)).height).toBeLessThan(220);
    expect((await box(page.locator('.site-announcement'))).height).toBeLessThan(140);
    // Search opens its bar on a row below, whole, and Menu stays where it was.
    await search.click();
    const field = header.getByRole('combobox', { name: 'Search Harbourton City Council website' });
    await expect(field).toBeFocused();
    expect((await box(field)).y).toBeGreaterThan(menuBox.y + menuBox.height);
    expect(await box(menu)).toEqual(menuBox);
  });

  test('keeps its places from the first paint: nothing in the header moves as the elements upgrade', async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect(page.locator('header').getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    await expect(page.locator('header .site-search__toggle')).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const total = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
    expect(total).toBeLessThan(0.01);
  });
});

test.describe('the header on a desktop window', () => {
  test.use({ viewport: DESKTOP });

  test('keeps the search form and the navigation bar in the header', async ({ page }) => {
    await page.goto('/');
    await upgradeRenderedElements(page);
    await expect(page.locator('header').getByRole('combobox', { name: 'Search Harbourton City Council website' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('header').getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    expect((await box(page.locator('.site-header__masthead'))).height).toBeLessThan(100);
  });
});

test.describe('"On this page"', () => {
  test('on a phone it follows the breadcrumbs and the title, on screen and in the tab order', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/guidance/building-consent');
    await upgradeRenderedElements(page);
    const contents = page.getByRole('navigation', { name: 'On this page' });
    const title = page.getByRole('heading', { level: 1 });
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await box(contents)).y).toBeGreaterThan((await box(title)).y + (await box(title)).height - 1);
    expect((await box(crumbs)).y).toBeLessThan((await box(title)).y);
    // Tab order: the breadcrumbs' links come before the first contents link.
    const order = await page.evaluate(() => {
      const links = Array.from(document.querySelectorAll('main a[href]'));
      const crumb = links.findIndex((link) => link.closest('.breadcrumbs'));
      const jump = links.findIndex((link) => link.closest('jump-links'));
      return { crumb, jump };
    });
    expect(order.crumb).toBeLessThan(order.jump);
  });

  test('on a desktop window it is the left column beside the title', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/guidance/building-consent');
    await upgradeRenderedElements(page);
    const contents = await box(page.getByRole('navigation', { name: 'On this page' }));
    const crumbs = await box(page.getByRole('navigation', { name: 'Breadcrumb' }));
    const title = await box(page.getByRole('heading', { level: 1 }));
    expect(contents.x + contents.width).toBeLessThan(title.x);
    expect(Math.abs(contents.y - crumbs.y)).toBeLessThan(8);
  });
});

test.describe('the feedback bar on a phone', () => {
  test.use({ viewport: PHONE });

  test('is one short band and never covers the field or button that has keyboard focus', async ({ page }) => {
    await page.goto('/forms/report-a-problem');
    await upgradeRenderedElements(page);
    const covered: string[] = [];
    let floatingHeight = 0;
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      if ((await focused.count()) === 0) continue;
      // After the scrolls that follow a focus change.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const height = await page.evaluate(
        () => document.querySelector('.feedback-widget__bar[data-floating]')?.getBoundingClientRect().height ?? 0,
      );
      floatingHeight = Math.max(floatingHeight, height);
      if (await coveredByFeedbackBar(focused)) covered.push(await focused.evaluate((element) => element.outerHTML.slice(0, 80)));
    }
    expect(floatingHeight, 'the bar floated while tabbing down the form').toBeGreaterThan(0);
    expect(floatingHeight).toBeLessThan(70);
    expect(covered).toEqual([]);
  });

  test('leaves the decision tree’s "Back to top" in view once the page’s end is reached', async ({ page }) => {
    await page.goto('/decision-trees/building-consent');
    await upgradeRenderedElements(page);
    const backToTop = page.getByRole('link', { name: 'Back to top' });
    // Scrolled down to the page's end, "Back to top" coming into view from the bottom edge, the footer after it.
    for (const above of [4, 40, 80, 120, 160]) {
      const y = await backToTop.evaluate(
        (link, gap) => link.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + gap,
        above,
      );
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(backToTop).toBeInViewport();
      await expect.poll(() => coveredByFeedbackBar(backToTop), `${above} px above the bottom`).toBe(false);
    }
  });
});

test('the open share panel stays inside the content column on a desktop window', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/guidance/building-consent');
  await upgradeRenderedElements(page);
  await page.getByRole('button', { name: 'Share this page' }).click();
  const panel = await box(page.locator('.share-panel__panel'));
  const column = await box(page.locator('.page-tools'));
  expect(panel.x).toBeGreaterThanOrEqual(column.x - 0.5);
  expect(panel.x + panel.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
});

test.describe('listing filters', () => {
  test('"No news items found" starts level with the filters, at the top of the results column', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/news?publisher=Harbourton%20Leisure&topic=Animals');
    await upgradeRenderedElements(page);
    const count = page.getByRole('heading', { name: 'No news items found' });
    await expect(count).toBeVisible();
    const form = await box(page.getByRole('form', { name: 'Filter news' }));
    expect(Math.abs((await box(count)).y - form.y)).toBeLessThan(2);
  });

  test('Apply on a phone writes only the chosen filters into the address', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/documents');
    await upgradeRenderedElements(page);
    await page.getByRole('searchbox', { name: 'Search by title or summary' }).first().fill('rates');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/\/documents\?/);
    expect(new URL(page.url()).search).toBe('?keywords=rates');
    await page.goto('/news');
    await upgradeRenderedElements(page);
    await page.getByRole('checkbox', { name: 'Harbourton Leisure' }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/\/news\?/);
    expect(new URL(page.url()).search).toBe('?publisher=Harbourton+Leisure');
  });
});
