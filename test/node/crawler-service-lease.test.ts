/**
 * The service's crawls and the crawl store: the history outlives a restart, a crawl leased by another process is
 * skipped while a page asked for still runs (without touching the state), and a crawl that loses its lease stops
 * without saving. On files in the data folder; crawl-store-cluster.test.ts runs two processes on a live cluster.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { serviceCrawls, type ServiceCrawls } from '../../packages/civic-search/src/crawler/service-crawls';
import { openFolderCrawlStore, stateFileOf } from '../../packages/civic-search/src/crawler/folder-crawl-store';
import type { CrawlStore } from '../../packages/civic-search/src/crawler/crawl-store';
import type { EngineCrawlStatus } from '../../packages/civic-search/src/crawler/engine-crawl-routes';
import { page, startTestSite, type TestSite } from './crawler-test-site';
import { eventually } from './support/eventually';

const KEY = 'crawler-service-lease-key-0123456789';
const ENGINE = 'site';
const HOUR = 3_600_000;
const exists = (file: string) => access(file).then(() => true, () => false);

describe('service crawls on the crawl store', () => {
  let site: TestSite;
  let dir: string;
  before(async () => {
    site = await startTestSite();
  });
  after(() => site.close());
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const statusOf = async (request: (path: string, init?: RequestInit) => Response | Promise<Response>): Promise<EngineCrawlStatus> => {
    const response = await request(`/api/crawl/engines/${ENGINE}`, { headers: { Authorization: `Bearer ${KEY}` } });
    assert.equal(response.status, 200);
    return (await response.json()) as EngineCrawlStatus;
  };
  const crawl = () => ({ url: `${site.origin}/`, engine: ENGINE, everyMs: HOUR, settings: { delayMs: 0, exclude: ['/slow', '/huge'] } });

  it('keeps the history of runs in the data folder across a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'civic-crawl-lease-'));
    const start = () => createSearchService({ dataDir: dir, privateKey: KEY, inProcess: true, crawls: [crawl()] });
    const first = await start();
    const run = await eventually(async () => {
      const { runs } = await statusOf((path, init) => first.request(path, init));
      assert.equal(runs.length, 1);
      return runs[0]!;
    });
    await first.close();
    const second = await start();
    try {
      const { runs } = await statusOf((path, init) => second.request(path, init));
      assert.deepEqual(runs.at(-1), run, 'the run before the restart is still there');
    } finally {
      await second.close();
    }
  });

  describe('beside another process', () => {
    let service: SearchService;
    let crawls: ServiceCrawls | undefined;
    const lines: string[] = [];
    /** The data folder of the service and of its crawl store, as in one process. */
    const folder = async () => (dir = await mkdtemp(join(tmpdir(), 'civic-crawl-lease-')));
    const open = async (store: CrawlStore, leaseTtlMs?: number) => {
      service = await createSearchService({ dataDir: dir, privateKey: KEY, inProcess: true, engines: [] });
      crawls = serviceCrawls({
        crawls: [crawl()],
        admin: service.admin!,
        privateKey: KEY,
        dataDir: dir,
        store,
        ...(leaseTtlMs && { leaseTtlMs }),
        log: (line) => lines.push(line),
      });
      return crawls;
    };
    afterEach(async () => {
      await crawls?.stop();
      await service.close();
      lines.length = 0;
    });

    it('skips a run while another process holds the lease, and still crawls a page asked for, leaving the state to the holder', async () => {
      const store = openFolderCrawlStore(await folder());
      const other = await store.takeLease(ENGINE, 'another-process', HOUR);
      assert.ok(other);
      const own = await open(store);
      const before = site.requests.length;
      await own.runNow(ENGINE);
      assert.match(lines.join('\n'), /is skipped: another process \(another-process\) is crawling it/);
      assert.equal(site.requests.length, before, 'nothing fetched');
      const request = (path: string, init?: RequestInit) => own.routes.request(path, init);
      const status = await statusOf(request);
      assert.deepEqual(status.runs, []);
      assert.equal(status.running, true, 'the other process’s run shows');

      site.pages.set('/about', { type: 'text/html', body: page('About the council', '<p>The lighthouse keeper retires.</p>') });
      const asked = await request(`/api/crawl/engines/${ENGINE}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `${site.origin}/about` }),
      });
      assert.equal(asked.status, 202);
      const recrawled = await eventually(async () => {
        const { pages } = await statusOf(request);
        assert.equal(pages.length, 1);
        return pages[0]!;
      });
      assert.equal(recrawled.outcome, 'indexed');
      const { documents } = await service.admin!.listDocuments(ENGINE, { current: 1, size: 100 });
      const written = documents.find((document) => document.url === `${site.origin}/about`);
      assert.match(JSON.stringify(written), /lighthouse keeper/, 'the page’s new text is written');
      assert.equal(await exists(stateFileOf(dir, ENGINE)), false, 'the state is the lease holder’s to write');
      assert.equal(await store.leaseHolder(ENGINE), 'another-process', 'the page’s crawl took no lease');
    });

    it('stops a run that loses its lease, saving nothing, and says so', async () => {
      const files = openFolderCrawlStore(await folder());
      let lost = false;
      // Another process took the lease over (this one stalled past its time to live): the next renewal says so.
      const store: CrawlStore = {
        ...files,
        takeLease: async (engine, holder, ttlMs) => {
          const lease = await files.takeLease(engine, holder, ttlMs);
          return lease && { holder, renew: async () => !lost, release: () => lease.release() };
        },
      };
      let release: () => void = () => undefined;
      const about = site.pages.get('/about')!;
      site.pages.set('/about', { ...about, until: new Promise<void>((resolve) => (release = resolve)) });
      try {
        const own = await open(store, 90);
        const started = site.requests.length;
        const running = own.runNow(ENGINE);
        await eventually(async () => assert.ok(site.requests.slice(started).some((request) => request.path === '/about')));
        lost = true;
        await running;
      } finally {
        release();
        site.pages.set('/about', about);
      }
      assert.match(lines.join('\n'), /lost its lease to another process; it stops without saving/);
      const { runs } = await files.history(ENGINE);
      assert.equal(runs.length, 1);
      assert.match(runs[0]!.error ?? '', /lease was lost to another process: not saved/);
      assert.equal(await exists(stateFileOf(dir, ENGINE)), false);
    });
  });
});
