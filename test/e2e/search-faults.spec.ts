import { test, expect, type Page, type Response } from '@playwright/test';
import { MAX_TOTAL_PAGES } from '../../src/core/constants';
import { FAILING_MESSAGE, ODD_TOTAL, type FaultMode } from './fault-backend';
import { FAULT_SITE_TIMEOUT_MS, startFaultSite, type FaultSite } from './fault-site';
import { collectPageErrors } from './page-errors';

/**
 * The whole chain when the search backend misbehaves ("Load and faults"): a real browser on the real
 * example site, whose backend a test makes slow, failing or garbage. The proxy answers 502 or 504 within its
 * timeout, the results page shows the spec's error text (point 8) and keeps the visitor's words, and the next
 * search, once the backend is well again, shows results. The header's suggestions survive a failing backend.
 */

// One site, one backend switched test by test: these tests run in order, in one worker.
test.describe.configure({ mode: 'default' });

const SEARCH_PAGE = '/search/SearchForm';
const CONTENT_PAGE = '/guidance/building-consent';
const HEADER_FIELD_NAME = 'Search Harbourton City Council website';
/** The proxy's timeout on the fault site. */
const PROXY_TIMEOUT_MS = FAULT_SITE_TIMEOUT_MS;
/** A 504 may come this much later than the timeout (the event loop, the network, the browser). */
const TIMEOUT_MARGIN_MS = 2000;

let site: FaultSite;

test.beforeAll(async () => {
  site = await startFaultSite();
});

test.afterAll(async () => {
  await site?.close();
});

test.afterEach(() => {
  site.backend.reset();
});

test.use({ viewport: { width: 1200, height: 900 } });

