import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSiteApp, type SiteApp } from '../../examples/site/app';
import { siteSearchOptions } from '../../examples/site/search/site-search';

/**
 * The example council's synonyms and best bets, written through the API when the site starts, as a visitor meets
 * them: on the server-rendered results page (no JavaScript) and through the search path the page's elements call.
 */

const PAY_RATES = '/services/rates-and-property/pay-your-rates';
const OLD_NOTICE = '/documents/first-rates-instalment-due-this-month-399';
const COLLECTION_DAYS = '/services/rubbish-and-recycling/collection-days';

let dataDir: string;
let site: SiteApp;

/** The result links of the no-JavaScript results page, in order. */
async function resultsPage(query: string): Promise<string[]> {
  const response = await site.app.request(`/search/SearchForm?Search=${encodeURIComponent(query)}`);
  assert.equal(response.status, 200);
  const html = await response.text();
  return [...html.matchAll(/<h3 class="filters__result-title"><a href="([^"]+)">/g)].map((match) => match[1]);
}

/** The result urls of a search as the elements send it (App Search's search through the proxy path). */
async function elementSearch(query: string): Promise<{ urls: string[]; total: number }> {
  const response = await site.app.request('/_search-proxy/api/as/v1/engines/site/search', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, page: { size: 10 } }),
  });
  assert.equal(response.status, 200);
  const answer = (await response.json()) as { results: { url: { raw: string } }[]; meta: { page: { total_results: number } } };
  return { urls: answer.results.map((result) => result.url.raw), total: answer.meta.page.total_results };
}

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'example-relevance-'));
  site = await createSiteApp({ search: siteSearchOptions({ SEARCH_DATA_DIR: dataDir }) });
});
after(async () => {
  await site.search.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the example council's best bets and synonyms", () => {
  it('"rates" shows Pay your rates first and never the old notice, with and without JavaScript', async () => {
    const page = await resultsPage('rates');
    assert.equal(page[0], PAY_RATES);
    const searched = await elementSearch('rates');
    assert.equal(searched.urls[0], PAY_RATES);
    for (let current = 1; current <= Math.ceil(searched.total / 100); current++) {
      const response = await site.app.request('/_search-proxy/api/as/v1/engines/site/search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'rates', page: { size: 100, current } }),
      });
      const { results } = (await response.json()) as { results: { url: { raw: string } }[] };
      assert.ok(!results.some((result) => result.url.raw === OLD_NOTICE), `page ${current} does not show the hidden notice`);
    }
    // The notice is there for other searches.
    assert.ok((await elementSearch('first rates instalment')).urls.includes(OLD_NOTICE));
  });

  it('"rubbish", "garbage" and "refuse" lead to collection days', async () => {
    for (const query of ['rubbish', 'garbage', 'refuse']) {
      assert.equal((await resultsPage(query))[0], COLLECTION_DAYS, query);
      assert.equal((await elementSearch(query)).urls[0], COLLECTION_DAYS, query);
    }
  });

  it('"rubbish" finds what "bin" finds, and "dog licence" what "dog registration" finds', async () => {
    const bin = await elementSearch('bin');
    const rubbish = await elementSearch('rubbish');
    assert.ok(rubbish.total >= bin.total, `rubbish found ${rubbish.total}, bin ${bin.total}`);
    const registration = await elementSearch('dog registration');
    const licence = await elementSearch('dog licence');
    assert.ok(registration.total > 0);
    assert.ok(licence.total >= registration.total, `dog licence found ${licence.total}, dog registration ${registration.total}`);
    assert.ok((await resultsPage('dog licence')).some((url) => /dog-registration/.test(url)));
  });

  it('writes nothing twice when the site starts again on the same data', async () => {
    await site.search.close();
    site = await createSiteApp({ search: siteSearchOptions({ SEARCH_DATA_DIR: dataDir }) });
    const key = site.search.operatorStore;
    assert.equal((await key.collection('synonym-sets').list('site')).total, 2);
    assert.equal((await key.collection('curations').list('site')).total, 2);
  });
});
