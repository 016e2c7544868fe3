/**
 * What every analytics store answers, the same cases with the same events: run on SQLite by
 * analytics-store.test.ts and on a live OpenSearch cluster by analytics-cluster.test.ts. A report a search
 * manager reads must not depend on where the service keeps its analytics.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  OTHER_QUERIES,
  type AnalyticsStore,
  type ClickEvent,
  type SearchEvent,
  type SqliteAnalyticsLimits,
} from '../../packages/civic-search/src/analytics';

import { applyRetention } from '../../packages/civic-search/src/analytics/retention';
import { DEFAULT_LOG_SETTINGS } from '../../packages/civic-search/src/analytics/log-settings';
import { DAY_MS, HOUR_MS } from '../../packages/civic-search/src/analytics/periods';

export interface StoreContractOptions {
  /** Which store, in the tests' names. */
  name: string;
  /** A new, empty store (each case has its own), with a day's bounds when given. */
  open(limits?: SqliteAnalyticsLimits): Promise<AnalyticsStore>;
  skip?: string | false;
}

export const at = (iso: string) => Date.parse(iso);

export function search(query: string, when: number, extra: Partial<SearchEvent> = {}): SearchEvent {
  return {
    engine: 'site',
    at: when,
    query,
    redacted: false,
    tags: [],
    results: 3,
    page: 1,
    filtered: false,
    tookMs: 4,
    requestId: 'r',
    kind: 'search',
    client: 'c1',
    ...extra,
  };
}

export function click(query: string, documentId: string, when: number, extra: Partial<ClickEvent> = {}): ClickEvent {
  return { engine: 'site', at: when, query, redacted: false, documentId, requestId: 'r', tags: [], client: 'x', ...extra };
}

const none = { clicks: [], apiCalls: [] };
export const wholeRange = { from: at('2024-01-01'), to: at('2026-12-31T23:59:59Z') };

/** Runs `work` on a new store and closes it, failed or not. */
async function withStore(options: StoreContractOptions, work: (store: AnalyticsStore) => Promise<void>, limits?: SqliteAnalyticsLimits) {
  const store = await options.open(limits);
  try {
    await work(store);
  } finally {
    await store.close();
  }
}

