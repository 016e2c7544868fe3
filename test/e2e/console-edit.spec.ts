import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, expect, type Page, type APIRequestContext } from '@playwright/test';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH } from '../../src/core/search/app-search-api';
import { exampleKey, expectNoAxeViolations, signIn, tabTo } from './console-support';

/**
 * The console's editing screens on the example site, as a search manager uses them: from a search that found
 * nothing in the report to a synonym set that makes it find the page; a best bet that puts a page first on the
 * site's own results page; CSV export and import. Each flow once by keyboard alone, axe on every screen and state.
 * Every run makes up words of its own (the example's data folder outlives a run) and deletes what it made.
 */

/** A word no page holds, of letters only, so it is one word to the engine and matches nothing by prefix or typo. */
const madeUpWord = () => `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** A visitor's search through the header box's proxy, recorded in the reports. */
async function visitorSearch(request: APIRequestContext, query: string) {
  const answer = await request.post(PROXY_PATH, {
    form: { key: PROXY_KEY_PLACEHOLDER, engine: 'site', action: 'search', params: JSON.stringify({ query }) },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { results: unknown[] }).results.length;
}

/** The report, reloaded until the batched recording has written `query` into the table named `table`. */
async function reportRow(page: Page, table: string, query: string) {
  await expect(async () => {
    await page.goto('/console/engines/site');
    await expect(page.getByRole('region', { name: table }).getByRole('rowheader', { name: query })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test('a search that found nothing gets a synonym set from its report row, by keyboard alone, and then finds the page', async ({
  browser,
  baseURL,
  request,
}) => {
  // A long flow, axe at each of its eight states, on a machine others share.
  test.setTimeout(120_000);
  const word = madeUpWord();
  expect(await visitorSearch(request, word)).toBe(0);
  // The editing pages run no script of their own: every step here is a form post, as it would be without JavaScript.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, baseURL);
  await reportRow(page, 'Queries with no results', word);
  await expectNoAxeViolations(page);

  await tabTo(page, new RegExp(`^Add synonyms for “${word}”$`), { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a synonym set');
  await expect(page.getByLabel('Synonyms')).toHaveValue(`${word}\n`);
  await expectNoAxeViolations(page);

  // Save with one synonym only: the API's error, in a summary that links to the field.
  await tabTo(page, /^Save synonym set$/, { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('A synonym set needs at least two different synonyms');
  await expect(page.getByLabel('Synonyms')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // The error summary's link takes the focus to the field.
  await tabTo(page, /^A synonym set needs at least two different synonyms$/, { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Synonyms')).toBeFocused();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\ndog registration');
  await tabTo(page, /^Preview$/, { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  const preview = page.getByRole('region', { name: new RegExp(`Preview: results for “${word}”`) });
  await expect(preview.getByRole('region', { name: 'Now' })).toContainText('0 results');
  await expect(preview.getByRole('region', { name: 'With your change' }).getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await visitorSearch(request, word), 'a preview changes nothing').toBe(0);

  await tabTo(page, /^Save synonym set$/, { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(/The synonym set is saved/);
  await expect(page.getByRole('rowheader', { name: `${word}, dog registration` })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await visitorSearch(request, word)).toBeGreaterThan(0);

  // Tidy up through the confirmation page, by keyboard too.
  await tabTo(page, new RegExp(`^Delete ${word}, dog registration$`), { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete this synonym set?');
  await expectNoAxeViolations(page);
  await tabTo(page, /^Delete synonym set$/, { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('The synonym set is deleted.');
  expect(await visitorSearch(request, word)).toBe(0);
  await context.close();
});

test('a best bet made from the report puts the pinned pages first, in the order given, on the example site’s results page', async ({
  browser,
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const word = madeUpWord();
  await visitorSearch(request, word);
  await signIn(page, baseURL);
  await reportRow(page, 'Queries with no results', word);
  await tabTo(page, new RegExp(`^Make a best bet for “${word}”$`), { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a best bet');
  await expect(page.getByLabel('Searches it answers')).toHaveValue(word);
  await expect(page.getByRole('heading', { name: `No page found for “${word}”` })).toBeVisible();
  await expectNoAxeViolations(page);

  // By keyboard alone: search the engine for pages, pin two, put the second first, preview, save.
  await tabTo(page, /^Search this engine for a page$/, { presses: 80, back: 160 });
  await page.keyboard.press('Control+A');
  await page.keyboard.type('dog registration');
  await page.keyboard.press('Enter');
  const found = page.getByRole('region', { name: /Pages found for “dog registration”/ });
  await expect(found.getByRole('listitem').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
  const titles = await found.locator('.result-title').allTextContents();
  await tabTo(page, new RegExp(`^Pin ${escape(titles[0]!)}$`), { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-island="pin-order"] .result-title')).toHaveText([titles[0]!]);
  await tabTo(page, new RegExp(`^Pin ${escape(titles[1]!)}$`), { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-island="pin-order"] .result-title')).toHaveText([titles[0]!, titles[1]!]);
  await tabTo(page, new RegExp(`^Move up ${escape(titles[1]!)}$`), { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-island="pin-order"] .result-title')).toHaveText([titles[1]!, titles[0]!]);
  await expectNoAxeViolations(page);

  await tabTo(page, /^Preview$/, { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  const draftSide = page.getByRole('region', { name: 'With your change' });
  await expect(draftSide.locator('.result-title')).toHaveText([titles[1]!, titles[0]!]);
  await expect(draftSide.getByText('Best bet')).toHaveCount(2);
  await expectNoAxeViolations(page);

  await tabTo(page, /^Save best bet$/, { presses: 80, back: 160 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(/The best bet is saved/);
  await expectNoAxeViolations(page);

  // A second best bet for the same search is refused, with the API's words.
  await page.goto(`/console/engines/site/curations/new?query=${word}`);
  await page.getByRole('button', { name: 'Save best bet' }).click();
  await expect(page.getByRole('alert')).toContainText(`Query "${word}" already belongs to curation`);
  await expectNoAxeViolations(page);

  // The site's own results page, as the server renders it (the kit's element shows the same results once it loads).
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const results = await visitor.newPage();
  await results.goto(`/search/SearchForm?Search=${word}`);
  await expect(results.locator('.filters__result-title')).toHaveText([titles[1]!, titles[0]!]);
  await visitor.close();

  await page.goto(`/console/engines/site/curations?q=${word}`);
  await page.getByRole('link', { name: `Delete ${word}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete this best bet?');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Delete best bet' }).click();
  await expect(page.getByRole('status')).toHaveText('The best bet is deleted.');
});

