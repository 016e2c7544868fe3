import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYTICS_DB_FILE, openSqliteAnalyticsStore, type ClickEvent, type SearchEvent } from '../../packages/civic-search/src/analytics';
import { applyRetention } from '../../packages/civic-search/src/analytics/retention';
import { DEFAULT_LOG_SETTINGS } from '../../packages/civic-search/src/analytics/log-settings';
import { DAY_MS } from '../../packages/civic-search/src/analytics/periods';
import { periodScope } from '../../packages/civic-search/src/analytics/sqlite-scopes';
import { readUnmetQueries } from '../../packages/civic-search/src/analytics/sqlite-unmet-lists';
import Database from 'better-sqlite3';
import { seeded } from '../../bench/seeded-random';
import { at, click, search } from './analytics-store-contract';

const TAG_SETS = [[], ['header'], ['results-page']];

const tempFile = async () => join(await mkdtemp(join(tmpdir(), 'analytics-tiers-')), ANALYTICS_DB_FILE);

/** Four months of searches: a few terms searched daily, hundreds searched now and then, a fifth finding nothing. */
function traffic() {
  const random = seeded(25);
  const searches: SearchEvent[] = [];
  const clicks: ClickEvent[] = [];
  for (let day = at('2025-01-10'); day < at('2025-05-10'); day += DAY_MS) {
    for (let index = 0; index < 120; index++) {
      const rank = Math.floor(Math.exp(random() * Math.log(600)));
      const query = `term ${rank}`;
      const tags = TAG_SETS[Math.floor(random() * 3)];
      const results = random() < 0.2 ? 0 : 5;
      const when = day + Math.floor(random() * DAY_MS);
      searches.push(search(query, when, { tags, results, client: `visitor ${Math.floor(random() * 12)}` }));
      if (results > 0 && random() < 0.3) clicks.push(click(query, `page-${Math.floor(random() * 40)}`, when, { tags, client: 'c1' }));
    }
  }
  return { searches, clicks, apiCalls: [] };
}

const ranges: Record<string, { from: number; to: number }> = {
  'a year': { from: at('2025-01-01'), to: at('2025-12-31T23:59:59.999Z') },
  'whole months': { from: at('2025-02-01'), to: at('2025-03-31T23:59:59.999Z') },
  'months and days either side': { from: at('2025-01-20T08:00:00Z'), to: at('2025-04-11T17:00:00Z') },
  'days inside a month': { from: at('2025-03-03'), to: at('2025-03-19T23:59:59.999Z') },
  'one day': { from: at('2025-04-02'), to: at('2025-04-02T23:59:59.999Z') },
  'mid-month to mid-month': { from: at('2025-01-15T00:00:00Z'), to: at('2025-04-14T23:59:59.999Z') },
  'a month and the days after it': { from: at('2025-02-01'), to: at('2025-03-09T12:00:00Z') },
};

/** The console's lists of searches that found nothing and of searches with results but no click, with and without its tag. */
const unmetLists = {
  'no results': { results: false },
  'no clicks': { results: true, clicks: false },
  'no clicks, any results': { clicks: false },
  'no results, tagged header': { results: false, allTags: ['header'] },
  'no clicks, tagged header': { results: true, clicks: false, allTags: ['header'] },
  'no clicks, not tagged header': { clicks: false, noTags: ['header'] },
} as const;

/** Every top-list report, over each range: what a search manager would ask for. */
async function everyReport(store: ReturnType<typeof openSqliteAnalyticsStore>) {
  const answers: Record<string, unknown> = {};
  for (const [name, range] of Object.entries(ranges)) {
    const scope = { engine: 'site', range };
    answers[`${name}: top 5`] = await store.topQueries({ ...scope, limit: 5 });
    answers[`${name}: top 40`] = await store.topQueries({ ...scope, limit: 40 });
    answers[`${name}: no results`] = await store.topQueries({ ...scope, results: false, limit: 10 });
    answers[`${name}: no clicks`] = await store.topQueries({ ...scope, clicks: false, limit: 10 });
    answers[`${name}: clicked`] = await store.topQueries({ ...scope, clicks: true, limit: 10 });
    answers[`${name}: tagged header`] = await store.topQueries({ ...scope, allTags: ['header'], limit: 10 });
    answers[`${name}: not tagged header`] = await store.topQueries({ ...scope, noTags: ['header'], limit: 10 });
    answers[`${name}: documents`] = await store.topClicks({ ...scope, limit: 10 });
    answers[`${name}: documents of one query`] = await store.topClicks({ ...scope, query: 'term 1', limit: 10 });
    answers[`${name}: documents tagged`] = await store.topClicks({ ...scope, anyTags: ['results-page'], limit: 10 });
    for (const minClients of [1, 2, 3])
      answers[`${name}: popular, ${minClients} clients`] = await store.popularQueries({ ...scope, prefix: '', minClients, limit: 30 });
    answers[`${name}: popular with a prefix`] = await store.popularQueries({ ...scope, prefix: 'term 1', minClients: 3, limit: 30 });
  }
  return answers;
}

