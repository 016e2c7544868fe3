/**
 * What every crawl store keeps, run against each implementation: files in the data folder (crawl-store.test.ts) and
 * an index of a live OpenSearch cluster (crawl-store-cluster.test.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CrawlStore } from '../../packages/civic-search/src/crawler/crawl-store';
import type { CrawlState } from '../../packages/civic-search/src/crawler/crawl-state';
import { KEPT_PAGES, KEPT_RUNS, type CrawlRunRecord } from '../../packages/civic-search/src/crawler/crawl-history';
import { eventually } from './support/eventually';

/** Where a test's crawl records live: each `open()` is one more handle on that same place, as a restart would hold. */
export interface CrawlStorePlace {
  open(): Promise<CrawlStore>;
}

const START = 'https://www.council.example/';

/** A state with `count` URLs, each with what a crawl learns of a page. */
function stateWith(engine: string, count: number): CrawlState {
  const urls: CrawlState['urls'] = {};
  for (let i = 0; i < count; i++) {
    urls[`${START}page-${i}`] = {
      id: `crawl-${i}`,
      etag: `"e${i}"`,
      lastModified: 'Tue, 03 Nov 2026 10:00:00 GMT',
      hash: `h${i}`,
      links: [`${START}page-${i + 1}`, `${START}files/form-${i}.pdf`],
    };
  }
  return { version: 1, start: START, engine, urls, pendingDeletes: ['crawl-gone'], lastCrawl: { finished: '2026-11-03T10:00:00.000Z', complete: true } };
}

const run = (n: number): CrawlRunRecord => ({
  started_at: new Date(Date.UTC(2026, 10, 3, 10, n)).toISOString(),
  finished_at: new Date(Date.UTC(2026, 10, 3, 10, n, 30)).toISOString(),
  indexed: n,
  complete: true,
  failures: [{ url: `${START}broken-${n}`, reason: 'HTTP 500' }],
});

export function crawlStoreContract(name: string, fresh: () => Promise<CrawlStorePlace>, options: { skip?: string | boolean } = {}): void {
  describe(`crawl store contract (${name})`, { skip: options.skip }, () => {
    it('starts an engine with an empty state, history and no lease', async () => {
      const store = await (await fresh()).open();
      const { state } = await store.loadState('council', START);
      assert.deepEqual(state, { version: 1, start: START, engine: 'council', urls: {} });
      assert.deepEqual(await store.history('council'), { runs: [], pages: [] });
      assert.equal(await store.leaseHolder('council'), undefined);
    });

    it('keeps the state whole across handles, with URLs changed, added and dropped, and engines apart', async () => {
      const place = await fresh();
      const first = await place.open();
      const loaded = await first.loadState('council', START);
      Object.assign(loaded.state, stateWith('council', 300));
      await loaded.save(loaded.state);
      const other = await first.loadState('library', START);
      other.state.urls[`${START}loans`] = { id: 'crawl-loans', hash: 'l' };
      await other.save(other.state);

      const second = await place.open();
      const read = await second.loadState('council', START);
      assert.deepEqual(read.state, stateWith('council', 300));
      // Later saves through the second handle: one entry changed, one added, one dropped, the deletes done.
      read.state.urls[`${START}page-7`] = { id: 'crawl-7', hash: 'changed' };
      read.state.urls[`${START}new`] = { id: 'crawl-new' };
      delete read.state.urls[`${START}page-8`];
      delete read.state.pendingDeletes;
      await read.save(read.state);
      delete read.state.urls[`${START}page-9`];
      await read.save(read.state);

      const third = await (await place.open()).loadState('council', START);
      assert.deepEqual(third.state, read.state);
      assert.equal(third.state.urls[`${START}page-8`], undefined);
      assert.equal(third.state.urls[`${START}page-9`], undefined);
      assert.equal(third.state.pendingDeletes, undefined);
      assert.equal(Object.keys(third.state.urls).length, 299);
      const library = await (await place.open()).loadState('library', START);
      assert.deepEqual(Object.keys(library.state.urls), [`${START}loans`]);
    });

    it('lands saves in the order made, however fast they follow each other', async () => {
      const place = await fresh();
      const { state, save } = await (await place.open()).loadState('council', START);
      const saves: Promise<void>[] = [];
      for (let i = 0; i < 20; i++) {
        state.urls[`${START}page-${i}`] = { id: `crawl-${i}`, hash: `v${i}` };
        saves.push(save(structuredClone(state)));
      }
      await Promise.all(saves);
      const read = await (await place.open()).loadState('council', START);
      assert.deepEqual(read.state.urls, state.urls);
    });

    it('keeps the newest runs and re-crawled pages, newest first, bounded, across handles', async () => {
      const place = await fresh();
      const store = await place.open();
      for (let n = 0; n < KEPT_RUNS + 2; n++) await store.addRun('council', run(n));
      for (let n = 0; n < KEPT_PAGES + 2; n++) {
        await store.addPage('council', { url: `${START}page-${n}`, outcome: 'indexed', finished_at: new Date(Date.UTC(2026, 10, 3, 11, n)).toISOString() });
      }
      await store.addRun('library', run(40));
      const history = await (await place.open()).history('council');
      assert.deepEqual(
        history.runs,
        Array.from({ length: KEPT_RUNS }, (_, i) => run(KEPT_RUNS + 1 - i)),
      );
      assert.deepEqual(
        history.pages.map((page) => page.url),
        Array.from({ length: KEPT_PAGES }, (_, i) => `${START}page-${KEPT_PAGES + 1 - i}`),
      );
      assert.deepEqual((await store.history('library')).runs, [run(40)]);
    });

    it('lets one holder at a time take an engine’s lease, renewed by its holder and taken over once released', async () => {
      const store = await (await fresh()).open();
      const lease = await store.takeLease('council', 'process-a', 60_000);
      assert.ok(lease, 'a free lease is taken');
      assert.equal(await store.takeLease('council', 'process-b', 60_000), undefined, 'a held lease is refused');
      assert.equal(await store.leaseHolder('council'), 'process-a');
      assert.ok(await store.takeLease('library', 'process-b', 60_000), 'another engine’s lease is its own');
      assert.equal(await lease.renew(), true);
      await lease.release();
      assert.equal(await store.leaseHolder('council'), undefined);
      const taken = await store.takeLease('council', 'process-b', 60_000);
      assert.ok(taken, 'a released lease is taken at once');
      assert.equal(await lease.renew(), false, 'the old holder knows it lost it');
      assert.equal(await store.leaseHolder('council'), 'process-b');
    });

    it('lets a lease lapse when its holder stops renewing it, and tells the old holder it is lost', async () => {
      const store = await (await fresh()).open();
      const lease = await store.takeLease('council', 'process-a', 300);
      assert.ok(lease);
      // The holder "dies": it renews no more. Another process takes the lease once it has lapsed.
      const taken = await eventually(async () => {
        const attempt = await store.takeLease('council', 'process-b', 60_000);
        assert.ok(attempt, 'not lapsed yet');
        return attempt;
      }, 10_000);
      assert.equal(taken.holder, 'process-b');
      assert.equal(await lease.renew(), false);
      assert.equal(await store.leaseHolder('council'), 'process-b');
    });
  });
}
