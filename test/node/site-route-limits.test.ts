import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSiteApp } from '../../examples/site/app';
import { siteSearchOptions } from '../../examples/site/search/site-search';
import { PAGE_COST_BUDGET, pageCostBudgetFromEnv } from '../../examples/site/server/page-cost-limit';
import { createInMemoryBackend } from './support/in-memory-search-backend';

/** The example site over the test double backend, its costly pages on a clock the test moves. */
const folder = await mkdtemp(join(tmpdir(), 'site-route-limits-'));
after(() => rm(folder, { recursive: true, force: true }));
const clock = { now: 0 };
const { app, search } = await createSiteApp({
  search: siteSearchOptions({ SEARCH_DATA_DIR: join(folder, 'search') }, createInMemoryBackend()),
  pageCostBudget: { refillPerSecond: 60, burst: 600, now: () => clock.now },
});
after(() => search.close());

/** A request from a connection with this address (as the Node server gives it). */
const from = (address: string, path: string) => app.request(path, {}, { incoming: { socket: { remoteAddress: address, remotePort: 40_000, remoteFamily: 'IPv4' } } });

/** Requests `path` from `address` until it is refused (at most `tries` times); the statuses seen. */
async function untilRefused(address: string, path: string, tries = 400): Promise<{ statuses: number[]; refused?: Response }> {
  const statuses: number[] = [];
  for (let n = 0; n < tries; n++) {
    const response = await from(address, path);
    statuses.push(response.status);
    if (response.status === 429) return { statuses, refused: response };
    await response.arrayBuffer();
  }
  return { statuses };
}

const LARGEST_RESULTS_PAGE = '/search/SearchForm?Search=consent&size=n_100_n&type=Policy';

describe('the costly pages of the example site', () => {
  it('answer the largest search results page until the visitor runs out, then a 429 page with the layout, Retry-After and a link back', async () => {
    const { statuses, refused } = await untilRefused('192.0.2.10', LARGEST_RESULTS_PAGE);
    assert.ok(refused, `refused at some point: ${statuses.join(' ')}`);
    assert.ok(statuses.length > 3 && statuses.length <= 12, `a few pages answered first: ${statuses.join(' ')}`);
    assert.ok(statuses.slice(0, -1).every((status) => status === 200));
    assert.match(refused.headers.get('content-type') ?? '', /^text\/html/);
    const seconds = Number(refused.headers.get('retry-after'));
    assert.ok(Number.isInteger(seconds) && seconds >= 1, `Retry-After: ${refused.headers.get('retry-after')}`);
    assert.equal(refused.headers.get('cache-control'), 'no-store');
    const html = await refused.text();
    assert.match(html, /^<!doctype html>/);
    assert.match(html, /<h1[^>]*>Too many requests<\/h1>/);
    assert.match(html, new RegExp(`Wait ${seconds} seconds?, then try again`));
    assert.match(html, /<a href="\/search\/SearchForm\?Search=consent&amp;size=n_100_n&amp;type=Policy">Try again<\/a>/);
    assert.match(html, /Harbourton City Council/, "in the site's layout");
    assert.match(html, /<meta name="robots" content="noindex/);
  });

  it('lets the visitor back once the time Retry-After gave has passed', async () => {
    const { refused } = await untilRefused('192.0.2.11', LARGEST_RESULTS_PAGE);
    assert.ok(refused);
    clock.now += Number(refused.headers.get('retry-after')) * 1000;
    assert.equal((await from('192.0.2.11', LARGEST_RESULTS_PAGE)).status, 200);
  });

  it('never refuses a visitor reading and paging results, a page every few seconds', async () => {
    for (let page = 1; page <= 60; page++) {
      const response = await from('192.0.2.12', `/search/SearchForm?Search=consent&page=${page % 3 + 1}`);
      assert.equal(response.status, 200, `page ${page}`);
      await response.arrayBuffer();
      clock.now += 3000;
    }
  });

  for (const path of ['/documents?keywords=consent', '/documents?keywords=consent&fragment=results', '/news?fragment=results']) {
    it(`limit the listing ${path} too`, async () => {
      const { statuses, refused } = await untilRefused('192.0.2.20', path);
      assert.ok(refused, `refused at some point: ${statuses.length} answered`);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      const html = await refused.text();
      assert.match(html, /<h1[^>]*>Too many requests<\/h1>/);
      // A fragment's refusal links to its listing, not to the fragment.
      assert.doesNotMatch(html, /fragment=results/);
      clock.now += 60_000;
    });
  }

  it('are limited per visitor: one over budget does not hold another back', async () => {
    const { refused } = await untilRefused('192.0.2.30', LARGEST_RESULTS_PAGE);
    assert.ok(refused);
    assert.equal((await from('192.0.2.31', LARGEST_RESULTS_PAGE)).status, 200);
    assert.equal((await from('192.0.2.31', '/documents')).status, 200);
    assert.equal((await from('192.0.2.30', LARGEST_RESULTS_PAGE)).status, 429);
  });

  it('leave content pages alone', async () => {
    await untilRefused('192.0.2.40', LARGEST_RESULTS_PAGE);
    assert.equal((await from('192.0.2.40', '/')).status, 200);
    assert.equal((await from('192.0.2.40', '/contact')).status, 200);
  });
});

describe('SITE_PAGE_COST_BUDGET', () => {
  it('sets the budget, turns it off, or names itself when wrong', () => {
    assert.deepEqual(pageCostBudgetFromEnv({}), PAGE_COST_BUDGET);
    assert.deepEqual(pageCostBudgetFromEnv({ SITE_PAGE_COST_BUDGET: ' 20 / 400 ' }), { refillPerSecond: 20, burst: 400 });
    assert.equal(pageCostBudgetFromEnv({ SITE_PAGE_COST_BUDGET: 'off' }), false);
    for (const wrong of ['20', '20/10', 'fast', '0/100', '1/2/3']) {
      assert.throws(() => pageCostBudgetFromEnv({ SITE_PAGE_COST_BUDGET: wrong }), /SITE_PAGE_COST_BUDGET must be <units a second>\/<burst>/, wrong);
    }
  });
});
