import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { upgradeRenderedElements } from './upgrade';

const LIBRARY = '/documents';
const NEWS = '/news';
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 600, height: 900 };

async function open(page: Page, path: string) {
  await page.goto(path);
  await upgradeRenderedElements(page);
  // React attaches its listeners after the first paint.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

/** Marks the page: a full page load loses the mark, a reload in place keeps it. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
const isSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true);

const countHeading = (page: Page) => page.locator('.filters__count');
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test.describe('document library, with JavaScript', () => {
  test.use({ viewport: WIDE });

  test('a document type filter reloads the results in place; the URL follows; back restores', async ({ page }) => {
    await open(page, LIBRARY);
    await expect(countHeading(page)).toHaveText(/of 2000 documents/);
    await markPage(page);
    await page.getByRole('button', { name: 'Document type' }).click();
    const fragment = page.waitForRequest((request) => request.url().includes('fragment=results'));
    await page.getByLabel('Policy').check();
    expect(new URL((await fragment).url()).searchParams.getAll('type')).toEqual(['Policy']);
    await expect(countHeading(page)).toHaveText(/of 151 documents/);
    await expect(page).toHaveURL(/\/documents\?type=Policy$/);
    await expect(page.getByRole('status').filter({ hasText: '151 documents found' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Document type/ })).toContainText('1 selected');
    expect(await isSamePage(page)).toBe(true);
    for (const type of await page.locator('.filters__result-type').allTextContents()) expect(type).toBe('Policy');

    await page.goBack();
    await expect(countHeading(page)).toHaveText(/of 2000 documents/);
    await expect(page.getByLabel('Policy')).not.toBeChecked();
    expect(await isSamePage(page)).toBe(true);

    // Sharing the URL shows the same results as a full page.
    await page.goto(`${LIBRARY}?type=Policy`);
    await expect(countHeading(page)).toHaveText(/of 151 documents/);
  });

  test('only one dropdown is open; Escape closes it and returns focus; a click outside closes it', async ({ page }) => {
    await open(page, LIBRARY);
    const type = page.getByRole('button', { name: 'Document type' });
    const date = page.getByRole('button', { name: 'Date published' });
    await type.focus();
    await page.keyboard.press('Enter');
    await expect(type).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Guidance')).toBeVisible();
    await date.click();
    await expect(type).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Guidance')).toBeHidden();
    await page.getByLabel('From', { exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(date).toHaveAttribute('aria-expanded', 'false');
    await expect(date).toBeFocused();
    await type.click();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(type).toHaveAttribute('aria-expanded', 'false');
  });

  test('a date chosen in the picker from the keyboard filters the results', async ({ page }) => {
    await open(page, LIBRARY);
    await page.getByRole('button', { name: 'Date published' }).click();
    await page.getByLabel('To', { exact: true }).fill('31/12/2012');
    const picker = page.getByRole('button', { name: 'Choose date for From' });
    await picker.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose a date for From' });
    await expect(dialog).toBeVisible();
    // Up to the years, back down to a month and a day.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.locator('.date-field__title')).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('group', { name: /Years 2020 to 2039/ })).toBeVisible();
    await page.keyboard.press('PageUp');
    await expect(dialog.getByRole('group', { name: /Years 2000 to 2019/ })).toBeVisible();
    await page.keyboard.press('Home');
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('button', { name: '2012', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('group', { name: 'Months of 2012' })).toBeVisible();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(dialog.locator('.flatpickr-day:focus')).toHaveAttribute('aria-label', /January 2012/);
    const fragment = page.waitForRequest((request) => request.url().includes('fragment=results'));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('From', { exact: true })).toBeFocused();
    const from = new URL((await fragment).url()).searchParams.get('from') ?? '';
    expect(from).toMatch(/^\d\d\/01\/2012$/);
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
    await expect(page).toHaveURL(new RegExp(`from=${encodeURIComponent(from)}`));
    const years = await page
      .locator('.filters__result time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime')!.slice(0, 4)));
    expect(years.length).toBeGreaterThan(0);
    for (const year of years) expect(year).toBe('2012');
  });

  test('From after To is an error the visitor sees, and nothing reloads', async ({ page }) => {
    await open(page, LIBRARY);
    let fragments = 0;
    page.on('request', (request) => {
      if (request.url().includes('fragment=results')) fragments += 1;
    });
    await page.getByRole('button', { name: 'Date published' }).click();
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    await to.pressSequentially('01022020');
    await to.blur();
    await expect(page).toHaveURL(/to=01%2F02%2F2020/);
    const before = fragments;
    await from.pressSequentially('05032021');
    await from.blur();
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.date-field__error')).toHaveText('Error: The From date must be the same as or before the To date');
    await expect(page.locator('.date-field__error')).toBeVisible();
    await page.waitForTimeout(300);
    expect(fragments).toBe(before);
    await expect(page).not.toHaveURL(/from=/);
  });

  test('a date out of range is changed to the limit and marked', async ({ page }) => {
    await open(page, LIBRARY);
    await page.getByRole('button', { name: 'Date published' }).click();
    const from = page.getByLabel('From', { exact: true });
    await from.pressSequentially('01011990');
    await from.blur();
    await expect(from).toHaveValue('01/01/2010');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.date-field__error')).toContainText('The earliest date you can use is 01/01/2010');
    await expect(page).toHaveURL(/from=01%2F01%2F2010/);
  });

  test('the sort select goes to the chosen order', async ({ page }) => {
    await open(page, `${LIBRARY}?type=Report`);
    await expect(page.getByRole('button', { name: 'Sort', exact: true })).toBeHidden();
    await page.getByLabel('Sort by').selectOption({ label: 'Title (A to Z)' });
    await expect(page).toHaveURL(/\/documents\?type=Report&sort=title$/);
    const titles = await page.locator('.filters__result-title').allTextContents();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  // The library as it first shows is accessibility.spec.ts's; here, the states its controls open.
  test('has no axe violations with a dropdown open, and with the picker open in each view', async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, LIBRARY);
    await page.getByRole('button', { name: 'Document type' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Date published' }).click();
    await page.getByRole('button', { name: 'Choose date for From' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.date-field__title').click();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.date-field__title').click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('loads the mask and calendar chunk because the page has date fields', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    await open(page, LIBRARY);
    await expect(page.locator('.date-field__toggle')).toHaveCount(2);
    expect(scripts.some((url) => /\/dist\/chunks\/date-tools-[\w-]+\.js$/.test(url))).toBe(true);
  });
});

test.describe('document library, small screens', () => {
  test.use({ viewport: NARROW });

  test('filters apply on submit (a full page), not as they change', async ({ page }) => {
    await open(page, LIBRARY);
    let fragments = 0;
    page.on('request', (request) => {
      if (request.url().includes('fragment=results')) fragments += 1;
    });
    await page.getByRole('button', { name: 'Document type' }).click();
    await page.getByLabel('Form', { exact: true }).check();
    // On small screens a click outside leaves the dropdown open.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByLabel('Form', { exact: true })).toBeVisible();
    await page.waitForTimeout(300);
    expect(fragments).toBe(0);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // A full page load, as without JavaScript, at an address without the blank fields.
    await expect(page).toHaveURL(/\/documents\?type=Form$/);
    await expect(countHeading(page)).toHaveText(/of 183 documents/);
    expect(fragments).toBe(0);
  });

  test('never scrolls sideways on a phone, even with the picker open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, LIBRARY);
    await page.getByRole('button', { name: 'Date published' }).click();
    await page.getByRole('button', { name: 'Choose date for To' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
  });
});

test.describe('document library, without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: WIDE });

  test('the form filters, sorts and pages on the server', async ({ page }) => {
    await page.goto(LIBRARY);
    await page.getByLabel('Policy').check();
    await page.getByLabel('Search by title or summary').fill('park');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/documents\?keywords=park&type=Policy$/);
    await expect(page.locator('.filters__result')).not.toHaveCount(0);
    for (const result of await page.locator('.filters__result').allTextContents()) expect(result.toLowerCase()).toContain('park');
    await page.getByLabel('Sort by').selectOption({ label: 'Oldest first' });
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL(/\/documents\?keywords=park&type=Policy&sort=oldest$/);
    await expect(page.getByLabel('Sort by')).toHaveValue(/sort=oldest/);

    await page.goto(`${LIBRARY}?type=Report`);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/type=Report&page=2/);
    await expect(countHeading(page)).toHaveText('Showing 21 to 40 of 198 documents');
  });

  test('From after To shows an error and the documents of every date, not an empty list', async ({ page }) => {
    await page.goto(`${LIBRARY}?from=05/03/2021&to=01/02/2020`);
    await expect(page.getByRole('heading', { name: 'There is a problem with the dates' })).toBeVisible();
    await expect(page.getByText('The To date must be the same as or after the From date').first()).toBeVisible();
    await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(countHeading(page)).toHaveText(/of 2000 documents/);
  });

  test('the sort form refuses to send a visitor to another site', async ({ page }) => {
    await page.goto('/documents/sort?url=https://elsewhere.example/');
    await expect(page).toHaveURL(/\/documents$/);
  });
});

test.describe('news listing', () => {
  test.use({ viewport: WIDE });

  test('changing the topic refreshes the subtopics from a fragment, then the results', async ({ page }) => {
    await open(page, NEWS);
    await markPage(page);
    const subtopics = page.waitForRequest((request) => new URL(request.url()).pathname === '/news/subtopics');
    await page.getByLabel('Topic').selectOption('Animals');
    expect(new URL((await subtopics).url()).searchParams.get('topic')).toBe('Animals');
    await expect(page.getByRole('group', { name: 'Subtopics of Animals' })).toBeVisible();
    await expect(page).toHaveURL(/\/news\?topic=Animals$/);
    const total = Number(await countHeading(page).getAttribute('data-results-count'));
    await page.getByLabel('Dog registration').check();
    await expect(page).toHaveURL(/topic=Animals&subtopic=Dog\+registration/);
    await expect.poll(async () => Number(await countHeading(page).getAttribute('data-results-count'))).toBeLessThan(total);
    expect(await isSamePage(page)).toBe(true);
  });

  test('never downloads the mask or the calendar', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    await open(page, NEWS);
    await page.getByLabel('Harbourton Water').check();
    await expect(page).toHaveURL(/publisher=Harbourton\+Water/);
    expect(scripts.filter((url) => /date-tools|flatpickr|imask/.test(url))).toEqual([]);
  });

  test('has no axe violations with a topic chosen', async ({ page }) => {
    await open(page, `${NEWS}?topic=Roads+and+transport`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('works without JavaScript: the topic’s subtopics come with the submitted page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(NEWS);
    await page.getByLabel('Topic').selectOption('Environment');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('group', { name: 'Subtopics of Environment' })).toBeVisible();
    await page.getByLabel('Climate change').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/topic=Environment&subtopic=Climate\+change/);
    await expect(page.locator('.filters__result')).not.toHaveCount(0);
    await context.close();
  });
});