describe('analytics roll-up tiers', () => {
  it('answers every top list and popular searches with the same rows from the monthly tier and indexes as from daily rows alone', async () => {
    const file = await tempFile();
    const store = openSqliteAnalyticsStore(file);
    await store.record(traffic());
    const daily = openSqliteAnalyticsStore(file, { monthlyRollups: false });
    const fast = await everyReport(store);
    const plain = await everyReport(daily);
    for (const name of Object.keys(plain)) assert.deepEqual(fast[name], plain[name], name);
    assert.equal((fast['a year: top 5'] as unknown[]).length, 5);
    assert.ok((fast['a year: no results'] as unknown[]).length > 0, 'the data has searches that found nothing');
    assert.ok((fast['a year: popular, 3 clients'] as unknown[]).length > 10, 'the data has popular searches');
    await daily.close();
    await store.close();
  });

  it('does not let a term searched a little every day, in every tag set, fall off the list', async () => {
    const store = openSqliteAnalyticsStore(await tempFile());
    const first = at('2025-03-01T09:00:00Z');
    const searches: SearchEvent[] = [];
    // 7 a day in each of three tag sets for 20 days: 420 in all, never 8 in one day's row.
    for (let day = 0; day < 20; day++)
      for (const tags of TAG_SETS)
        for (let index = 0; index < 7; index++) searches.push(search('spread term', first + day * DAY_MS, { tags }));
    for (let index = 0; index < 500; index++) searches.push(search('rates', first));
    for (let index = 0; index < 300; index++) searches.push(search('bins', first + DAY_MS));
    await store.record({ searches, clicks: [], apiCalls: [] });
    const top = await store.topQueries({ engine: 'site', range: { from: first, to: first + 19 * DAY_MS }, limit: 2 });
    assert.deepEqual(
      top.map((row) => [row.term, row.queries]),
      [
        ['rates', 500],
        ['spread term', 420],
      ],
    );
    await store.close();
  });

  it('answers the lists of searches that found nothing or got no click as the plain sums do, ties and edge days included', async () => {
    const file = await tempFile();
    const store = openSqliteAnalyticsStore(file);
    await store.record(traffic());
    const daily = openSqliteAnalyticsStore(file, { monthlyRollups: false });
    const db = new Database(file, { readonly: true });
    let tiesAtTheCut = 0;
    for (const [rangeName, range] of Object.entries(ranges)) {
      for (const [listName, list] of Object.entries(unmetLists)) {
        for (const limit of [1, 20, 60]) {
          const name = `${rangeName}: ${listName}, ${limit} rows`;
          const options = { engine: 'site', range, limit, ...list };
          const plain = await daily.topQueries(options);
          assert.deepEqual(await store.topQueries(options), plain, name);
          // The same list when the first candidates never decide it: every candidate ranked, the rest read on.
          assert.deepEqual(readUnmetQueries(db, options, periodScope(range), 1), plain, `${name}, one candidate at first`);
          const next = await daily.topQueries({ ...options, limit: limit + 1 });
          if (plain.length === limit && next[limit]?.queries === plain[limit - 1].queries) tiesAtTheCut += 1;
        }
      }
    }
    // The lists' last rows tie with terms left off (same count, later term): the order among equals is checked too.
    assert.ok(tiesAtTheCut > 20, `ties at the cut: ${tiesAtTheCut}`);
    const year = { engine: 'site', range: ranges['a year'], limit: 20 };
    assert.ok((await store.topQueries({ ...year, results: false })).length > 0);
    assert.equal((await store.topQueries({ ...year, results: true, clicks: false })).length, 20);
    db.close();
    await daily.close();
    await store.close();
  });

  it('keeps the tiers in agreement after retention, by a moved clock', async () => {
    const file = await tempFile();
    const store = openSqliteAnalyticsStore(file);
    await store.record(traffic());
    // The clock moved so that everything before 5 April is past its 180 days: April's monthly row is summed again.
    const now = at('2025-04-05T00:00:00Z') + 180 * DAY_MS;
    await applyRetention(store, DEFAULT_LOG_SETTINGS, now);
    const daily = openSqliteAnalyticsStore(file, { monthlyRollups: false });
    const fast = await everyReport(store);
    const plain = await everyReport(daily);
    for (const name of Object.keys(plain)) assert.deepEqual(fast[name], plain[name], name);
    assert.deepEqual(fast['whole months: top 5'], [], 'February and March are gone from every tier');
    assert.deepEqual(fast['whole months: documents'], []);
    assert.deepEqual(fast['one day: top 5'], [], '2 April is gone');
    assert.ok((fast['months and days either side: top 5'] as unknown[]).length > 0, '5 to 11 April are kept');
    assert.ok((fast['a year: top 5'] as unknown[]).length > 0, 'what is younger than 180 days is kept');
    await daily.close();
    await store.close();
  });
});
