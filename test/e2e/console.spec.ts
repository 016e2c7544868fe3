import { resolve } from 'node:path';
import { test, expect } from '@playwright/test';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH } from '../../src/core/search/app-search-api';
import { exampleKey, expectNoAxeViolations, tabTo } from './console-support';

/**
 * The search manager's console on the example site, as an editor uses it: by keyboard alone, with no JavaScript
 * needed, and with axe on every screen and state. The example's own searches fill its reports.
 */

test('a search manager signs in, reads what visitors searched for and signs out, by keyboard alone and without scripts', async ({ browser, baseURL, request }) => {
  const key = exampleKey(baseURL);
  // A visitor's search that finds nothing, as the header's search box sends it.
  const searched = await request.post(PROXY_PATH, {
    form: { key: PROXY_KEY_PLACEHOLDER, engine: 'site', action: 'search', params: JSON.stringify({ query: 'zebra crossing permit' }) },
  });
  expect(searched.status()).toBe(200);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');

  await tabTo(page, /^Key$/, { presses: 20 });
  await page.keyboard.type('private-not-the-key');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('That key was not accepted');
  await expect(page.getByLabel('Key')).toHaveAttribute('aria-invalid', 'true');

  await tabTo(page, /^Key$/, { presses: 20 });
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Engines');
  expect(page.url()).not.toContain(key);
  expect(await page.content()).not.toContain(key);

  await tabTo(page, /^site$/, { presses: 20 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('site: what visitors search for');
  // Recording is batched off the request path: the report shows the search once it is written.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Queries with no results' }).getByRole('rowheader', { name: 'zebra crossing permit' })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });

  await tabTo(page, /^Sign out$/, { presses: 20 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await context.close();
});

test('every console screen has no axe violations, and the focus is always visible', async ({ page, baseURL }) => {
  const key = exampleKey(baseURL);
  await page.goto('/console/sign-in');
  await expectNoAxeViolations(page);
  await page.getByLabel('Key').fill('private-wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Engines');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'site' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('site: what visitors search for');
  await expectNoAxeViolations(page);
  await page.getByLabel('From', { exact: true }).fill('2026-02-01');
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toContainText('The end date must be the same as or after the start date');
  await expectNoAxeViolations(page);

  const signOut = page.getByRole('button', { name: 'Sign out' });
  await signOut.focus();
  const outline = await signOut.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/sign-in$/);
});

test('the console is usable at 375 px: nothing scrolls sideways', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/console/sign-in');
  await page.getByLabel('Key').fill(exampleKey(baseURL));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'site' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test('screenshots of sign-in, the engines page and the synonym and best bet lists for the README, at 1280 and 375 px (only with CONSOLE_SCREENSHOTS=1)', async ({
  browser,
  baseURL,
}) => {
  test.skip(process.env.CONSOLE_SCREENSHOTS !== '1', 'screenshots are made on request only');
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 740 : 800 } });
    const page = await context.newPage();
    const shot = (name: string) =>
      page.screenshot({ path: resolve(import.meta.dirname, '../../docs/console', `${name}-${width}.png`), fullPage: true });
    await page.goto('/console/sign-in');
    await shot('sign-in');
    await page.getByLabel('Key').fill(exampleKey(baseURL));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Engines');
    await shot('engines');
    for (const screen of ['synonyms', 'curations']) {
      await page.goto(`/console/engines/site/${screen}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(`${screen}-list`);
    }
    await context.close();
  }
});
