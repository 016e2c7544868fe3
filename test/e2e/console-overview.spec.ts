import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH } from '../../src/core/search/app-search-api';
import { expectNoAxeViolations, signIn, tabTo } from './console-support';

/**
 * An engine's overview and one query's page in the console on the example site: the chart drawn by its island beside
 * the table of the same figures, each page loading only the islands it has, by keyboard, at 375 px, with axe on each.
 * CONSOLE_SCREENSHOTS=1 writes the README's screenshots to docs/console/.
 */

/** Every island's chunk is named after its file in the console's islands/ folder. */
const ISLANDS = readdirSync(resolve(import.meta.dirname, '../../packages/civic-search/src/console/client/islands')).map((file) =>
  file.replace(/\.tsx$/, ''),
);
const islandsIn = (asked: string[]) => asked.filter((name) => ISLANDS.includes(name));

/** A visitor's search through the header's search box (the proxy's form post); answers the search's answer. */
async function visitorSearch(request: APIRequestContext, query: string) {
  const searched = await request.post(PROXY_PATH, {
    form: { key: PROXY_KEY_PLACEHOLDER, engine: 'site', action: 'search', params: JSON.stringify({ query }) },
  });
  expect(searched.status()).toBe(200);
  return (await searched.json()) as { meta: { request_id: string }; results: { _meta: { id: string }; title?: { raw?: string } }[] };
}

/** The visitor opens the result at `index` of that search, as the results page reports it. */
async function visitorOpens(request: APIRequestContext, query: string, answer: Awaited<ReturnType<typeof visitorSearch>>, index: number) {
  const params = { query, document_id: answer.results[index]!._meta.id, request_id: answer.meta.request_id, tags: ['results'] };
  const clicked = await request.post(PROXY_PATH, { form: { key: PROXY_KEY_PLACEHOLDER, engine: 'site', action: 'click', params: JSON.stringify(params) } });
  expect(clicked.status()).toBe(200);
}

/** The console's browser code the page asked for, by file name without its hash. */
function scriptsAskedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/console/assets/')) asked.push(path.slice('/console/assets/'.length).replace(/-[A-Z0-9]{8}\.js$/i, ''));
  });
  return asked;
}

async function screenshot(page: Page, name: string) {
  if (process.env.CONSOLE_SCREENSHOTS !== '1') return;
  const width = page.viewportSize()?.width;
  await page.screenshot({ path: resolve(import.meta.dirname, '../../docs/console', `${name}-${width}.png`), fullPage: true });
}

