import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { readServeSettings, UsageError } from '../../packages/civic-search/src/cli/serve-options';
import { page, startTestSite, type TestSite } from './crawler-test-site';
import { eventually } from './support/eventually';

const KEY = 'crawler-service-private-key-0123456789';
const ENGINE = 'site';

describe('crawler in the service: the first run at start, a schedule, and POST /api/crawl', () => {
  let site: TestSite;
  let dir: string;
  let service: SearchService;
  const found = async (query: string) => {
    const response = await service.request(`/api/as/v1/engines/${ENGINE}/search.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    assert.equal(response.status, 200);
    const { results } = (await response.json()) as { results: Array<{ url: { raw: string } }> };
    return results.map((result) => new URL(result.url.raw).pathname);
  };
  const postCrawl = (body: string, headers: Record<string, string> = {}, path = '/api/crawl') =>
    service.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  const bearer = { Authorization: `Bearer ${KEY}` };

  before(async () => {
    site = await startTestSite();
    dir = await mkdtemp(join(tmpdir(), 'civic-crawler-service-'));
    service = await createSearchService({
      dataDir: dir,
      privateKey: KEY,
      inProcess: true,
      crawls: [{ url: `${site.origin}/`, engine: ENGINE, everyMs: 400, settings: { delayMs: 0, exclude: ['/slow', '/huge'] } }],
    });
  });
  after(async () => {
    await service.close();
    await site.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('crawls at start without holding the service up, into an engine with the crawl fields', async () => {
    assert.deepEqual(await found('kerbside'), [], 'the service answers before the first crawl is done');
    await eventually(async () => assert.deepEqual(await found('kerbside'), ['/services/rubbish/collection-days']));
    const schema = await service.admin!.schema(ENGINE);
    assert.equal(schema.headings, 'text');
    // The state is saved after the writes are acknowledged, so it may land a moment after the search finds them.
    await eventually(async () => {
      const state = JSON.parse(await readFile(join(dir, `crawl-${ENGINE}.json`), 'utf8'));
      assert.ok(state.urls[`${site.origin}/about`]?.id);
    });
  });

  it('runs again on its schedule and picks up a change', async () => {
    site.pages.set('/about', { type: 'text/html', body: page('About the council', '<p>The harbourmaster reports to the council on moorings and the marina every month.</p>') });
    await eventually(async () => assert.deepEqual(await found('harbourmaster'), ['/about']));
  });

  it('refuses /api/crawl without the key, from other sites, for URLs of other sites, and other methods', async () => {
    const url = JSON.stringify({ url: `${site.origin}/about` });
    const missing = await postCrawl(url);
    assert.equal(missing.status, 401);
    assert.deepEqual(await missing.json(), { error: 'You need to sign in or sign up before continuing.' });
    const wrong = await postCrawl(url, { Authorization: 'Bearer not-the-key-at-all-0123456789' });
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), { error: 'Invalid authentication token.' });
    const foreign = await postCrawl(url, { ...bearer, 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    for (const elsewhere of [`${site.otherOrigin}/`, 'http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd', `http://user:pw@${site.host}/`]) {
      const response = await postCrawl(JSON.stringify({ url: elsewhere }), bearer);
      assert.equal(response.status, 400, elsewhere);
      assert.deepEqual(await response.json(), { errors: ['The URL is not within a site this service crawls.'] });
    }
    assert.equal((await postCrawl('{"url": 1}', bearer)).status, 400);
    assert.equal((await service.request('/api/crawl', { headers: bearer })).status, 405);
    assert.deepEqual(site.otherRequests, []);
  });

  it('re-crawls one page now: updated when changed, deleted when gone (JSON or form, also under /_search-proxy)', async () => {
    site.pages.set('/sitemap-only', { type: 'text/html', body: page('Cemetery records', '<p>The sexton keeps the burial register of the old cemetery up to date.</p>') });
    const response = await postCrawl(JSON.stringify({ url: `${site.origin}/sitemap-only#top` }), bearer);
    assert.equal(response.status, 202);
    assert.deepEqual(await response.json(), { url: `${site.origin}/sitemap-only`, queued: true });
    await eventually(async () => assert.deepEqual(await found('sexton'), ['/sitemap-only']));

    site.pages.delete('/sitemap-only');
    const form = await service.request('/_search-proxy/api/crawl', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...bearer },
      body: new URLSearchParams({ url: `${site.origin}/sitemap-only` }).toString(),
    });
    assert.equal(form.status, 202);
    await eventually(async () => assert.deepEqual(await found('sexton'), []));
  });
});

describe('serve options for crawls', () => {
  it('reads --crawl, --crawl-engine and --schedule, and refuses what cannot work', async () => {
    const settings = await readServeSettings(['--crawl', 'https://www.example.govt.nz/', '--crawl-engine', 'site', '--schedule', '6h'], {});
    assert.deepEqual(settings.service.crawls, [{ url: 'https://www.example.govt.nz/', engine: 'site', everyMs: 6 * 3_600_000 }]);
    const fromEnv = await readServeSettings([], { CIVIC_SEARCH_CRAWL: 'https://www.example.govt.nz/', CIVIC_SEARCH_CRAWL_ENGINE: 'site' });
    assert.equal(fromEnv.service.crawls?.[0].engine, 'site');
    await assert.rejects(readServeSettings(['--crawl', 'https://www.example.govt.nz/'], {}), UsageError);
    await assert.rejects(readServeSettings(['--schedule', '6h'], {}), UsageError);
    await assert.rejects(readServeSettings(['--crawl', 'https://x.govt.nz/', '--crawl-engine', 'x', '--schedule', '5s'], {}), /at most once a minute/);
  });

  it('reads crawls from the config file, with their crawl options, and names a bad key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'civic-crawler-config-'));
    try {
      const file = join(dir, 'serve.json');
      const crawl = { url: 'https://www.example.govt.nz/', engine: 'site', schedule: '30m', exclude: ['/search*'], delay: '1s', maxPages: 500 };
      await writeFile(file, JSON.stringify({ crawls: [crawl] }));
      const settings = await readServeSettings(['--config', file], {});
      assert.deepEqual(settings.service.crawls, [
        { url: 'https://www.example.govt.nz/', engine: 'site', everyMs: 1_800_000, settings: { exclude: ['/search*'], delayMs: 1000, maxPages: 500 } },
      ]);
      await writeFile(file, JSON.stringify({ crawls: [{ ...crawl, exlude: ['/x'] }] }));
      await assert.rejects(readServeSettings(['--config', file], {}), /crawls\[0\]: unknown option "exlude"/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
