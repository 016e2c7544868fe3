import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { crawlSite, type CrawlSettings, type CrawlSummary } from '../../packages/civic-search/src/crawler/crawl';
import { readState, stateWriter } from '../../packages/civic-search/src/crawler/crawl-state';
import { httpSink } from '../../packages/civic-search/src/crawler/sinks';
import { CRAWL_SCHEMA } from '../../packages/civic-search/src/crawler/extract/index';
import { page, startTestSite, type TestSite } from './crawler-test-site';

const KEY = 'crawler-test-private-key-0123456789';
const ENGINE = 'site';

describe('crawler: a whole site into an engine, then again after changes', () => {
  let site: TestSite;
  let dir: string;
  let service: SearchService;
  let server: ServerType;
  let serviceUrl: string;
  /** Documents the sink posted to the service, and whether any request of it went elsewhere. */
  const posted: string[] = [];
  const sinkTargets = new Set<string>();
  /** Requests the page fetcher made to the service (a site's redirect there must not be followed). */
  let crawlerAtService = 0;
  const sink = () =>
    httpSink({
      service: serviceUrl,
      engine: ENGINE,
      privateKey: KEY,
      fetch: async (input, init) => {
        sinkTargets.add(new URL(String(input)).origin);
        if (init?.method === 'POST' && String(input).endsWith('/documents')) {
          for (const document of JSON.parse(String(init.body)) as Array<{ url: string }>) posted.push(document.url);
        }
        return fetch(input, init);
      },
    });
  let settings: CrawlSettings;
  const stateFile = () => join(dir, 'state.json');
  const crawl = async (): Promise<CrawlSummary> => {
    const state = await readState(stateFile(), settings.start, ENGINE);
    return crawlSite(settings, { sink: sink(), state, saveState: stateWriter(stateFile()) });
  };
  const call = async (path: string, body: unknown) => {
    const response = await service.request(`/api/as/v1/engines/${ENGINE}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()) as {
      results: Array<{ url: { raw: string }; title: { raw: string } }> & { documents?: Array<{ suggestion: string }> };
      facets?: Record<string, Array<{ data: Array<{ value: string; count: number }> }>>;
    };
  };
  const found = async (query: string) => (await call('search.json', { query, page: { size: 50 } })).results.map((result) => new URL(result.url.raw).pathname);
  const indexedPaths = async () => {
    const { documents } = await service.admin!.listDocuments(ENGINE, { current: 1, size: 100 });
    return documents.map((document) => new URL(String(document.url)).pathname).sort();
  };

  before(async () => {
    site = await startTestSite({ crawlDelay: 0.1 });
    dir = await mkdtemp(join(tmpdir(), 'civic-crawler-site-'));
    service = await createSearchService({ dataDir: join(dir, 'data'), privateKey: KEY, inProcess: true });
    server = serve({
      fetch: (request) => {
        if (request.headers.get('user-agent')?.startsWith('civic-search-crawler')) crawlerAtService++;
        return service.fetch(request);
      },
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise((resolve) => server.once('listening', resolve));
    serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await sink().prepare(CRAWL_SCHEMA);
    // A page of the site that redirects to the service's write API: the page fetcher must not go there.
    site.pages.set('/to-service', { status: 302, headers: { Location: `${serviceUrl}/api/as/v1/engines` } });
    settings = { start: `${site.origin}/`, delayMs: 0, concurrency: 2, limits: { timeoutMs: 3000, htmlBytes: 256 * 1024 } };
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    await site.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('indexes pages, sitemap entries, PDFs and Word files; keeps to robots.txt, nofollow, noindex and the site', async () => {
    const summary = await crawl();
    assert.equal(summary.complete, true, JSON.stringify(summary, null, 2));
    assert.deepEqual(await indexedPaths(), [
      '/',
      '/about',
      '/changing',
      '/closed',
      '/docs/dog-guide.docx',
      '/docs/water-report.pdf',
      '/from-quiet',
      '/services/',
      '/services/moved-here',
      '/services/rubbish/',
      '/services/rubbish/collection-days',
      '/sitemap-only',
      '/zanzibar-notice',
    ]);
    const asked = new Set(site.requests.map((request) => request.path));
    for (const never of ['/private/secret', '/hidden', '/behind-closed']) assert.ok(!asked.has(never), `${never} was requested`);
    assert.ok(asked.has('/quiet'), 'a noindex page is still read for its links');
    assert.deepEqual(site.otherRequests, [], 'another site was asked for something');
    assert.ok(
      site.requests.every((request) => request.headers.authorization === undefined && request.headers.cookie === undefined),
      'the site saw credentials',
    );
    assert.deepEqual([...sinkTargets], [serviceUrl], 'the key went only to the service');
    assert.equal(crawlerAtService, 0, 'the page fetcher followed a redirect to the service');
    assert.match(site.requests[0].headers['user-agent'] ?? '', /^civic-search-crawler\/\d+\.\d+\.\d+ \(\+https:\/\//);

    const failures = new Map(summary.failures.map((failure) => [new URL(failure.url).pathname, failure.reason]));
    assert.match(failures.get('/slow') ?? '', /no complete answer within 3 s/);
    // Later crawls need not wait for it again.
    site.pages.delete('/slow');
    assert.match(failures.get('/broken') ?? '', /HTTP 500/);
    assert.match(failures.get('/huge') ?? '', /limit/);
    assert.ok(site.hugeBytesSent() < 4 * 2 ** 20, `the huge page was downloaded (${site.hugeBytesSent()} bytes sent)`);
    const skipped = new Map(summary.skippedUrls.map((entry) => [new URL(entry.url).pathname, entry.reason]));
    assert.match(skipped.get('/away') ?? '', /redirects to http:\/\/127\.0\.0\.1:\d+\/landing, off the crawl's hosts/);
    assert.match(skipped.get('/logo.png') ?? '', /image\/png/);
    assert.match(skipped.get('/to-service') ?? '', /redirects to http:\/\/127\.0\.0\.1:\d+\/api\/as\/v1\/engines, off the crawl's hosts/);
    assert.equal(skipped.get('/quiet'), 'noindex');

    // Crawl-delay (0.1 s) spaces the starts of requests to the site once robots.txt is read, with no delay configured.
    // The site runs on the crawler's thread, so it may note a request late (while a PDF is read): the median is checked.
    const starts = site.requests.slice(1).map((request) => request.at);
    const gaps = starts.slice(1).map((at, index) => at - starts[index]);
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
    assert.ok(median >= 60, `requests a median ${median} ms apart: ${gaps.join(', ')}`);

    assert.deepEqual(await found('kerbside wheelie'), ['/services/rubbish/collection-days']);
    assert.deepEqual(await found('fluoride turbidity'), ['/docs/water-report.pdf']);
    assert.deepEqual(await found('microchipping'), ['/docs/dog-guide.docx']);
    assert.deepEqual(await found('burial register'), ['/sitemap-only']);
    assert.deepEqual(await found('residents parking permits'), ['/services/moved-here']);
    assert.deepEqual(await found('zanzibar'), ['/zanzibar-notice']);
    const state = JSON.parse(await readFile(stateFile(), 'utf8'));
    assert.equal(state.urls[`${site.origin}/services/rubbish/collection-days`].sitemapLastmod, '2026-10-15');
  });

  it('re-crawls with conditional requests: unchanged pages write nothing, a changed one is replaced, a gone one deleted', async () => {
    site.requests.length = 0;
    posted.length = 0;
    site.pages.set('/changing', { type: 'text/html', body: page('Swimming pool', '<p>The hydroslide is shut for maintenance while lane swimming continues as usual for members.</p>') });
    site.pages.delete('/zanzibar-notice');
    const summary = await crawl();
    assert.equal(summary.complete, true);
    assert.deepEqual(posted.map((url) => new URL(url).pathname), ['/changing'], JSON.stringify(summary, null, 1));
    assert.equal(summary.deleted, 1);
    assert.ok(summary.unchanged >= 10, `unchanged ${summary.unchanged}`);
    const services = site.requests.find((request) => request.path === '/services/');
    assert.ok(services?.headers['if-none-match'], 'no If-None-Match on the re-crawl');

    assert.deepEqual(await found('maintenance'), ['/changing']);
    assert.deepEqual(await found('hydroslide'), ['/changing']);
    assert.deepEqual(await found('aquatic'), []);
    assert.deepEqual(await found('zanzibar'), []);
    const suggestions = (await call('query_suggestion', { query: 'zanzib' })).results.documents ?? [];
    assert.deepEqual(suggestions, []);
    const facets = await call('search.json', { query: '', facets: { url: { type: 'value', size: 100 } } });
    const facetValues = facets.facets!.url[0].data.map((entry) => new URL(entry.value).pathname);
    assert.ok(!facetValues.includes('/zanzibar-notice'));
    assert.ok(facetValues.includes('/changing'));
  });

  it('after a complete crawl, deletes a page no longer in the sitemap or linked', async () => {
    const listed = site.pages.get('/sitemap-pages.xml.gz')!;
    const text = gunzipSync(listed.body as Uint8Array).toString('utf8');
    site.pages.set('/sitemap-pages.xml.gz', { type: 'application/gzip', body: gzipSync(text.replace(/<url><loc>[^<]*\/sitemap-only<\/loc>.*?<\/url>/, '')) });
    const summary = await crawl();
    assert.equal(summary.complete, true);
    assert.equal(summary.deleted, 1);
    assert.deepEqual(await found('burial register'), []);
    assert.ok(!site.requests.slice(-30).some((request) => request.path === '/sitemap-only'));
  });

  it('a crawl cut short by its page limit deletes nothing it did not see', async () => {
    const before = await indexedPaths();
    const summary = await crawlSite({ ...settings, maxPages: 2 }, { sink: sink(), state: await readState(stateFile(), settings.start, ENGINE) });
    assert.equal(summary.complete, false);
    assert.equal(summary.stoppedBy, 'max-pages');
    assert.equal(summary.fetched, 2);
    assert.deepEqual(await indexedPaths(), before);
  });

  it('crawls nothing and deletes nothing while robots.txt cannot be read (the site is down)', async () => {
    const before = await indexedPaths();
    const robots = site.pages.get('/robots.txt')!;
    site.pages.set('/robots.txt', { status: 500, body: 'down' });
    site.requests.length = 0;
    try {
      const summary = await crawl();
      assert.equal(summary.complete, false);
      assert.equal(summary.answered, 0);
      assert.match(summary.notes.join('\n'), /robots\.txt could not be read \(HTTP 500\)/);
      assert.deepEqual(site.requests.map((request) => request.path), ['/robots.txt']);
      assert.deepEqual(await indexedPaths(), before);
    } finally {
      site.pages.set('/robots.txt', robots);
    }
  });

  it('with trustSitemapLastmod, does not fetch pages whose sitemap lastmod is the same as when indexed', async () => {
    site.requests.length = 0;
    const before = await indexedPaths();
    const state = await readState(stateFile(), settings.start, ENGINE);
    const summary = await crawlSite({ ...settings, trustSitemapLastmod: true }, { sink: sink(), state });
    assert.equal(summary.complete, true);
    assert.equal(summary.deleted, 0);
    const asked = site.requests.map((request) => request.path);
    assert.ok(!asked.includes('/services/rubbish/collection-days'), 'the page with an unchanged lastmod was fetched');
    assert.ok(asked.includes('/services/rubbish/'));
    assert.deepEqual(await indexedPaths(), before);
  });
});
