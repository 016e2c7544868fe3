import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH } from '../../src/core/search/app-search-api';
import { createSiteApp, type SiteApp } from '../../examples/site/app';
import { siteSearchOptions } from '../../examples/site/search/site-search';
import { SEARCH_ENGINE } from '../../examples/site/search/search-engine';
import { site as council } from '../../examples/site/site';

/** The example council's own search box traffic (the elements' form posts) shows in its search analytics. */

let dataDir: string;
let site: SiteApp;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'example-analytics-'));
  site = await createSiteApp({ search: siteSearchOptions({ ...process.env, SEARCH_DATA_DIR: dataDir }) });
});
after(async () => {
  await site.search.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A call as the header box's connector sends it. */
async function fromSearchBox(action: string, params: object, client: string) {
  const response = await site.app.request(PROXY_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': client },
    body: new URLSearchParams({ key: PROXY_KEY_PLACEHOLDER, engine: SEARCH_ENGINE, action, params: JSON.stringify(params) }).toString(),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json() as Promise<{ meta: { request_id: string; page?: { total_results: number } }; results: { id: { raw: string } }[] }>;
}

describe('the example council records its search traffic', () => {
  it('shows the search box searches, clicks and no-result searches in the reports, with popular suggestions on', async () => {
    const found = await fromSearchBox('search', { query: 'rubbish', page: { size: 5 } }, '192.0.2.1');
    assert.ok((found.meta.page?.total_results ?? 0) > 0, 'the example has pages about rubbish');
    await fromSearchBox(
      'click',
      { query: 'rubbish', document_id: found.results[0].id.raw, request_id: found.meta.request_id },
      '192.0.2.1',
    );
    await fromSearchBox('search', { query: 'qwxzvvb' }, '192.0.2.2');
    await fromSearchBox('query_suggestion', { query: 'rub' }, '192.0.2.3');

    const key = (await readFile(site.search.privateKey.file!, 'utf8')).trim();
    const report = async (body: object) => {
      const response = await site.app.request(`/api/as/v1/engines/${SEARCH_ENGINE}/analytics/queries`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(response.status, 200);
      return ((await response.json()) as { results: { term: string; queries: number; clicks: number }[] }).results;
    };
    assert.deepEqual(
      (await report({})).find((row) => row.term === 'rubbish'),
      { term: 'rubbish', queries: 1, clicks: 1 },
    );
    assert.deepEqual(
      (await report({ filters: { results: false } })).map((row) => row.term),
      ['qwxzvvb'],
    );
    assert.ok(
      (await report({})).some((row) => row.term === 'rub'),
      'suggestions are recorded too',
    );
  });

  it('records the searches of the results page that works without JavaScript, redacted like any other', async () => {
    const page = async (term: string) => {
      const response = await site.app.request(`${council.searchAction}?${new URLSearchParams({ Search: term })}`, {
        headers: { 'X-Forwarded-For': '192.0.2.9' },
      });
      assert.equal(response.status, 200);
      return response.text();
    };
    assert.match(await page('dog registration'), /search-results/, 'the results page rendered');
    await page('dog registration');
    await page('email me at jo.bloggs@example.com');
    await page('zzqqxxv nothing');

    const key = (await readFile(site.search.privateKey.file!, 'utf8')).trim();
    const response = await site.app.request(`/api/as/v1/engines/${SEARCH_ENGINE}/analytics/queries`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: { size: 100 } }),
    });
    assert.equal(response.status, 200);
    const rows = ((await response.json()) as { results: { term: string; queries: number }[] }).results;
    const byTerm = new Map(rows.map((row) => [row.term, row.queries]));
    assert.equal(byTerm.get('dog registration'), 2, 'each page view is one search, its facet counts not counted again');
    assert.equal(byTerm.get('email me at [email]'), 1);
    assert.ok(!rows.some((row) => row.term.includes('example.com')), 'the address never reaches the store');
    const none = await site.app.request(`/api/as/v1/engines/${SEARCH_ENGINE}/analytics/queries`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ filters: { results: false } }),
    });
    const noResults = ((await none.json()) as { results: { term: string }[] }).results.map((row) => row.term);
    assert.ok(noResults.includes('zzqqxxv nothing'), 'a results page that found nothing is a no-result search');
  });
});
