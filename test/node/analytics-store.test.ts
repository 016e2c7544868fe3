/**
 * The SQLite analytics store: the cases every store answers (analytics-store-contract.ts), then what only the
 * embedded store does: its roll-up periods, its bound on terms a day, and a corrupt file rebuilt.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYTICS_DB_FILE, OTHER_QUERIES, openSqliteAnalyticsStore } from '../../packages/civic-search/src/analytics';
import { splitRange, dayOf, DAY_MS } from '../../packages/civic-search/src/analytics/periods';
import { analyticsStoreContract, at, search, wholeRange } from './analytics-store-contract';

const tempFile = async () => join(await mkdtemp(join(tmpdir(), 'analytics-store-')), ANALYTICS_DB_FILE);
const none = { clicks: [], apiCalls: [] };

analyticsStoreContract({ name: 'SQLite', open: async (limits) => openSqliteAnalyticsStore(await tempFile(), { limits }) });

describe('analytics store (SQLite only)', () => {
  it('splits a range into whole months (monthly roll-ups) and the days either side (daily ones)', () => {
    assert.deepEqual(splitRange(dayOf(at('2025-01-31')), dayOf(at('2025-03-01'))), {
      days: [
        [dayOf(at('2025-01-31')), dayOf(at('2025-01-31'))],
        [dayOf(at('2025-03-01')), dayOf(at('2025-03-01'))],
      ],
      months: [2025 * 12 + 1, 2025 * 12 + 1],
    });
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

  it('keeps the counts of a file from before it counted found searches, and leaves their no-result figures unknown', async () => {
    const file = await tempFile();
    const day = at('2025-05-05T00:00:00Z');
    const older = openSqliteAnalyticsStore(file);
    await older.record({ searches: [search('rates', day + 3_600_000), search('nothing', day + 3_600_000, { results: 0 })], ...none });
    await older.close();
    // The file as the previous layout wrote it: hourly counts without the found column.
    const db = new Database(file);
    db.exec('ALTER TABLE hour_counts DROP COLUMN found');
    db.pragma('user_version = 2');
    db.close();

    const store = openSqliteAnalyticsStore(file);
    await store.record({ searches: [search('rates', day + DAY_MS + 3_600_000), search('nothing', day + DAY_MS, { results: 0 })], ...none });
    const rows = await store.counts({ engine: 'site', range: { from: day, to: day + 2 * DAY_MS - 1 }, interval: 'day' });
    assert.deepEqual(
      rows.map((row) => [row.queries, row.found]),
      [
        [2, undefined],
        [2, 1],
      ],
    );
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
