import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** What every console spec needs of the example site's console. */

/** The key the example's search service keeps in its data folder (the e2e server's folder is named by its port). */
export function exampleKey(baseURL: string | undefined): string {
  const port = new URL(baseURL ?? 'http://127.0.0.1:8181').port;
  return readFileSync(resolve(import.meta.dirname, '../..', `.data/e2e-${port}/search/private-key`), 'utf8').trim();
}

/** axe on the whole page; a violation is listed with the elements it was found on. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The name a keyboard user hears for what has the focus: its aria-label, its label or its text, spaces collapsed. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const name = element ? (element.getAttribute('aria-label') ?? element.labels?.[0]?.textContent ?? element.textContent ?? '') : '';
    return name.replace(/\s+/g, ' ').trim();
  });
}

/**
 * Moves the focus with Tab until what has it is named `name`, at most `presses` times, as a keyboard user would;
 * with `back`, then with Shift+Tab at most that many times, for a control behind the focus (after a button, a page
 * may open where its change shows, mid-page).
 */
export async function tabTo(page: Page, name: RegExp, { presses = 60, back = 0 }: { presses?: number; back?: number } = {}) {
  for (const [key, times] of [
    ['Tab', presses],
    ['Shift+Tab', back],
  ] as const) {
    for (let press = 0; press < times; press++) {
      await page.keyboard.press(key);
      if (name.test(await focusedName(page))) return;
    }
  }
  throw new Error(`${name} never took the focus`);
}

/** Signs in to the example's console with its key, by the sign-in form. */
export async function signIn(page: Page, baseURL: string | undefined) {
  await page.goto('/console/sign-in');
  await page.getByLabel('Key').fill(exampleKey(baseURL));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Engines');
}
