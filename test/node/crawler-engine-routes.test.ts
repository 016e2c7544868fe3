import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import type { EngineCrawlStatus } from '../../packages/civic-search/src/crawler/engine-crawl-routes';
import { page, startTestSite, type TestSite } from './crawler-test-site';
import { eventually } from './support/eventually';

const ROOT_KEY = 'crawler-engine-routes-root-key-0123456789';
const HOUR = 3_600_000;

describe('an engine’s crawl through the API: its status, and one page crawled again, for keys scoped like any engine route', () => {
  let site: TestSite;
  let dir: string;
  let service: SearchService;
  const keys: Record<string, string> = {};

  const call = (method: string, path: string, key?: string, body?: unknown, headers: Record<string, string> = {}) =>
    service.request(path, {
      method,
      headers: {
        ...(key && { Authorization: `Bearer ${key}` }),
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const status = async (key = ROOT_KEY) => {
    const response = await call('GET', '/api/crawl/engines/site', key);
    assert.equal(response.status, 200);
    return (await response.json()) as EngineCrawlStatus;
  };

  before(async () => {
    site = await startTestSite();
    dir = await mkdtemp(join(tmpdir(), 'civic-crawler-engine-routes-'));
    service = await createSearchService({
      dataDir: dir,
      privateKey: ROOT_KEY,
      inProcess: true,
      engines: [{ name: 'other', documents: [{ id: 'o1', title: 'Other' }] }],
      crawls: [{ url: `${site.origin}/`, engine: 'site', everyMs: HOUR, settings: { delayMs: 0, exclude: ['/slow', '/huge'] } }],
    });
    const make = async (name: string, body: object) => {
      const response = await call('POST', '/api/as/v1/credentials', ROOT_KEY, { name, ...body });
      assert.equal(response.status, 200);
      keys[name] = ((await response.json()) as { key: string }).key;
    };
    await make('site-writer', { type: 'private', read: true, write: true, access_all_engines: false, engines: ['site'] });
    await make('site-reader', { type: 'private', read: true, write: false, access_all_engines: false, engines: ['site'] });
    await make('other-writer', { type: 'private', read: true, write: true, access_all_engines: false, engines: ['other'] });
    await make('searcher', { type: 'search', access_all_engines: true });
  });
  after(async () => {
    await service.close();
    await site.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('tells what the last run did, with each failure and its reason, and when the next run starts', async () => {
    const crawl = await eventually(async () => {
      const now = await status();
      assert.equal(now.runs.length, 1);
      return now;
    });
    const [run] = crawl.runs;
    assert.equal(crawl.engine, 'site');
    assert.equal(crawl.url, `${site.origin}/`);
    assert.equal(crawl.every_ms, HOUR);
    const next = Date.parse(crawl.next_run_at!);
    assert.ok(next > Date.now() && next <= Date.now() + HOUR, `the next run is within the hour: ${crawl.next_run_at}`);
    assert.ok(run!.indexed! >= 5, `pages indexed: ${run!.indexed}`);
    assert.equal(run!.unchanged, 0);
    assert.ok(
      run!.failures!.some((failure) => failure.url === `${site.origin}/broken` && /500/.test(failure.reason)),
      JSON.stringify(run!.failures),
    );
    assert.ok(Date.parse(run!.started_at) <= Date.parse(run!.finished_at));
  });

  it('crawls one page again for a key that writes the engine, and tells what came of it', async () => {
    site.pages.set('/sitemap-only', {
      type: 'text/html',
      body: page('Cemetery records', '<p>The sexton keeps the burial register up to date.</p>'),
    });
    const queued = await call('POST', '/api/crawl/engines/site', keys['site-writer'], { url: `${site.origin}/sitemap-only` });
    assert.equal(queued.status, 202);
    assert.deepEqual(await queued.json(), { url: `${site.origin}/sitemap-only`, queued: true });
    const crawl = await eventually(async () => {
      const now = await status(keys['site-reader']);
      assert.equal(now.pages[0]?.url, `${site.origin}/sitemap-only`);
      return now;
    });
    assert.equal(crawl.pages[0]!.outcome, 'indexed');

    const form = await service.request('/_search-proxy/api/crawl/engines/site', {
      method: 'POST',
      headers: { Authorization: `Bearer ${keys['site-writer']}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ url: `${site.origin}/broken` }).toString(),
    });
    assert.equal(form.status, 202);
    const failed = await eventually(async () => {
      const now = await status();
      assert.equal(now.pages[0]?.url, `${site.origin}/broken`);
      return now.pages[0]!;
    });
    assert.equal(failed.outcome, 'failed');
    assert.match(failed.reason ?? '', /500/);
  });

  it('refuses what other engine routes refuse: no key, a key for another engine, a key that only reads or searches', async () => {
    const url = { url: `${site.origin}/about` };
    assert.equal((await call('GET', '/api/crawl/engines/site')).status, 401);
    assert.equal((await call('POST', '/api/crawl/engines/site', undefined, url)).status, 401);
    const elsewhere = await call('GET', '/api/crawl/engines/site', keys['other-writer']);
    assert.equal(elsewhere.status, 403);
    assert.deepEqual(await elsewhere.json(), { error: 'This key has no access to this engine.' });
    assert.equal((await call('POST', '/api/crawl/engines/site', keys['other-writer'], url)).status, 403);
    const reader = await call('POST', '/api/crawl/engines/site', keys['site-reader'], url);
    assert.equal(reader.status, 403);
    assert.deepEqual(await reader.json(), { error: 'This key cannot write.' });
    assert.equal((await call('GET', '/api/crawl/engines/site', keys.searcher)).status, 403);
    const foreign = await call('POST', '/api/crawl/engines/site', keys['site-writer'], url, { 'Sec-Fetch-Site': 'cross-site' });
    assert.equal(foreign.status, 403);
    assert.equal((await call('PUT', '/api/crawl/engines/site', keys['site-writer'], url)).status, 405);
  });

  it('never fetches a URL outside the engine’s own crawl, and says when an engine has no crawl', async () => {
    for (const outside of [`${site.otherOrigin}/`, 'http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd']) {
      const response = await call('POST', '/api/crawl/engines/site', keys['site-writer'], { url: outside });
      assert.equal(response.status, 400, outside);
      assert.deepEqual(await response.json(), { errors: ['The URL is not within a site this service crawls.'] });
    }
    const none = await call('GET', '/api/crawl/engines/other', keys['other-writer']);
    assert.equal(none.status, 404);
    assert.match(((await none.json()) as { errors: string[] }).errors[0]!, /This engine has no crawl/);
    assert.equal((await call('POST', '/api/crawl/engines/other', keys['other-writer'], { url: `${site.origin}/about` })).status, 404);
    assert.deepEqual(site.otherRequests, []);
  });
});
