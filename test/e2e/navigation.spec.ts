import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { upgradeRenderedElements } from './upgrade';

/** A topic page: its section ("Rates and property") and its own link are marked current. */
const TOPIC = '/services/rates-and-property/pay-your-rates';

async function openPage(page: Page, path = TOPIC) {
  await page.goto(path);
  await upgradeRenderedElements(page);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('the mega menu on a desktop-sized window', () => {
  test.use({ viewport: { width: 1200, height: 800 } });

  test('a click opens a section’s panel, another click switches panels, a click outside closes', async ({ page }) => {
    await openPage(page);
    const building = mainNav(page).getByRole('button', { name: 'Building and planning' });
    const rubbish = mainNav(page).getByRole('button', { name: 'Rubbish and recycling' });
    await expect(building).toHaveAttribute('aria-expanded', 'false');
    await building.click();
    await expect(building).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Resource consents' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All Building and planning' })).toBeVisible();
    await rubbish.click();
    await expect(rubbish).toHaveAttribute('aria-expanded', 'true');
    await expect(building).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Resource consents' })).toBeHidden();
    // The page margin, clear of the panel and of any link.
    await page.mouse.click(1180, 700);
    await expect(rubbish).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Collection days' })).toBeHidden();
  });

  test('from the keyboard: Enter opens, Tab walks the panel in order and out of it, Escape returns to the button', async ({ page }) => {
    await openPage(page);
    const rates = mainNav(page).getByRole('button', { name: 'Rates and property' });
    const building = mainNav(page).getByRole('button', { name: 'Building and planning' });
    await rates.focus();
    await page.keyboard.press('Enter');
    await expect(rates).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['All Rates and property', 'Pay your rates', 'Rates relief', 'Property valuations']) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name, exact: true }).and(page.locator(':focus'))).toHaveCount(1);
    }
    await page.keyboard.press('Tab');
    await expect(building).toBeFocused();
    await expect(rates).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(building).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(building).toHaveAttribute('aria-expanded', 'false');
    await expect(building).toBeFocused();
  });

  test('a top-level link without a panel, and a link in a panel, are followed', async ({ page }) => {
    await openPage(page);
    await mainNav(page).getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await upgradeRenderedElements(page);
    await mainNav(page).getByRole('button', { name: 'Roads and transport' }).click();
    await page.getByRole('link', { name: 'Parking', exact: true }).click();
    await expect(page).toHaveURL(/\/services\/roads-and-transport\/parking$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Parking');
  });

  test('marks the current page and its section', async ({ page }) => {
    await openPage(page);
    const rates = mainNav(page).getByRole('button', { name: 'Rates and property' });
    await expect(rates).toHaveAttribute('aria-current', 'true');
    await expect(mainNav(page).getByRole('button', { name: 'Building and planning' })).not.toHaveAttribute('aria-current');
    await rates.click();
    await expect(page.getByRole('link', { name: 'Pay your rates', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'All Rates and property' })).toHaveAttribute('aria-current', 'true');
  });

  test('a panel opens over the page: no layout shift, the main content does not move', async ({ page }) => {
    await openPage(page);
    const main = page.locator('main');
    // Every layout shift from now on, with what moved and when the press came. A busy machine may still be laying
    // out the page it just upgraded: the page is first let settle (two frames in a row with no shift), and only what
    // moves after the press counts; a shift inside the panel as it appears is the panel, not the page, moving.
    await page.evaluate(
      () =>
        new Promise<void>((settled) => {
          type Shift = { at: number; value: number; moved: string[] };
          type Entry = PerformanceEntry & { value: number; sources: Array<{ node?: Node }> };
          const shifts: Shift[] = [];
          const collect = (entries: PerformanceEntry[]) => {
            for (const entry of entries as Entry[]) {
              const moved = entry.sources
                .map((source) => source.node)
                .filter((node) => !(node instanceof Element && node.closest('.mega-menu__panel')))
                .map((node) => (node instanceof Element ? node.outerHTML.slice(0, 80) : String(node?.nodeName)));
              shifts.push({ at: entry.startTime, value: entry.value, moved });
            }
          };
          const observer = new PerformanceObserver((list) => collect(list.getEntries()));
          observer.observe({ type: 'layout-shift' });
          const record = { shifts, pressedAt: Infinity, collectPending: () => collect(observer.takeRecords()) };
          (window as unknown as { shiftRecord: typeof record }).shiftRecord = record;
          document.addEventListener('pointerdown', () => (record.pressedAt = Math.min(record.pressedAt, performance.now())), true);
          let quietFrames = 0;
          let seen = 0;
          const check = () => {
            record.collectPending();
            quietFrames = shifts.length === seen ? quietFrames + 1 : 0;
            seen = shifts.length;
            if (quietFrames >= 2) settled();
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );
    const before = await main.boundingBox();
    await mainNav(page).getByRole('button', { name: 'Building and planning' }).click();
    await expect(page.getByRole('link', { name: 'District plan' })).toBeVisible();
    // Two frames: the frame that showed the panel has been laid out, so any shift it caused has been recorded.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await main.boundingBox()).toEqual(before);
    const shifts = await page.evaluate(() => {
      const { shiftRecord: record } = window as unknown as {
        shiftRecord: { shifts: Array<{ at: number; value: number; moved: string[] }>; pressedAt: number; collectPending(): void };
      };
      record.collectPending();
      return record.shifts.filter((shift) => shift.at >= record.pressedAt && shift.moved.length > 0);
    });
    expect(shifts).toEqual([]);
  });

  test('a resize of the window closes the open panel', async ({ page }) => {
    await openPage(page);
    const rates = mainNav(page).getByRole('button', { name: 'Rates and property' });
    await rates.click();
    await expect(rates).toHaveAttribute('aria-expanded', 'true');
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(rates).toHaveAttribute('aria-expanded', 'false');
  });

  test('no axe violations with a panel open', async ({ page }) => {
    await openPage(page, '/guidance/building-consent');
    await mainNav(page).getByRole('button', { name: 'Building and planning' }).click();
    await expect(page.getByRole('link', { name: 'Apply for a building consent', exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the Menu button is not shown', async ({ page }) => {
    await openPage(page);
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await expect(mainNav(page)).toBeVisible();
  });
});

test.describe('the mobile navigation on a phone-sized window', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  const overlay = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

  test('from the keyboard: Menu opens the overlay, a section opens its level, Back returns, Escape closes', async ({ page }) => {
    await openPage(page);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(overlay(page)).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(overlay(page).getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const building = overlay(page).getByRole('button', { name: 'Building and planning' });
    await expect(building).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(overlay(page).getByRole('heading', { name: 'Building and planning' })).toBeFocused();
    await expect(overlay(page).getByRole('link', { name: 'All Building and planning' })).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(overlay(page).getByRole('button', { name: 'Back' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(building).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('by touch: open, go into a section, follow a link; the close control closes', async ({ page }) => {
    await openPage(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await overlay(page).getByRole('button', { name: 'Close menu' }).click();
    await expect(overlay(page)).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await overlay(page).getByRole('button', { name: 'Rubbish and recycling' }).click();
    await overlay(page).getByRole('link', { name: 'Transfer station' }).click();
    await expect(page).toHaveURL(/\/services\/rubbish-and-recycling\/transfer-station$/);
  });

  test('while open, focus stays in the overlay and the page behind is inert', async ({ page }) => {
    await openPage(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(overlay(page)).toBeVisible();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body || !!active.closest('dialog');
      });
      expect(inside).toBe(true);
    }
    await page.evaluate(() => document.querySelector<HTMLElement>('.skip-link')?.focus());
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body)).toBe(true);
  });

  test('the page’s navigation bar gives way to the Menu button, and comes back above the breakpoint', async ({ page }) => {
    await openPage(page);
    await expect(page.locator('#site-nav')).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(overlay(page)).toBeVisible();
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(overlay(page)).toBeHidden();
    await expect(page.locator('#site-nav')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  });

  test('no axe violations with the overlay open, at the top level and in a section', async ({ page }) => {
    await openPage(page, '/guidance/building-consent');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(overlay(page)).toBeVisible();
    // The overlay slides in: check it where it comes to rest.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('dialog[open]')!).transform === 'none');
    await expectNoAxeViolations(page);
    await overlay(page).getByRole('button', { name: 'Building and planning' }).click();
    await expect(overlay(page).getByRole('heading', { name: 'Building and planning' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('without JavaScript the navigation links show on a phone', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(TOPIC);
    for (const name of ['Rates and property', 'Building and planning', 'Rubbish and recycling', 'Roads and transport', 'Contact us']) {
      await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveCount(0);
    await expect(mainNav(page).getByRole('link', { name: 'Pay your rates' })).toBeHidden();
    await context.close();
  });
});