/** Opens the engine's overview, once the search just made is in its reports (recording is batched). */
async function openOverviewWith(page: Page, query: string) {
  await expect(async () => {
    await page.goto('/console/engines/site');
    await expect(page.getByRole('region', { name: 'Top queries' }).getByRole('link', { name: query })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test('the overview draws its chart beside the table of the same figures, and only a page with an island loads island code', async ({ page, baseURL, request }) => {
  await visitorSearch(request, 'overview chart check');
  const asked = scriptsAskedFor(page);
  await signIn(page, baseURL);
  await expectNoAxeViolations(page);
  await page.waitForLoadState('networkidle');
  expect(asked).toContain('loader');
  expect(islandsIn(asked), 'the engines list has no island: the loader alone').toEqual([]);

  await openOverviewWith(page, 'overview chart check');
  const charts = page.locator('[data-island="overview-chart"]');
  await expect(charts).toHaveAttribute('data-island-mounted', '');
  await expect(charts.getByRole('img')).toHaveCount(3);
  await expect(charts.getByRole('img', { name: /^Searches per day, .+ to .+: lowest \d+, highest \d+\. The table below has every figure\.$/ })).toBeVisible();
  await expect(charts.getByText('Charts of these figures need JavaScript')).toHaveCount(0);
  const table = page.getByRole('region', { name: 'Figures by day' }).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('link', { name: 'Download the figures by day (CSV)' })).toHaveAttribute('href', /\/console\/engines\/site\/overview\.csv\?from=.*&to=/);
  expect(islandsIn(asked), 'the overview loads its own island and no other').toEqual(['overview-chart']);
  await expectNoAxeViolations(page);
  await screenshot(page, 'overview');
});

test('one query’s page shows what a visitor sees now and what was opened, and loads no island code', async ({ browser, page, baseURL, request }) => {
  const answer = await visitorSearch(request, 'rates');
  expect(answer.results.length).toBeGreaterThan(2);
  await visitorOpens(request, 'rates', answer, 1);
  const opened = answer.results[1]!.title?.raw ?? '';
  const asked = scriptsAskedFor(page);
  await signIn(page, baseURL);
  await openOverviewWith(page, 'rates');
  const link = page.getByRole('region', { name: 'Top queries' }).getByRole('link', { name: 'rates', exact: true });
  // A browser of its own, whose cache holds no island: the page's own requests show what it loads.
  const address = await link.getAttribute('href');
  const fresh = await browser.newContext();
  const queryPage = await fresh.newPage();
  const askedThere = scriptsAskedFor(queryPage);
  await signIn(queryPage, baseURL);
  await queryPage.goto(address!);
  await expect(queryPage.getByRole('heading', { level: 1 })).toHaveText('Searches for “rates”');
  await expect(queryPage.getByRole('heading', { name: 'What a visitor sees now' })).toBeVisible();
  // Recording is batched: the click shows once it is written.
  await expect(async () => {
    await queryPage.reload();
    await expect(queryPage.getByRole('region', { name: 'Results opened from this search' }).getByRole('rowheader', { name: opened })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(queryPage.getByRole('listitem').filter({ hasText: opened }).first()).toContainText(/\d+ clicks? in this range/);
  await queryPage.waitForLoadState('networkidle');
  expect(askedThere).toContain('loader');
  expect(islandsIn(askedThere), 'the query page has no island').toEqual([]);
  await expectNoAxeViolations(queryPage);
  await screenshot(queryPage, 'query');
  await fresh.close();
  expect(asked).toContain('overview-chart');
});

test('a search manager goes from a report to a query and filters it by tag, by keyboard alone', async ({ page, baseURL, request }) => {
  // A query of this run's own: the example's data folder keeps earlier runs' searches.
  const query = `keyboard check ${Date.now().toString(36)}`;
  await visitorSearch(request, query);
  await signIn(page, baseURL);
  await openOverviewWith(page, query);

  await tabTo(page, new RegExp(`^${query}$`));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Searches for “${query}”`);
  const searches = page.locator('dt:text-is("Searches") + dd');
  await expect(searches).toHaveText('1');

  await tabTo(page, /^Tag$/);
  await page.keyboard.type('header');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]tag=header(&|$)/);
  await expect(page.getByLabel('Tag')).toHaveValue('header');
  await expect(searches).toHaveText('0');
  await expectNoAxeViolations(page);

  await tabTo(page, /reports$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('site: what visitors search for');
  await expect(page).toHaveURL(/[?&]tag=header(&|$)/);
  await expect(page.getByLabel('Tag')).toHaveValue('header');
});

test('the overview and a query’s page are usable at 375 px: nothing scrolls sideways but the tables', async ({ browser, baseURL, request }) => {
  await visitorSearch(request, 'narrow overview check');
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signIn(page, baseURL);
  await openOverviewWith(page, 'narrow overview check');
  await expect(page.locator('[data-island="overview-chart"]')).toHaveAttribute('data-island-mounted', '');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const chartWidth = await page.getByRole('img', { name: /^Searches per day/ }).evaluate((svg) => svg.getBoundingClientRect().width);
  expect(chartWidth).toBeGreaterThan(300);
  expect(chartWidth).toBeLessThanOrEqual(375);
  await screenshot(page, 'overview');

  await page.getByRole('region', { name: 'Top queries' }).getByRole('link', { name: 'narrow overview check' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Searches for “narrow overview check”');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.goto('/console/engines/site/queries/rates');
  await expect(page.getByRole('heading', { name: 'What a visitor sees now' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'query');
  await context.close();
});
