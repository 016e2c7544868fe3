import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { examplePages } from './pages';
import { upgradeRenderedElements } from './upgrade';

for (const { name, path } of examplePages) {
  test(`${name} has no axe violations once its elements have upgraded`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 404/.test(message.text())) errors.push(message.text());
    });
    await page.goto(path);
    // Every kit element the page renders has upgraded.
    await upgradeRenderedElements(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test(`${name} reads and navigates without JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(path === '/no-such-page' ? 404 : 200);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    await expect(page.locator('header').getByRole('search').getByRole('button', { name: 'Search' })).toBeVisible();
    await context.close();
  });

  test(`${name} has no axe violations when the kit's scripts fail to load`, async ({ page }) => {
    // axe itself needs JavaScript, so the no-JS state is checked with every kit script blocked.
    await page.route('**/dist/**/*.js', (route) => route.abort());
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
