import { test, expect } from '@playwright/test';
import { upgradeRenderedElements } from './upgrade';

/** What the focused element looks like: focus must be visible, so at least one of these changes on focus. */
const focusLook = () => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  return {
    tag: el.tagName.toLowerCase(),
    text: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40),
    outline: style.outlineStyle !== 'none' && style.outlineColor !== 'rgba(0, 0, 0, 0)' && parseFloat(style.outlineWidth) > 0,
    boxShadow: style.boxShadow !== 'none',
    background: style.backgroundColor,
  };
};

test('every control on the content page can be reached with Tab and shows where focus is', async ({ page }) => {
  await page.goto('/guidance/building-consent');
  await upgradeRenderedElements(page);
  const seen: string[] = [];
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const look = await page.evaluate(focusLook);
    if (!look) continue;
    seen.push(look.text);
    expect(look.outline || look.boxShadow, `focus on <${look.tag}> "${look.text}" is visible`).toBe(true);
  }
  // The kit's controls are in the tab order, in reading order.
  const order = ['Close announcement', 'What it costs', 'Share this page', 'Show all sections', 'Play video'];
  const positions = order.map((name) => seen.findIndex((text) => text.startsWith(name)));
  expect(
    positions.every((position) => position >= 0),
    `reached: ${seen.join(' | ')}`,
  ).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
});

test('tabbing down the content page as it loads: lower elements upgrade as focus nears them, and focus is never dropped', async ({ page }) => {
  // Every time focus leaves an element for nowhere (an upgrade taking the focused node away) is recorded.
  await page.addInitScript(() => {
    const drops: string[] = [];
    (window as unknown as { focusDrops: string[] }).focusDrops = drops;
    document.addEventListener('focusout', (event) => {
      if (event.relatedTarget === null && document.hasFocus()) drops.push((event.target as Element).outerHTML.slice(0, 80));
    });
  });
  await page.goto('/guidance/building-consent');
  await page.waitForFunction(() => customElements.get('jump-links') !== undefined);
  expect(await page.evaluate(() => customElements.get('accordion-group')), 'the accordions, further down, wait').toBeUndefined();

  const seen: string[] = [];
  for (let step = 0; step < 80 && !seen.includes('Back to top'); step += 1) {
    // At a person's pace: about ten presses a second.
    await page.waitForTimeout(100);
    await page.keyboard.press('Tab');
    const look = await page.evaluate(focusLook);
    if (look) seen.push(look.text);
  }
  expect(seen, 'Tab reached the end of the page').toContain('Back to top');
  await page.waitForFunction(() => ['accordion-group', 'data-table', 'video-thumbnail', 'feedback-widget'].every((tag) => customElements.get(tag)));
  for (const control of ['Show all sections', 'Play video']) {
    expect(seen.some((text) => text.startsWith(control)), `${control}, in: ${seen.join(' | ')}`).toBe(true);
  }
  expect(await page.evaluate(() => (window as unknown as { focusDrops: string[] }).focusDrops)).toEqual([]);
});

test('on a phone-sized screen the content page never scrolls sideways; the wide table scrolls in its own region', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/guidance/building-consent');
  await upgradeRenderedElements(page);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  const region = page.getByRole('region', { name: 'Building consent fees from 1 July 2026' });
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});
