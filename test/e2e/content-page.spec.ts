import { test, expect, type Page } from '@playwright/test';
import { upgradeRenderedElements } from './upgrade';

const PATH = '/guidance/building-consent';

async function openContentPage(page: Page) {
  await page.goto(PATH);
  await upgradeRenderedElements(page);
}

test('accordion sections open and close from the keyboard', async ({ page }) => {
  await openContentPage(page);
  const button = page.getByRole('button', { name: 'Specifications' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('The materials and products you will use')).toBeHidden();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('The materials and products you will use')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('jump links list the page sections and move focus to the one chosen', async ({ page }) => {
  await openContentPage(page);
  const nav = page.getByRole('navigation', { name: 'On this page' });
  const links = nav.getByRole('link');
  await expect(links).toHaveText([
    'When you need a building consent',
    'What it costs',
    'Documents you need',
    'How to apply',
    'After you apply',
    'Get help',
  ]);
  await nav.getByRole('link', { name: 'What it costs' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'What it costs' })).toBeFocused();
  expect(new URL(page.url()).hash).toBe('#what-it-costs');
});

test('the share panel opens, lists the networks and closes on Escape', async ({ page }) => {
  await openContentPage(page);
  const toggle = page.getByRole('button', { name: /Share this page/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const name of [/Facebook/, /^X/, /LinkedIn/, /Email/]) await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: /Copy link/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});

test('a dismissed announcement stays closed on the next page, from its cookie', async ({ page, context }) => {
  await openContentPage(page);
  const banner = page.locator('announcement-banner');
  await expect(banner).toContainText('Holiday collection changes');
  await banner.getByRole('button', { name: /Close/ }).click();
  await expect(banner).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === 'ANNOUNCEMENT_CLOSED');
  expect(decodeURIComponent(cookie?.value ?? '')).toBe('2026-11-18T09:00:00Z');
  await page.goto('/contact');
  await upgradeRenderedElements(page);
  await expect(page.locator('announcement-banner')).toBeHidden();
});

test('the fees table scrolls sideways from the keyboard in a labelled region', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await openContentPage(page);
  const region = page.getByRole('region', { name: 'Building consent fees from 1 July 2026' });
  await expect(region).toHaveAttribute('tabindex', '0');
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('the video plays in place, from the privacy-enhanced host, in the frame the strict CSP allows', async ({ page }) => {
  await openContentPage(page);
  await page.getByRole('button', { name: /Play video: .*building consent online/ }).click();
  const frame = page.locator('video-thumbnail iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/M7lc1UVf-VE\?.*autoplay=1/);
  await expect(frame).toHaveAttribute('title', /Video: .*building consent online/);
});

test('the feedback bar appears once the header is scrolled past and sends the answer', async ({ page }) => {
  await openContentPage(page);
  const widget = page.locator('feedback-widget');
  await expect(widget).not.toHaveAttribute('data-visible');
  await page.mouse.wheel(0, 1200);
  await expect(widget).toHaveAttribute('data-visible', '');
  await widget.getByRole('button', { name: 'Yes' }).click();
  await expect(widget.getByRole('status')).toHaveText('Thank you for your feedback.');
});

test('back to top scrolls up and puts focus on the skip link', async ({ page }) => {
  await openContentPage(page);
  await page.getByRole('link', { name: 'Back to top' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused({ timeout: 15_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the subsite colours theme the content inside it', async ({ page }) => {
  await openContentPage(page);
  const colour = await page.locator('.subsite-label').evaluate((el) => getComputedStyle(el).color);
  expect(colour).toBe('rgb(0, 112, 60)');
});

test('without JavaScript the whole content page reads: every section, the table, the video link, the share links', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PATH);
  await expect(page.getByText('The materials and products you will use')).toBeVisible();
  await expect(page.getByText('A copy issued in the last three months')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Building consent fees from 1 July 2026' })).toBeVisible();
  await expect(page.getByRole('link', { name: /how to apply for a building consent online/ })).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  );
  await expect(page.getByRole('link', { name: 'LinkedIn' })).toBeVisible();
  await expect(page.getByText('Holiday collection changes')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Is this page useful?' })).toBeVisible();
  await context.close();
});
