import { test, expect, type Page } from '@playwright/test';
import fc from 'fast-check';
import { collectPageErrors } from './page-errors';

/**
 * The search page's address is input anyone can write ("generated bad input ... the URL state"): odd
 * keys, brackets, `n_..._n` markers, huge numbers, any Unicode, broken percent escapes. Whatever the address, the
 * server answers without a 500, the page throws nothing and rejects no promise, and it ends showing results, the
 * empty state, the idle prompt or the error text: something a visitor can read.
 */

const SEARCH_PAGE = '/search/SearchForm';
const RUNS = 25;

/** The keys the page and the search element read, and near misses of them. */
const knownKey = fc.constantFrom(
  'q',
  'Search',
  'current',
  'size',
  'page',
  'sort',
  'type',
  'topic',
  'sort-field',
  'sort-direction',
  'filters',
  'filters[]',
  '__proto__',
  'constructor[prototype][polluted]',
);
const index = fc.oneof(fc.nat(3), fc.constantFrom(-1, 999, 1001, 2 ** 31, 1e21));
const bracketKey = fc.oneof(
  fc.tuple(index, fc.constantFrom('field', 'type', 'values', 'values][', '', '__proto__')).map(([i, part]) => `filters[${i}][${part}]`),
  fc.tuple(index, index).map(([i, j]) => `filters[${i}][values][${j}]`),
  fc.tuple(index, fc.constantFrom('field', 'direction')).map(([i, part]) => `sort[${i}][${part}]`),
  fc.integer({ min: 6, max: 30 }).map((depth) => `filters${'[0]'.repeat(depth)}`),
  fc.constantFrom('filters[0', 'filters]0[', 'q[]', 'q[a]', 'current[0]', '[]', ']['),
);
const randomKey = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });

/** n_..._n is how Search UI writes numbers in the address. */
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('0', '-1', '1e308', '9007199254740993', 'NaN', 'Infinity', '0x10', '', ' 2 ', '١٢'),
);
const marked = numberText.map((n) => `n_${n}_n`);
const brokenMarker = fc.constantFrom('n_', '_n', 'n__n', 'n_n_2_n_n', 'b_true_b', 'b_maybe_b', 'n_2_n_');
const percentGarbage = fc.constantFrom('%', '%%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '%FF%FE', '%u0041', '%2', '%25%');
const knownValue = fc.constantFrom('rates', 'bins', 'Policy', 'Rates and property', 'any', 'all', 'none', 'desc', 'sideways', 'published_date', 'body', 'title', '2024-13-45');
const value = fc.oneof(
  knownValue,
  marked,
  brokenMarker,
  percentGarbage,
  numberText,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('x'.repeat(5000), '🏠'.repeat(200), '\u202Erates\u202C', '<script>alert(1)</script>', '" onmouseover="x'),
);

/** Most pairs are percent-encoded, some are sent as they are (so `&`, `=`, `[` and `%` reach the parsers raw). */
const pair = fc
  .tuple(fc.oneof({ weight: 3, arbitrary: knownKey }, { weight: 3, arbitrary: bracketKey }, { weight: 1, arbitrary: randomKey }), value, fc.boolean())
  .map(([key, text, raw]) => (raw ? `${key}=${text}` : `${encodeURIComponent(key)}=${encodeURIComponent(text)}`));
const queryString = fc.array(pair, { minLength: 1, maxLength: 8 }).map((pairs) => pairs.join('&').replace(/#/g, '%23'));

/** What the results area ends showing, read as a visitor would: a heading or the idle prompt. */
const READABLE = [
  /^([\d,]+ results?|No results)( for “[\s\S]*”)?$/,
  /^Search is not working right now$/,
  /^Enter a word or two about what you are looking for/,
];

/** Resolves once the search element has settled (the first search answered or failed, or nothing to search). */
async function settled(page: Page) {
  await page.waitForFunction(() => (window as unknown as { searchSettled?: boolean }).searchSettled === true);
}

test.describe('the search page address', () => {
  test.use({ viewport: { width: 1200, height: 900 } });

  test(`${RUNS} generated odd addresses: no 500, no page error, a readable outcome`, async ({ page }) => {
    test.setTimeout(90_000);
    const errors = await collectPageErrors(page);
    await page.addInitScript(() => {
      document.addEventListener('search-state-change', (event) => {
        const { state } = event.detail;
        const idle = !state.searchTerm && state.filters.length === 0;
        (window as unknown as { searchSettled?: boolean }).searchSettled = !state.isLoading && (state.wasSearched || Boolean(state.error) || idle);
      });
    });

    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const response = await page.goto(`${SEARCH_PAGE}?${query}`);
        const status = response?.status() ?? 0;
        expect(status, `status of ?${query}`).toBeLessThan(500);
        await page.waitForFunction(() => customElements.get('search-results'));
        await settled(page);
        const outcome = page.locator(
          'main :is(.search-results__count, .search-results__error-title, .search-results__idle, .filters__count, .filters__problem-title)',
        );
        await expect(outcome.first()).toBeVisible();
        const text = (await outcome.first().innerText()).trim();
        expect(READABLE.some((pattern) => pattern.test(text)), `outcome of ?${query}: ${JSON.stringify(text)}`).toBe(true);
        expect(errors, `errors of ?${query}`).toEqual([]);
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 70_000 },
    );
  });
});
