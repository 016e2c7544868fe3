import { test, expect } from '@playwright/test';
import { collectErrors } from './page-errors';
import { upgradeRenderedElements } from './upgrade';

/**
 * The example page's policy allows the privacy-enhanced player's frame and not the video site's API script, so the
 * video element is told to play in the frame: its first play tries nothing the policy forbids.
 */
test('the first play logs no Content-Security-Policy error and plays the video in place, from the privacy-enhanced host', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto('/guidance/building-consent');
  await upgradeRenderedElements(page);
  await page.getByRole('button', { name: /Play video: .*building consent online/ }).click();
  const frame = page.locator('video-thumbnail iframe');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1');
  await expect(frame).toHaveAttribute('allow', /autoplay/);
  await expect(frame).toBeFocused();
  await expect(page.locator('video-thumbnail .video-thumbnail__button')).toHaveCount(0);
  // The API script would have been asked for (and refused) by now: the frame replaces the button only after it.
  expect(blocked).toEqual([]);
  expect(errors.filter((error) => /Content.Security.Policy/i.test(error))).toEqual([]);
  expect(await page.evaluate(() => Array.from(document.scripts).some((script) => script.src.includes('youtube.com')))).toBe(false);
});