test('synonym sets export to CSV and import from it; a file with problems is refused by line and changes nothing', async ({
  page,
  baseURL,
  request,
}) => {
  const word = madeUpWord();
  await signIn(page, baseURL);
  await page.goto('/console/engines/site/synonyms');
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export as a CSV file' }).click();
  const exported = readFileSync(await (await download).path(), 'utf8');
  expect(exported.split('\r\n')[0]).toBe('set,synonym');
  expect(exported).toMatch(/,dog registration\r\n/);

  await page.getByRole('link', { name: 'Import from a CSV file' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import synonym sets');
  await expectNoAxeViolations(page);
  const upload = (name: string, text: string) =>
    page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

  await upload('broken.csv', `set,synonym\nnew-set,${word}\nother-set,${word}\nother-set,dog registration\n`);
  await page.getByLabel('CSV file').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('broken.csv was not imported: nothing was changed');
  await expect(page.getByRole('alert')).toContainText('Line 2 (set new-set): A synonym set needs at least two different synonyms');
  await expectNoAxeViolations(page);
  expect(await visitorSearch(request, word), 'the good set of a refused file is not written').toBe(0);

  await upload('good.csv', `set,synonym\nnew-set,${word}\nnew-set,dog registration\n`);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported 1 synonym set: 1 added, 0 replaced. Searches use them now.');
  expect(await visitorSearch(request, word)).toBeGreaterThan(0);

  await page.getByLabel('Search the synonym sets').fill(word);
  await page.getByLabel('Search the synonym sets').press('Enter');
  await page.getByRole('link', { name: `Delete ${word}, dog registration` }).click();
  await page.getByRole('button', { name: 'Delete synonym set' }).click();
  await expect(page.getByRole('status')).toHaveText('The synonym set is deleted.');
});

test('best bets export to CSV and import from it', async ({ page, baseURL }) => {
  const word = madeUpWord();
  await signIn(page, baseURL);
  await page.goto('/console/engines/site/curations');
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export as a CSV file' }).click();
  const exported = readFileSync(await (await download).path(), 'utf8');
  expect(exported).toMatch(/^curation,field,value\r\n/);
  expect(exported).toMatch(/,query,rates\r\n/);

  await page.getByRole('link', { name: 'Import from a CSV file' }).click();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'bets.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`curation,field,value\nmine,query,${word}\nmine,promoted,page-services-rates-and-property-pay-your-rates\n`),
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported 1 best bet: 1 added, 0 replaced. Searches use them now.');
  await page.goto(`/console/engines/site/curations?q=${word}`);
  await expect(page.getByRole('rowheader', { name: word })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: `Delete ${word}` }).click();
  await page.getByRole('button', { name: 'Delete best bet' }).click();
  await expect(page.getByRole('status')).toHaveText('The best bet is deleted.');
});

test('the editing screens are usable at 375 px: nothing scrolls sideways', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signIn(page, baseURL);
  for (const path of [
    '/console/engines/site/synonyms',
    '/console/engines/site/curations',
    '/console/engines/site/curations/new?query=rates%20rebate',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await context.close();
});

/** A title as a regular expression matches it literally. */
function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('screenshots of the editing screens for the README, at 1280 and 375 px (only with CONSOLE_SCREENSHOTS=1)', async ({
  browser,
  baseURL,
}) => {
  test.skip(process.env.CONSOLE_SCREENSHOTS !== '1', 'screenshots are made on request only');
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, baseURL);
    const shoot = (name: string) =>
      page.screenshot({ path: resolve(import.meta.dirname, '../../docs/console', `${name}-${width}.png`), fullPage: true });

    await page.goto('/console/engines/site/synonyms/new?query=bin%20collection');
    await page.getByLabel('Synonyms').fill('bin collection\nrubbish and recycling');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByRole('region', { name: 'With your change' })).toBeVisible();
    await shoot('synonym-preview');

    await page.goto('/console/engines/site/curations/new?query=pay%20rates');
    await page.getByLabel('Searches it answers').fill('rates rebate');
    await page.getByLabel('Search this engine for a page').fill('rates rebate');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const found = page.getByRole('region', { name: /Pages found/ });
    await found.getByRole('button', { name: /^Pin / }).first().click();
    await page.getByRole('button', { name: /^Pin / }).nth(1).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByRole('region', { name: 'With your change' })).toBeVisible();
    await shoot('best-bet-editor');

    await page.goto('/console/engines/site/synonyms/import');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'synonyms.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('set,synonym\nbins,rubbish\nfood,\nparking,car park\n'),
    });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await shoot('csv-import-problems');
    await context.close();
  }
});