/** Opens a page of the fault site and waits for the kit elements a test uses (others may load lazily). */
async function openPage(page: Page, path: string, elements: readonly string[]) {
  const response = await page.goto(`${site.origin}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForFunction((names) => names.every((name) => customElements.get(name)), elements);
}

/** The next proxy call of `action` (search, query_suggestion, click). */
function proxyAnswer(page: Page, action: string): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.url() === `${site.origin}/_search-proxy` &&
      new URLSearchParams(response.request().postData() ?? '').get('action') === action,
  );
}

const searchForm = (page: Page) => page.getByRole('search', { name: 'Search and filter' });
const searchField = (page: Page) => searchForm(page).getByRole('searchbox');
const resultsHeading = (page: Page) => page.locator('main h2.search-results__count');
const errorText = (page: Page) => page.locator('main').getByRole('alert');
/** The results page's screen-reader notice (the header has a status region of its own). */
const notice = (page: Page) => page.locator('main search-results [role="status"]');

/** Types `words` into the results page's field (replacing what is there) and submits with Enter. */
async function searchFor(page: Page, words: string) {
  await searchField(page).fill(words);
  await searchField(page).press('Enter');
}

const PROXY_REASONS = {
  failing: { status: 502, reason: FAILING_MESSAGE },
  crashing: { status: 502, reason: 'the search service failed unexpectedly' },
  garbage: { status: 502, reason: 'the search service sent an answer that could not be read' },
  slow: { status: 504, reason: `the search service did not answer within ${PROXY_TIMEOUT_MS / 1000} seconds` },
  hang: { status: 504, reason: `the search service did not answer within ${PROXY_TIMEOUT_MS / 1000} seconds` },
} as const satisfies Partial<Record<FaultMode, { status: number; reason: string }>>;

const DESCRIPTIONS: Record<keyof typeof PROXY_REASONS, string> = {
  failing: 'fails with its own error',
  crashing: 'throws unexpectedly',
  garbage: 'answers garbage',
  slow: 'answers only after the proxy’s timeout',
  hang: 'never answers',
};

test.describe('the search results page when the backend misbehaves', () => {
  for (const [mode, expected] of Object.entries(PROXY_REASONS) as Array<[keyof typeof PROXY_REASONS, (typeof PROXY_REASONS)[keyof typeof PROXY_REASONS]]>) {
    test(`a backend that ${DESCRIPTIONS[mode]}: ${expected.status}, the error text, the words kept; the next search recovers`, async ({
      page,
    }) => {
      const errors = await collectPageErrors(page);
      await openPage(page, SEARCH_PAGE, ['search-results']);
      await expect(page.locator('main .search-results__idle')).toBeVisible();

      // A search that works first, so the failure replaces real results.
      const first = proxyAnswer(page, 'search');
      await searchFor(page, 'rates');
      expect((await first).status()).toBe(200);
      await expect(resultsHeading(page)).toHaveText(/^[\d,]+ results for “rates”$/);
      await expect(notice(page)).toHaveText(/^Showing 1 to \d+ results out of [\d,]+, searching for "rates"/);

      site.backend.searchMode = mode;
      const failed = proxyAnswer(page, 'search');
      const sentAt = Date.now();
      await searchFor(page, 'bins');
      const answer = await failed;
      const took = Date.now() - sentAt;
      expect(answer.status()).toBe(expected.status);
      expect(answer.headers()['cache-control']).toBe('no-store');
      const detail = `Search is unavailable right now: ${expected.reason}`;
      expect(await answer.json()).toEqual({ errors: [detail] });
      if (expected.status === 504) {
        expect(took).toBeGreaterThanOrEqual(PROXY_TIMEOUT_MS - 100);
        expect(took).toBeLessThan(PROXY_TIMEOUT_MS + TIMEOUT_MARGIN_MS);
      }

      // What the visitor sees and hears: the spec's error text in an alert, the old results gone, the words kept.
      const alert = errorText(page);
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('heading', { level: 2 })).toHaveText('Search is not working right now');
      await expect(alert.locator('p')).toHaveText(
        `An unexpected error occurred: The search service answered with HTTP status ${expected.status}: ${detail}`,
      );
      await expect(resultsHeading(page)).toBeHidden();
      await expect(page.locator('main .search-results__item')).toHaveCount(0);
      await expect(page.locator('main .search-results__results')).toHaveAttribute('aria-busy', 'false');
      await expect(searchField(page)).toHaveValue('bins');
      // The notice no longer speaks of the last results: the alert says what happened.
      await expect(notice(page)).toHaveText('');

      // The backend is well again: the same words, searched again, show results and the error text goes.
      site.backend.searchMode = 'normal';
      const recovered = proxyAnswer(page, 'search');
      await searchForm(page).getByRole('button', { name: 'Search', exact: true }).click();
      expect((await recovered).status()).toBe(200);
      await expect(resultsHeading(page)).toHaveText(/^[\d,]+ results? for “bins”$/);
      await expect(errorText(page)).toHaveCount(0);
      await expect(page.locator('main .search-results__item').first()).toBeVisible();
      await expect(notice(page)).toHaveText(/^Showing 1 to \d+ results out of [\d,]+, searching for "bins"/);
      await expect(searchField(page)).toHaveValue('bins');
      expect(errors).toEqual([]);
    });
  }
});

test.describe('the search results page when the backend answers well-formed nonsense', () => {
  test('hostile and absurd values: results show, no unsafe link or markup, pages capped, no page error', async ({ page }) => {
    const errors = await collectPageErrors(page);
    await openPage(page, SEARCH_PAGE, ['search-results']);
    await expect(page.locator('main .search-results__idle')).toBeVisible();
    site.backend.searchMode = 'odd';
    const answer = proxyAnswer(page, 'search');
    await searchFor(page, 'rates');
    expect((await answer).status()).toBe(200);

    await expect(resultsHeading(page)).toHaveText(`${ODD_TOTAL.toLocaleString('en')} results for “rates”`);
    const items = page.locator('main .search-results__item');
    await expect(items.first()).toBeVisible();
    // The object title falls back to the document's id; the javascript: address is no link at all.
    await expect(items.nth(0).locator('.search-results__item-title')).not.toHaveText('');
    await expect(items.nth(0).locator('.search-results__item-title a')).toHaveCount(0);
    await expect(page.locator(`main a[href^="javascript:" i]`)).toHaveCount(0);
    await expect(items.nth(1).locator('.search-results__item-title')).toHaveText('42');
    await expect(items.nth(1).locator('time')).toHaveCount(0);
    // The snippet's markup reaches the page as text, its match still highlighted.
    await expect(items.nth(2)).toContainText('<script>alert(1)</script><img src=x onerror=alert(1)>');
    await expect(items.nth(2).locator('mark').first()).toHaveText('rates');
    await expect(page.locator('main search-results').locator('script, img, b')).toHaveCount(0);
    // 2^31 pages are offered as at most MAX_TOTAL_PAGES.
    const pageNumbers = await page
      .getByRole('navigation', { name: 'Results pages' })
      .getByRole('link', { name: /^Page \d+$/ })
      .allTextContents();
    expect(Math.max(...pageNumbers.map(Number))).toBe(MAX_TOTAL_PAGES);
    await expect(searchField(page)).toHaveValue('rates');
    expect(errors).toEqual([]);
  });
});

test.describe('the header search when suggestions fail', () => {
  for (const mode of ['failing', 'garbage'] as const) {
    test(`a suggestion backend that ${DESCRIPTIONS[mode]}: no list, no page error, the form still searches`, async ({ page }) => {
      const errors = await collectPageErrors(page);
      await openPage(page, CONTENT_PAGE, ['site-search']);
      site.backend.suggestMode = mode;
      const field = page.locator('header').getByRole('combobox', { name: HEADER_FIELD_NAME });
      const suggestion = proxyAnswer(page, 'query_suggestion');
      await field.click();
      await page.keyboard.type('rat');
      expect((await suggestion).status()).toBe(502);

      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(0);
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('rat');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(0);

      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === SEARCH_PAGE);
      await expect(page.locator('main h2').first()).toHaveText(/^[\d,]+ results? for “rat”$/);
      expect(site.backend.calls.suggest).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  }
});
