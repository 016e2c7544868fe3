import { test, expect } from '@playwright/test';

/** What works with JavaScript turned off: the announcement closes, a subsite has its colours, filters give clean addresses. */
test.use({ javaScriptEnabled: false });

test.describe('the announcement without JavaScript', () => {
  test('Close posts, and the same page comes back, with its query, without the announcement; it stays closed', async ({
    page,
    context,
  }) => {
    await page.goto('/news?topic=Animals');
    const banner = page.locator('announcement-banner');
    await expect(banner.getByRole('heading', { name: 'Holiday collection changes' })).toBeVisible();
    await banner.getByRole('button', { name: 'Close announcement' }).click();
    await page.waitForURL((url) => url.pathname === '/news' && url.search === '?topic=Animals');
    await expect(page.locator('announcement-banner')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'ANNOUNCEMENT_CLOSED');
    expect(decodeURIComponent(cookie?.value ?? '')).toBe('2026-11-18T09:00:00Z');
    expect(cookie?.httpOnly).toBe(false);
    // Until the announcement's data-expires (31 January 2027), on every page.
    expect(new Date(cookie!.expires * 1000).getFullYear()).toBe(2027);
    await page.goto('/contact');
    await expect(page.locator('announcement-banner')).toHaveCount(0);
  });

  test('the close route sends a visitor only to a page of this site', async ({ page }) => {
    await page.goto('/contact');
    for (const back of ['//evil.example/', '/..//evil.example', 'https://evil.example/', '/\\evil.example']) {
      // As the page's own form would post it (same origin), with the return path changed.
      const response = await page.request.post('/announcement/close', {
        form: { timestamp: '2026-11-18T09:00:00Z', return: back },
        headers: { origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(response.status(), back).toBe(303);
      expect(response.headers().location, back).toBe('/');
    }
  });
});

test('a subsite’s colours apply from the server’s markup, under the site’s Content Security Policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/guidance/building-consent');
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
  const label = page.locator('.subsite-label');
  // The subsite's colour, #00703c, not the site's #1d70b8.
  await expect(label).toHaveCSS('color', 'rgb(0, 112, 60)');
  expect(violations).toEqual([]);
});

test.describe('listing filters without JavaScript', () => {
  test('Apply loads the filtered listing at an address without the blank fields', async ({ page }) => {
    await page.goto('/documents');
    await page.getByRole('searchbox', { name: 'Search by title or summary' }).first().fill('rates');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/\/documents\?/);
    expect(new URL(page.url()).search).toBe('?keywords=rates');
    await expect(page.getByRole('searchbox', { name: 'Search by title or summary' }).first()).toHaveValue('rates');
  });

  test('a blank form gives the plain listing address', async ({ page }) => {
    await page.goto('/news?publisher=Harbourton+Leisure');
    await page.getByRole('checkbox', { name: 'Harbourton Leisure' }).uncheck();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.pathname === '/news' && url.search === '');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  });
});
