import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { exampleKey, expectNoAxeViolations, tabTo } from './console-support';

/**
 * The console's admin screens on the example site: keys made and revoked, signing out, an engine's documents,
 * log settings and crawls. Each flow once by keyboard alone, and axe on every screen and state; signing out and
 * the narrow screen run without JavaScript (the screens carry none).
 */

/**
 * Signs in by keyboard, on the console's first page. The console's pages carry no script, so they behave the same
 * either way; axe runs as a script in the page, so the flows it checks keep JavaScript on (`scripts: false` for others).
 */
async function signedIn(browser: Browser, baseURL: string | undefined, options: { width?: number; scripts?: boolean } = {}) {
  const context = await browser.newContext({
    javaScriptEnabled: options.scripts ?? true,
    ...(options.width && { viewport: { width: options.width, height: 900 } }),
  });
  const page = await context.newPage();
  await page.goto('/console/sign-in');
  await tabTo(page, /^Key$/, { presses: 40 });
  await page.keyboard.type(exampleKey(baseURL));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Engines');
  return { context, page };
}

/** Writes a screenshot for the README when asked to (CONSOLE_SCREENSHOTS=1), never in the normal run. */
async function screenshot(page: Page, name: string) {
  if (process.env.CONSOLE_SCREENSHOTS !== '1') return;
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: resolve(import.meta.dirname, '../../docs/console', `${name}-${width}.png`), fullPage: true });
}

test('a key is created, works once copied, is never shown again, and is revoked after a confirmation, by keyboard alone', async ({
  browser,
  baseURL,
  request,
}) => {
  // Seven axe runs and a dozen pages: 26 s on a loaded machine, close to the default limit.
  test.slow();
  const { context, page } = await signedIn(browser, baseURL);
  const name = `e2e-${randomBytes(4).toString('hex')}`;

  await tabTo(page, /^Keys$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keys');
  await expectNoAxeViolations(page);

  await tabTo(page, /^Create a key$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a key');
  await expectNoAxeViolations(page);
  // Sent without a name first: the API's words come back in the summary, linked to the field.
  await tabTo(page, /^Create key$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Name is required');
  await expectNoAxeViolations(page);

  await tabTo(page, /^Name$/, { presses: 40 });
  await page.keyboard.type(name);
  await tabTo(page, /^Private$/, { presses: 40 });
  await page.keyboard.press('Space');
  await tabTo(page, /^Create key$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Key created: ${name}`);
  await expect(page.getByText('Copy the key now. It will not be shown again.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'key-created');
  const key = await page.getByLabel('The new key').inputValue();
  expect(key).toMatch(/^private-/);
  const list = () => request.get('/api/as/v1/engines/site/documents/list', { headers: { Authorization: `Bearer ${key}` } });
  expect((await list()).status()).toBe(200);

  await tabTo(page, /^Back to the keys$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('rowheader', { name })).toBeVisible();
  expect(await page.content()).not.toContain(key);
  await screenshot(page, 'keys');

  await tabTo(page, new RegExp(`^Revoke ${name}$`), { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Revoke the key ${name}?`);
  await expectNoAxeViolations(page);
  expect((await list()).status()).toBe(200);
  await tabTo(page, /^Revoke the key$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(`The key ${name} was revoked: it no longer works.`);
  await expectNoAxeViolations(page);
  expect((await list()).status()).toBe(401);
  await context.close();
});

test('signing out by keyboard, without scripts, ends the session: the cookie kept from before no longer opens anything', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedIn(browser, baseURL, { scripts: false });
  const kept = (await context.cookies()).find((cookie) => cookie.name === 'civic_console');
  expect(kept).toBeDefined();
  await tabTo(page, /^Sign out$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('You have signed out.')).toBeVisible();

  const thief = await browser.newContext({ javaScriptEnabled: false });
  await thief.addCookies([kept!]);
  const stolen = await thief.newPage();
  await stolen.goto('/console/keys');
  await expect(stolen).toHaveURL(/\/console\/sign-in/);
  await expect(stolen.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await thief.close();
  await context.close();
});

test('a document is found, opened and its fields read, by keyboard alone', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL);
  // The address typed in, as a keyboard user may (the engine's screens link to one another as well).
  await page.goto('/console/engines/site/documents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('site: documents');
  await expect(page.getByRole('region', { name: 'Schema' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'documents');

  await tabTo(page, /^Search the documents$/, { presses: 40 });
  await page.keyboard.type('rubbish');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /Documents matching “rubbish”/ })).toBeVisible();
  const first = page.locator('.document-list a').first();
  // The example's pages reach its engine through its indexer, which runs beside the server from its start.
  await expect(async () => {
    await page.reload();
    await expect(first).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expectNoAxeViolations(page);
  const title = (await first.textContent())!.trim();
  await tabTo(page, new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('region', { name: 'Fields' }).getByRole('rowheader', { name: 'id', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'document');

  // The confirmation changes nothing; it is checked, then left by its Cancel link.
  await tabTo(page, /^Delete this document$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Delete “${title}”?`);
  await expectNoAxeViolations(page);
  await tabTo(page, /^Cancel$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await context.close();
});

test('log settings and crawls have no axe violations in any state, and log settings save by keyboard', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL);
  await tabTo(page, /^Log settings$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log settings');
  await expectNoAxeViolations(page);
  await screenshot(page, 'log-settings');
  const days = page.getByLabel('Keep search analytics for (days)');
  const before = await days.inputValue();

  await days.fill('forever');
  await page.getByRole('button', { name: 'Save log settings' }).click();
  await expect(page.getByRole('alert')).toContainText('must be a whole number of days');
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // Saved as they were, by keyboard: the same settings, and the saved state checked.
  await days.fill(before);
  await tabTo(page, /^Save log settings$/, { presses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('The log settings were saved.');
  await expect(days).toHaveValue(before);
  await expectNoAxeViolations(page);

  await page.goto('/console/engines/site/crawls');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('site: crawls');
  await expect(page.getByText(/This engine has no crawl/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'crawls');
  await context.close();
});

test('the admin screens are usable at 375 px: nothing scrolls sideways', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL, { width: 375, scripts: false });
  const screens = {
    keys: '/console/keys',
    'new-key': '/console/keys/new',
    'log-settings': '/console/log-settings',
    documents: '/console/engines/site/documents',
    crawls: '/console/engines/site/crawls',
  };
  for (const [name, path] of Object.entries(screens)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await screenshot(page, name);
  }
  await context.close();
});
