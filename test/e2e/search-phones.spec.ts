import { expect, test } from '@playwright/test';
import { upgradeRenderedElements } from './upgrade';

/** On a phone the first results come before the facets, which fold behind "Filter results". */
for (const javaScript of [true, false]) {
  test.describe(`search page at 375 px, ${javaScript ? 'with' : 'without'} JavaScript`, () => {
    test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: javaScript });

    test('shows the first results before the facets, which fold behind "Filter results"', async ({ page }) => {
      await page.goto('/search/SearchForm?Search=rates');
      const firstResult = page.getByRole('main').getByRole('listitem').getByRole('link').first();
      await expect(firstResult).toBeVisible();
      const toggle = page.getByText('Filter results', { exact: true });
      if (javaScript) {
        // Without JavaScript the header shows its full navigation above, so only the upgraded page is held to this.
        // The assertion retries: until the header has upgraded the result sits lower, and the list may be
        // re-rendered (its first link briefly gone) while the results element takes over.
        await expect(firstResult).toBeInViewport({ ratio: 1 });
        // A tap may land on the server page's toggle or the element's own: the element keeps a fold the visitor
        // opened on the page it replaces. Waiting for every element keeps the header from moving the toggle.
        await upgradeRenderedElements(page);
      }

      const firstFacet = page.getByRole('main').getByRole('checkbox').first();
      await expect(firstFacet).toBeHidden();
      await toggle.click();
      await expect(firstFacet).toBeVisible();
    });
  });
}

test.describe('search page at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the facets with no "Filter results" control', async ({ page }) => {
    await page.goto('/search/SearchForm?Search=rates');
    await expect(page.getByRole('main').getByRole('checkbox').first()).toBeVisible();
    await expect(page.getByText('Filter results', { exact: true })).toBeHidden();
  });
});
