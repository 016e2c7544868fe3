import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { collectErrors } from './page-errors';
import { upgradeRenderedElements } from './upgrade';

/**
 * Site search end to end, against the embedded engine behind the real proxy: the header's suggested queries, the
 * results page's facets, order, pages and history, with the keyboard; axe with the suggestions open and on the
 * results.
 */

const SEARCH_PAGE = '/search/SearchForm';
const FIELD_NAME = 'Search Harbourton City Council website';

async function openPage(page: Page, path: string) {
  await page.goto(path);
  await upgradeRenderedElements(page);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const headerField = (page: Page) => page.locator('header').getByRole('combobox', { name: FIELD_NAME });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggested queries:' }).getByRole('option');
const resultsHeading = (page: Page) => page.locator('main h2.search-results__count');
const facet = (page: Page, legend: string) => page.getByRole('group', { name: legend }).getByRole('checkbox');
const pages = (page: Page) => page.getByRole('navigation', { name: 'Results pages' });
const searchUiState = (page: Page) => new URL(page.url()).searchParams;

test.describe('the header search on a desktop window', () => {
  test.use({ viewport: { width: 1200, height: 900 } });

  test('type, see up to 5 suggestions, choose one with the keyboard, land on its results', async ({ page }) => {
    const errors = collectErrors(page);
    await openPage(page, '/');
    const field = headerField(page);
    await field.click();
    await page.keyboard.type('rat');
    await expect(suggestions(page).first()).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    const count = await suggestions(page).count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(5);
    await expect(page.locator('header [role="status"]')).toHaveText(`${count} suggestions`);

    await page.keyboard.press('ArrowUp');
    await expect(suggestions(page).nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = suggestions(page).nth(1);
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id'))!);
    const text = (await chosen.textContent())!;
    await expect(field).toBeFocused();

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === SEARCH_PAGE);
    await expect(resultsHeading(page)).toHaveText(new RegExp(`results? for “${text}”`));
    await expect(page.getByRole('search', { name: 'Search and filter' }).getByRole('searchbox')).toHaveValue(text);
    await expect.poll(() => searchUiState(page).get('q')).toBe(text);
    expect(errors).toEqual([]);
  });

  test('the search code is fetched when the visitor turns to the field, not with the page; typing meanwhile is kept', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openPage(page, '/');
    await page.waitForLoadState('networkidle');
    const searchCode = () => scripts.filter((path) => /\/chunks\/(suggestions-driver|search-connection)-/.test(path));
    expect(searchCode(), 'nothing of the search core before the field is used').toEqual([]);

    // Typing at once: the first letters arrive before the code does, and are asked about when it is there.
    await headerField(page).focus();
    await page.keyboard.type('rat');
    await expect(suggestions(page).first()).toBeVisible();
    expect(searchCode().length).toBeGreaterThan(0);
  });

  test('Escape closes the suggestions, ArrowDown opens them again, a click on one searches for it', async ({ page }) => {
    await openPage(page, '/');
    const field = headerField(page);
    await field.click();
    await page.keyboard.type('bin');
    await expect(suggestions(page).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(suggestions(page).first()).toBeHidden();
    await page.keyboard.press('ArrowDown');
    await expect(suggestions(page).first()).toBeVisible();
    const text = (await suggestions(page).first().textContent())!;
    await suggestions(page).first().click();
    await page.waitForURL((url) => url.pathname === SEARCH_PAGE);
    await expect(resultsHeading(page)).toContainText(`“${text}”`);
  });

  test('has no axe violations with the suggestions open', async ({ page }) => {
    await openPage(page, '/');
    await headerField(page).click();
    await page.keyboard.type('rat');
    await expect(suggestions(page).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expectNoAxeViolations(page);
  });
});

test.describe('the header search on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the Search toggle opens the bar, the field gets focus and suggests; Escape closes each in turn', async ({ page }) => {
    await openPage(page, '/');
    const toggle = page.locator('header').getByRole('button', { name: 'Search', exact: true }).and(page.locator('[aria-expanded]'));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(headerField(page)).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(headerField(page)).toBeFocused();
    await page.keyboard.type('rat');
    await expect(suggestions(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(suggestions(page).first()).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(headerField(page)).toBeHidden();
    await expect(toggle).toBeFocused();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
  });
});

test.describe('the search results page', () => {
  test.use({ viewport: { width: 1200, height: 900 } });

  test('refine with a facet, sort, page, go back, and reload the address', async ({ page }) => {
    const errors = collectErrors(page);
    await openPage(page, `${SEARCH_PAGE}?Search=rates`);
    await expect(resultsHeading(page)).toHaveText(/^[\d,]+ results for “rates”$/);
    await expect.poll(() => searchUiState(page).get('q')).toBe('rates');
    const total = Number((await resultsHeading(page).textContent())!.replace(/\D/g, ''));

    // A facet, from the keyboard.
    const firstType = facet(page, 'Document type').first();
    const typeLabel = (await firstType.getAttribute('value'))!;
    const typeCount = Number(
      /\((\d+)\)$/.exec((await page.locator(`label[for="${await firstType.getAttribute('id')}"]`).textContent())!)![1],
    );
    await firstType.focus();
    await page.keyboard.press('Space');
    await expect(firstType).toBeChecked();
    await expect(resultsHeading(page)).toHaveText(
      `${typeCount.toLocaleString('en-NZ')} ${typeCount === 1 ? 'result' : 'results'} for “rates”`,
    );
    expect(typeCount).toBeLessThan(total);
    await expect.poll(() => searchUiState(page).get('filters[0][values][0]')).toBe(typeLabel);
    await expect(page.locator('.search-results__item .search-results__type').first()).toHaveText(typeLabel);

    // The order.
    const sort = page.getByLabel('Sort by');
    await sort.selectOption({ label: 'Newest' });
    await expect.poll(() => searchUiState(page).get('sort-field')).toBe('published_date');
    const dates = await page
      .locator('.search-results__item time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
    expect(dates.length).toBeGreaterThan(1);
    expect([...dates].sort().reverse()).toEqual(dates);

    // The next page, by its link, from the keyboard: focus moves to the results heading.
    const firstTitleOnPage1 = await page.locator('.search-results__item-title').first().textContent();
    await pages(page).getByRole('link', { name: 'Page 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(pages(page).locator('[aria-current="page"]')).toHaveText('2');
    await expect(resultsHeading(page)).toBeFocused();
    await expect.poll(() => searchUiState(page).get('current')).toBe('n_2_n');
    await expect(page.locator('.search-results__item-title').first()).not.toHaveText(firstTitleOnPage1!);
    const page2Url = page.url();

    // Back: page 1 again, with the same facet and order.
    await page.goBack();
    await expect(pages(page).locator('[aria-current="page"]')).toHaveText('1');
    await expect(page.locator('.search-results__item-title').first()).toHaveText(firstTitleOnPage1!);
    await expect(firstType).toBeChecked();
    await expect(sort).toHaveValue('newest');
    await page.goForward();
    await expect(pages(page).locator('[aria-current="page"]')).toHaveText('2');

    // The address reproduces the page.
    await openPage(page, page2Url);
    await expect(resultsHeading(page)).toHaveText(
      `${typeCount.toLocaleString('en-NZ')} ${typeCount === 1 ? 'result' : 'results'} for “rates”`,
    );
    await expect(pages(page).locator('[aria-current="page"]')).toHaveText('2');
    await expect(facet(page, 'Document type').first()).toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    expect(page.url()).toBe(page2Url);
    expect(errors).toEqual([]);
  });

  test('the page size, and Clear filters from an empty search', async ({ page }) => {
    await openPage(page, `${SEARCH_PAGE}?Search=rates`);
    await expect(resultsHeading(page)).toBeVisible();
    await page.getByLabel('Results per page').selectOption('50');
    await expect(page.locator('.search-results__item')).toHaveCount(50);
    await expect.poll(() => searchUiState(page).get('size')).toBe('n_50_n');

    await openPage(page, `${SEARCH_PAGE}?Search=qwertyuiop&type=Policy`);
    await expect(resultsHeading(page)).toHaveText('No results for “qwertyuiop”');
    await expect(page.getByText('removing the filters')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => searchUiState(page).has('filters[0][field]')).toBe(false);
  });

  test('a followed result is tracked with the search’s request id', async ({ page }) => {
    await openPage(page, `${SEARCH_PAGE}?Search=rates`);
    await expect(resultsHeading(page)).toBeVisible();
    const click = page.waitForRequest(
      (request) => request.url().endsWith('/_search-proxy') && /action=click/.test(request.postData() ?? ''),
    );
    const link = page.locator('.search-results__item-title a').first();
    const href = await link.getAttribute('href');
    await link.click();
    const fields = new URLSearchParams((await click).postData()!);
    const params = JSON.parse(fields.get('params')!) as { query: string; document_id: string; request_id: string; tags: string[] };
    expect(params.query).toBe('rates');
    expect(params.document_id).toBeTruthy();
    expect(params.request_id).toMatch(/\w{8,}/);
    expect(params.tags).toEqual(['results']);
    await page.waitForURL((url) => url.pathname === href);
  });

  test('has no axe violations once its own results show', async ({ page }) => {
    await openPage(page, `${SEARCH_PAGE}?Search=rates`);
    await expect(page.locator('.search-results__item').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('without JavaScript the server’s page searches, filters and pages', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('header').getByRole('searchbox', { name: FIELD_NAME }).fill('rates');
    await page.locator('header').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === SEARCH_PAGE);
    await expect(page.locator('main h2').first()).toHaveText(/results for “rates”/);
    await page.getByRole('navigation', { name: 'Results pages' }).getByRole('link', { name: /2/ }).first().click();
    await expect(page).toHaveURL(/page=2/);
    await context.close();
  });
});