export function analyticsStoreContract(options: StoreContractOptions) {
  describe(`analytics store contract (${options.name})`, { skip: options.skip }, () => {
    it('counts a term over any date range: across months, one whole month, days either side, inside a month', () =>
      withStore(options, async (store) => {
        const days = ['2025-01-30', '2025-01-31', '2025-02-01', '2025-02-14', '2025-02-28', '2025-03-01', '2025-03-02'];
        await store.record({ searches: days.map((day) => search('rates', at(`${day}T10:00:00Z`))), ...none });
        const count = async (from: string, to: string) =>
          (
            await store.topQueries({ engine: 'site', range: { from: at(`${from}T00:00:00Z`), to: at(`${to}T23:59:59.999Z`) }, limit: 10 })
          )[0]?.queries ?? 0;
        assert.equal(await count('2025-01-01', '2025-12-31'), 7);
        assert.equal(await count('2025-02-01', '2025-02-28'), 3, 'one whole month');
        assert.equal(await count('2025-01-31', '2025-03-01'), 5, 'a day, a month, a day');
        assert.equal(await count('2025-02-02', '2025-02-27'), 1, 'inside a month');
      }));

    it('answers top queries with the results and clicks filters, tags all/any/none, and top clicks', () =>
      withStore(options, async (store) => {
        const when = at('2025-05-05T08:00:00Z');
        await store.record({
          searches: [
            ...Array.from({ length: 4 }, () => search('rates', when, { tags: ['header'] })),
            ...Array.from({ length: 3 }, () => search('bins', when, { tags: ['page', 'mobile'] })),
            ...Array.from({ length: 2 }, () => search('dog licence', when, { tags: ['header', 'mobile'] })),
            search('xyzzy', when, { results: 0 }),
            search('xyzzy', when, { results: 0 }),
            search('zzz', when, { results: 0, tags: ['header'] }),
          ],
          clicks: [
            click('rates', 'rates-page', when, { tags: ['header'] }),
            click('rates', 'rates-rebate', when, { tags: ['header'] }),
            click('rates', 'rates-page', when, { tags: ['header'] }),
            click('bins', 'bins-page', when, { tags: ['page', 'mobile'] }),
          ],
          apiCalls: [],
        });
        const top = async (filters: Partial<Parameters<AnalyticsStore['topQueries']>[0]> = {}) =>
          (await store.topQueries({ engine: 'site', range: wholeRange, limit: 10, ...filters })).map((row) => [
            row.term,
            row.queries,
            row.clicks,
          ]);
        assert.deepEqual(await top(), [
          ['rates', 4, 3],
          ['bins', 3, 1],
          ['dog licence', 2, 0],
          ['xyzzy', 2, 0],
          ['zzz', 1, 0],
        ]);
        assert.deepEqual(await top({ limit: 2 }), [
          ['rates', 4, 3],
          ['bins', 3, 1],
        ]);
        assert.deepEqual(await top({ results: false }), [
          ['xyzzy', 2, 0],
          ['zzz', 1, 0],
        ]);
        assert.deepEqual(
          (await top({ results: true })).map(([term]) => term),
          ['rates', 'bins', 'dog licence'],
        );
        assert.deepEqual(await top({ clicks: false }), [['dog licence', 2, 0]], 'found something, nobody opened it');
        assert.deepEqual(
          (await top({ clicks: true })).map(([term]) => term),
          ['rates', 'bins'],
        );
        assert.deepEqual(
          (await top({ allTags: ['header', 'mobile'] })).map(([term]) => term),
          ['dog licence'],
        );
        assert.deepEqual(
          (await top({ anyTags: ['page', 'mobile'] })).map(([term]) => term),
          ['bins', 'dog licence'],
        );
        assert.deepEqual(
          (await top({ noTags: ['header'] })).map(([term]) => term),
          ['bins', 'xyzzy'],
        );
        assert.deepEqual(await store.topClicks({ engine: 'site', range: wholeRange, limit: 10 }), [
          { documentId: 'rates-page', clicks: 2 },
          { documentId: 'bins-page', clicks: 1 },
          { documentId: 'rates-rebate', clicks: 1 },
        ]);
        assert.deepEqual(await store.topClicks({ engine: 'site', range: wholeRange, query: 'bins', limit: 10 }), [
          { documentId: 'bins-page', clicks: 1 },
        ]);
        assert.deepEqual(await store.topQueries({ engine: 'other', range: wholeRange, limit: 10 }), [], 'another engine sees none of it');
      }));

    it('counts queries and clicks per day and per hour, for all terms, one term or one document', () =>
      withStore(options, async (store) => {
        const day = at('2025-05-05T00:00:00Z');
        await store.record({
          searches: [
            search('rates', day + 8 * HOUR_MS),
            search('rates', day + 8 * HOUR_MS + 60_000),
            search('bins', day + DAY_MS + 9 * HOUR_MS),
          ],
          clicks: [click('rates', 'rates-page', day + 8 * HOUR_MS + 120_000)],
          apiCalls: [],
        });
        const perDay = await store.counts({ engine: 'site', range: { from: day - DAY_MS, to: day + 2 * DAY_MS - 1 }, interval: 'day' });
        assert.deepEqual(
          perDay.map((row) => [row.from, row.to, row.queries, row.clicks]),
          [
            [day - DAY_MS, day - 1, 0, 0],
            [day, day + DAY_MS - 1, 2, 1],
            [day + DAY_MS, day + 2 * DAY_MS - 1, 1, 0],
          ],
        );
        const perHour = await store.counts({
          engine: 'site',
          range: { from: day + 7 * HOUR_MS, to: day + 9 * HOUR_MS - 1 },
          interval: 'hour',
        });
        assert.deepEqual(
          perHour.map((row) => [row.from, row.queries, row.clicks]),
          [
            [day + 7 * HOUR_MS, 0, 0],
            [day + 8 * HOUR_MS, 2, 1],
          ],
        );
        const range = { from: day, to: day + 2 * DAY_MS - 1 };
        const ofTerm = await store.counts({ engine: 'site', range, interval: 'day', query: 'bins' });
        assert.deepEqual(
          ofTerm.map((row) => [row.queries, row.clicks]),
          [
            [0, 0],
            [1, 0],
          ],
        );
        const ofDocument = await store.counts({ engine: 'site', range, interval: 'day', documentId: 'rates-page' });
        assert.deepEqual(
          ofDocument.map((row) => [row.queries, row.clicks]),
          [
            [0, 1],
            [0, 0],
          ],
        );
      }));

    it('counts the searches that found something, per day and per hour, in all and for one term', () =>
      withStore(options, async (store) => {
        const day = at('2025-06-02T00:00:00Z');
        await store.record({
          searches: [
            search('rates', day + 8 * HOUR_MS),
            search('zebra permit', day + 8 * HOUR_MS + 60_000, { results: 0 }),
            search('zebra permit', day + DAY_MS + 9 * HOUR_MS, { results: 0 }),
            search('bins', day + DAY_MS + 9 * HOUR_MS, { tags: ['header'] }),
          ],
          clicks: [click('rates', 'rates-page', day + 8 * HOUR_MS + 120_000)],
          apiCalls: [],
        });
        const range = { from: day, to: day + 2 * DAY_MS - 1 };
        const perDay = await store.counts({ engine: 'site', range, interval: 'day' });
        assert.deepEqual(
          perDay.map((row) => [row.queries, row.found, row.clicks]),
          [
            [2, 1, 1],
            [2, 1, 0],
          ],
        );
        const perHour = await store.counts({
          engine: 'site',
          range: { from: day + 8 * HOUR_MS, to: day + 9 * HOUR_MS - 1 },
          interval: 'hour',
        });
        assert.deepEqual(
          perHour.map((row) => [row.queries, row.found]),
          [[2, 1]],
        );
        const tagged = await store.counts({ engine: 'site', range, interval: 'day', allTags: ['header'] });
        assert.deepEqual(
          tagged.map((row) => [row.queries, row.found]),
          [
            [0, 0],
            [1, 1],
          ],
        );
        const ofTerm = await store.counts({ engine: 'site', range, interval: 'day', query: 'zebra permit' });
        assert.deepEqual(
          ofTerm.map((row) => [row.queries, row.found]),
          [
            [1, 0],
            [1, 0],
          ],
        );
      }));

    it('lists API calls by date, status and method, in either order, with paging and a total', () =>
      withStore(options, async (store) => {
        const start = at('2025-05-05T08:00:00Z');
        const call = (n: number, status: number, method = 'POST') => ({
          engine: 'site',
          at: start + n * 1000,
          method,
          path: `/api/as/v1/engines/site/${n}`,
          status,
          tookMs: 2,
        });
        await store.record({ searches: [], clicks: [], apiCalls: [call(0, 200), call(1, 404), call(2, 200, 'GET'), call(3, 200)] });
        const logs = (query: Partial<Parameters<AnalyticsStore['apiLogs']>[0]>) =>
          store.apiLogs({ engine: 'site', range: wholeRange, ascending: true, offset: 0, limit: 10, ...query });
        const all = await logs({});
        assert.equal(all.total, 4);
        assert.deepEqual(
          all.results.map((row) => row.path.split('/').pop()),
          ['0', '1', '2', '3'],
        );
        assert.deepEqual(all.results[1], {
          engine: 'site',
          at: start + 1000,
          method: 'POST',
          path: '/api/as/v1/engines/site/1',
          status: 404,
          tookMs: 2,
        });
        const newestPage = await logs({ ascending: false, offset: 1, limit: 2 });
        assert.deepEqual(
          newestPage.results.map((row) => row.at),
          [start + 2000, start + 1000],
        );
        assert.equal(newestPage.total, 4);
        assert.deepEqual(
          (await logs({ status: 200, method: 'POST' })).results.map((row) => row.at),
          [start, start + 3000],
        );
        assert.equal((await logs({ range: { from: start + 1000, to: start + 2000 } })).total, 2);
      }));

    it('deletes analytics past 180 days and API logs past 7, by a moved clock, and reports nothing expired', () =>
      withStore(options, async (store) => {
        const old = at('2025-01-10T12:00:00Z');
        const recent = at('2025-06-20T12:00:00Z');
        // The clock moved to 181 days after the first old search, 171 after the second.
        const now = old + 181 * DAY_MS;
        await store.record({
          searches: [search('old term', old), search('old term', at('2025-01-20T12:00:00Z')), search('recent term', recent)],
          clicks: [click('old term', 'doc', old)],
          apiCalls: [
            { engine: 'site', at: now - 8 * DAY_MS, method: 'POST', path: '/api/as/v1/engines/site/search', status: 200, tookMs: 3 },
            { engine: 'site', at: now - 6 * DAY_MS, method: 'POST', path: '/api/as/v1/engines/site/search', status: 200, tookMs: 3 },
          ],
        });
        const deleted = await applyRetention(store, DEFAULT_LOG_SETTINGS, now);
        assert.ok(deleted > 0, 'says it deleted something');
        const terms = await store.topQueries({ engine: 'site', range: wholeRange, limit: 10 });
        assert.deepEqual(
          terms.map((row) => [row.term, row.queries, row.clicks]),
          [
            ['old term', 1, 0],
            ['recent term', 1, 0],
          ],
        );
        assert.deepEqual(await store.topClicks({ engine: 'site', range: wholeRange, limit: 10 }), []);
        const january = await store.topQueries({
          engine: 'site',
          range: { from: at('2025-01-01'), to: at('2025-01-31T23:59:59.999Z') },
          limit: 10,
        });
        assert.deepEqual(
          january.map((row) => row.queries),
          [1],
          'the whole month of January holds no expired day either',
        );
        const januaryDays = await store.counts({
          engine: 'site',
          range: { from: at('2025-01-10'), to: at('2025-01-10T23:59:59.999Z') },
          interval: 'day',
        });
        assert.deepEqual(
          januaryDays.map((row) => [row.queries, row.clicks]),
          [[0, 0]],
        );
        const logs = await store.apiLogs({ engine: 'site', range: wholeRange, ascending: true, offset: 0, limit: 10 });
        assert.deepEqual(
          logs.results.map((row) => row.at),
          [now - 6 * DAY_MS],
          'the call 8 days old went, the one 6 days old stays',
        );
        // A shorter retention set by the operator takes effect at the next run.
        await applyRetention(store, { ...DEFAULT_LOG_SETTINGS, analytics: { enabled: true, retentionDays: 30 } }, recent + 1);
        assert.deepEqual(
          (await store.topQueries({ engine: 'site', range: wholeRange, limit: 10 })).map((row) => row.term),
          ['recent term'],
        );
      }));

    it('offers as popular only clicked, found, unredacted terms sent by enough clients', () =>
      withStore(options, async (store) => {
        const when = at('2025-05-05T08:00:00Z');
        await store.record({
          searches: [
            ...['a', 'b', 'c'].map((client) => search('rates rebate', when, { client })),
            ...['a', 'b', 'c'].map((client) => search('rates nobody clicked', when, { client })),
            ...['a', 'b', 'c'].map((client) => search('rates nothing found', when, { client, results: 0 })),
            ...['a', 'b', 'c'].map((client) => search('rates [phone]', when, { client, redacted: true })),
            ...Array.from({ length: 9 }, () => search('rates planted', when, { client: 'script' })),
            // Three clients, but on three different days: never three on one day.
            ...['a', 'b', 'c'].map((client, n) => search('rates spread', when + n * DAY_MS, { client })),
          ],
          clicks: ['rates rebate', 'rates nothing found', 'rates [phone]', 'rates planted', 'rates spread'].map((query) =>
            click(query, 'd', when, { redacted: query.includes('[') }),
          ),
          apiCalls: [],
        });
        const popular = await store.popularQueries({ engine: 'site', range: wholeRange, prefix: 'rat', minClients: 3, limit: 10 });
        assert.deepEqual(popular, [{ term: 'rates rebate', queries: 3 }]);
        // The same client again in a later batch is not a new client.
        await store.record({ searches: [search('rates planted', when, { client: 'script' })], ...none });
        assert.deepEqual(await store.popularQueries({ engine: 'site', range: wholeRange, prefix: '', minClients: 2, limit: 10 }), [
          { term: 'rates rebate', queries: 3 },
        ]);
      }));

    it("keeps a day within its bounds: terms new to a full day counted as other queries, API calls past the day's log dropped", () =>
      withStore(
        options,
        async (store) => {
          const day = at('2025-05-05T08:00:00Z');
          const call = (minute: number) => ({
            engine: 'site',
            at: day + minute * 60_000,
            method: 'GET',
            path: '/x',
            status: 200,
            tookMs: 1,
          });
          const first = await store.record({
            searches: [
              ...['rates', 'rates', 'rates'].map((term) => search(term, day)),
              ...[1, 2, 3, 4, 5, 6, 7].map((n) => search(`junk ${n}`, day, { client: `bot${n}` })),
            ],
            clicks: [],
            apiCalls: [1, 2, 3, 4, 5].map(call),
          });
          assert.equal(first.dropped, 2, "two API calls past the day's three");
          // Later the same day: known terms keep their rows, a new one is counted as other queries; the next day has room.
          await store.record({
            searches: [
              search('rates', day + 60_000),
              search('junk 9', day + 60_000),
              search('junk 2', day + 60_000),
              search('fresh', day + DAY_MS),
            ],
            clicks: [],
            apiCalls: [call(10), { ...call(0), at: day + DAY_MS }],
          });
          const rows = await store.topQueries({ engine: 'site', range: wholeRange, limit: 20 });
          assert.deepEqual(
            rows.map((row) => [row.term, row.queries]),
            [
              [OTHER_QUERIES, 4],
              ['rates', 4],
              ['junk 2', 2],
              ['fresh', 1],
              ['junk 1', 1],
              ['junk 3', 1],
              ['junk 4', 1],
            ],
          );
          const logs = (from: number) =>
            store.apiLogs({ engine: 'site', range: { from, to: from + DAY_MS - 1 }, ascending: true, offset: 0, limit: 10 });
          assert.equal((await logs(at('2025-05-05'))).total, 3);
          assert.equal((await logs(at('2025-05-06'))).total, 1);
          assert.deepEqual(await store.popularQueries({ engine: 'site', range: wholeRange, prefix: '[', minClients: 1, limit: 5 }), []);
        },
        { maxQueriesPerDay: 5, maxApiLogsPerDay: 3 },
      ));

    it("deletes a deleted engine's analytics and logs, and no other engine's", () =>
      withStore(options, async (store) => {
        const when = at('2025-05-05T08:00:00Z');
        await store.record({
          searches: [search('rates', when), search('parks', when, { engine: 'other' })],
          clicks: [click('rates', 'd', when)],
          apiCalls: [{ engine: 'site', at: when, method: 'GET', path: '/x', status: 200, tookMs: 1 }],
        });
        await store.deleteEngine('site');
        assert.deepEqual(await store.topQueries({ engine: 'site', range: wholeRange, limit: 10 }), []);
        assert.deepEqual(await store.topClicks({ engine: 'site', range: wholeRange, limit: 10 }), []);
        assert.equal((await store.apiLogs({ engine: 'site', range: wholeRange, ascending: true, offset: 0, limit: 10 })).total, 0);
        assert.deepEqual(await store.topQueries({ engine: 'other', range: wholeRange, limit: 10 }), [
          { term: 'parks', queries: 1, clicks: 0 },
        ]);
      }));
  });
}