test('pinned pages are put in order by dragging too, and the order is kept by the server', async ({ browser, baseURL, request }) => {
  const key = exampleKey(baseURL);
  const word = madeUpWord();
  const pages = [
    'page-services-rates-and-property-pay-your-rates',
    'page-services-rubbish-and-recycling',
    'page-services-rubbish-and-recycling-collection-days',
  ];
  const made = await request.post('/api/as/v1/engines/site/curations', {
    headers: { Authorization: `Bearer ${key}` },
    data: { queries: [word], promoted: pages, hidden: [] },
  });
  expect(made.status()).toBe(200);
  const { id } = (await made.json()) as { id: string };

  // The console's own loader starts the island, under the page's own Content-Security-Policy.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, baseURL);
  await page.goto(`/console/engines/site/curations/${id}`);
  const items = page.locator('[data-island="pin-order"] li');
  await expect(page.getByText('Drag a page to move it')).toBeVisible();
  await expectNoAxeViolations(page);

  await items.nth(2).dragTo(items.nth(0));
  await expect(page).toHaveURL(/#pinned-heading$/);
  await expect(items).toHaveCount(3);
  expect(await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-id')))).toEqual([pages[2], pages[0], pages[1]]);
  // The keyboard's way is still there, and fits the new order.
  await expect(items.nth(0).getByRole('button', { name: /^Move up/ })).toHaveCount(0);
  await expect(items.nth(1).getByRole('button', { name: /^Move up/ })).toHaveCount(1);
  await context.close();
  expect((await request.delete(`/api/as/v1/engines/site/curations/${id}`, { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(
    200,
  );
});
