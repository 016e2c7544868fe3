import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYTICS_DB_FILE, OTHER_QUERIES, openSqliteAnalyticsStore, type SearchEvent } from '../../packages/civic-search/src/analytics';
import { applyRetention } from '../../packages/civic-search/src/analytics/retention';
import { DEFAULT_LOG_SETTINGS } from '../../packages/civic-search/src/analytics/log-settings';
import { splitRange, dayOf, DAY_MS } from '../../packages/civic-search/src/analytics/periods';

const tempFile = async () => join(await mkdtemp(join(tmpdir(), 'analytics-store-')), ANALYTICS_DB_FILE);
const at = (iso: string) => Date.parse(iso);

function search(query: string, when: number, extra: Partial<SearchEvent> = {}): SearchEvent {
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
const none = { clicks: [], apiCalls: [] };
const wholeRange = { from: at('2024-01-01'), to: at('2026-12-31T23:59:59Z') };

describe('analytics store (SQLite)', () => {
  it('answers a range from monthly and daily roll-ups alike', async () => {
    const store = openSqliteAnalyticsStore(await tempFile());
    const days = ['2025-01-30', '2025-01-31', '2025-02-01', '2025-02-14', '2025-02-28', '2025-03-01', '2025-03-02'];
    await store.record({ searches: days.map((day) => search('rates', at(`${day}T10:00:00Z`))), ...none });
    const count = async (from: string, to: string) =>
      (await store.topQueries({ engine: 'site', range: { from: at(`${from}T00:00:00Z`), to: at(`${to}T23:59:59.999Z`) }, limit: 10 }))[0]
        ?.queries ?? 0;
    assert.equal(await count('2025-01-01', '2025-12-31'), 7);
    assert.equal(await count('2025-02-01', '2025-02-28'), 3, 'one whole month');
    assert.equal(await count('2025-01-31', '2025-03-01'), 5, 'a day, a month, a day');
    assert.equal(await count('2025-02-02', '2025-02-27'), 1, 'inside a month');
    assert.deepEqual(splitRange(dayOf(at('2025-01-31')), dayOf(at('2025-03-01'))), {
      days: [
        [dayOf(at('2025-01-31')), dayOf(at('2025-01-31'))],
        [dayOf(at('2025-03-01')), dayOf(at('2025-03-01'))],
      ],
      months: [2025 * 12 + 1, 2025 * 12 + 1],
    });
    await store.close();
  });

  it('deletes analytics past 180 days and API logs past 7, by a moved clock, monthly totals included', async () => {
    const store = openSqliteAnalyticsStore(await tempFile());
    const old = at('2025-01-10T12:00:00Z');
    const recent = at('2025-06-20T12:00:00Z');
    // The clock moved to 181 days after the first old search, 171 after the second.
    const now = old + 181 * DAY_MS;
    await store.record({
      searches: [search('old term', old), search('old term', at('2025-01-20T12:00:00Z')), search('recent term', recent)],
      clicks: [{ engine: 'site', at: old, query: 'old term', redacted: false, documentId: 'doc', requestId: 'r', tags: [], client: 'c1' }],
      apiCalls: [
        { engine: 'site', at: now - 8 * DAY_MS, method: 'POST', path: '/api/as/v1/engines/site/search', status: 200, tookMs: 3 },
        { engine: 'site', at: now - 6 * DAY_MS, method: 'POST', path: '/api/as/v1/engines/site/search', status: 200, tookMs: 3 },
      ],
    });
    await applyRetention(store, DEFAULT_LOG_SETTINGS, now);
    const terms = await store.topQueries({ engine: 'site', range: wholeRange, limit: 10 });
    assert.deepEqual(
      terms.map((row) => [row.term, row.queries, row.clicks]),
      [
        ['old term', 1, 0],
        ['recent term', 1, 0],
      ],
    );
    assert.deepEqual(await store.topClicks({ engine: 'site', range: wholeRange, limit: 10 }), []);
    // A report of the whole month of January (read from its monthly roll-up) holds no expired day either.
    const january = await store.topQueries({
      engine: 'site',
      range: { from: at('2025-01-01'), to: at('2025-01-31T23:59:59.999Z') },
      limit: 10,
    });
    assert.deepEqual(
      january.map((row) => row.queries),
      [1],
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
    await store.close();
  });

  it('stays bounded under a flood of unique junk terms: new terms past the day cap are counted as other queries', async () => {
    const file = await tempFile();
    const store = openSqliteAnalyticsStore(file, { limits: { maxQueriesPerDay: 50, maxSearchEventsPerDay: 100 } });
    const when = at('2025-05-05T08:00:00Z');
    await store.record({
      searches: Array.from({ length: 2000 }, (_, index) => search(`junk ${index}`, when, { client: `bot${index}` })),
      ...none,
    });
    const terms = await store.topQueries({ engine: 'site', range: wholeRange, limit: 100 });
    assert.equal(terms.length, 51);
    assert.deepEqual(terms[0], { term: OTHER_QUERIES, queries: 1950, clicks: 0 });
    const total = terms.reduce((sum, row) => sum + row.queries, 0);
    assert.equal(total, 2000, 'every search is still counted');
    await store.close();
  });

  it('offers as popular only clicked, found, unredacted terms sent by enough clients', async () => {
    const store = openSqliteAnalyticsStore(await tempFile());
    const when = at('2025-05-05T08:00:00Z');
    const click = (query: string) => ({
      engine: 'site',
      at: when,
      query,
      redacted: false,
      documentId: 'd',
      requestId: 'r',
      tags: [],
      client: 'x',
    });
    await store.record({
      searches: [
        ...['a', 'b', 'c'].map((client) => search('rates rebate', when, { client })),
        ...['a', 'b', 'c'].map((client) => search('rates nobody clicked', when, { client })),
        ...['a', 'b', 'c'].map((client) => search('rates nothing found', when, { client, results: 0 })),
        ...['a', 'b', 'c'].map((client) => search('rates [phone]', when, { client, redacted: true })),
        ...Array.from({ length: 9 }, () => search('rates planted', when, { client: 'script' })),
      ],
      clicks: ['rates rebate', 'rates nothing found', 'rates [phone]', 'rates planted'].map(click),
      apiCalls: [],
    });
    const popular = await store.popularQueries({ engine: 'site', range: wholeRange, prefix: 'rat', minClients: 3, limit: 10 });
    assert.deepEqual(popular, [{ term: 'rates rebate', queries: 3 }]);
    await store.close();
  });

  it('starts empty, and says so, when its file is corrupt', async () => {
    const file = await tempFile();
    await writeFile(file, 'this is not a database, just junk bytes '.repeat(200));
    const logged: string[] = [];
    const store = openSqliteAnalyticsStore(file, { log: (message) => logged.push(message) });
    assert.match(logged.join('\n'), /could not be read .* an empty store started/);
    await store.record({ searches: [search('rates', at('2025-05-05T08:00:00Z'))], ...none });
    assert.equal((await store.topQueries({ engine: 'site', range: wholeRange, limit: 10 })).length, 1);
    await store.close();
    assert.ok((await readdir(join(file, '..'))).includes(ANALYTICS_DB_FILE));
  });
});
