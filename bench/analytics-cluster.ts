/**
 * Analytics reports over a year of searches, kept in SQLite and in a live OpenSearch cluster side by side.
 *
 * The same generated events go into both stores through their own record() (not through searches: a million
 * searches through the proxy would take hours): by default 1 million searches spread over 365 days, terms
 * Zipf-distributed over 300,000 distinct ones, 20% without results, 30% of the rest clicked, three tag sets (the
 * same shape as bench/analytics.ts). Events carry no client hash, so no per-client records are written (the
 * popular-suggestions bookkeeping is not measured here). The cluster is one OpenSearch node from test/cluster
 * (512 MiB heap), analytics indices with one shard and no replica. Each report is asked 5 times; median and max.
 *
 * Run: `node --conditions=source --import tsx bench/analytics-cluster.ts [--searches N]`. Needs Java 17 and Maven
 * (test/cluster). Progress goes to stderr; the report (Markdown) to stdout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANALYTICS_DB_FILE,
  openClusterAnalyticsStore,
  openSqliteAnalyticsStore,
  type AnalyticsStore,
  type ClickEvent,
  type SearchEvent,
} from '../packages/civic-search/src/analytics';
import { createOpenSearchClient } from '../packages/civic-search/src/search/opensearch';
import { clusterUnavailableReason, startCluster } from '../test/cluster/cluster';
import { log } from './stats';
import { seeded } from './seeded-random';

const argument = process.argv.indexOf('--searches');
const SEARCHES = argument > 0 ? Number(process.argv[argument + 1]) : 1_000_000;
const DISTINCT_TERMS = 300_000;
const YEAR_START = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;
const TAG_SETS = [['header'], ['results-page'], []];
const BATCH = 2_000;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The year's events in batches, in time order. */
function* batches(searches: number) {
  const random = seeded(searches);
  const term = () => `term ${Math.floor(Math.exp(random() * Math.log(DISTINCT_TERMS)))}`;
  for (let done = 0; done < searches; done += BATCH) {
    const events: SearchEvent[] = [];
    const clicks: ClickEvent[] = [];
    for (let index = 0; index < Math.min(BATCH, searches - done); index++) {
      const at = YEAR_START + Math.floor(((done + index) / searches) * 365 * DAY);
      const query = term();
      const tags = TAG_SETS[(done + index) % 3]!;
      const results = random() < 0.2 ? 0 : 1 + Math.floor(random() * 50);
      events.push({
        engine: 'site',
        at,
        query,
        redacted: false,
        tags,
        results,
        page: 1,
        filtered: false,
        tookMs: 5,
        requestId: 'r',
        kind: 'search',
        client: '',
      });
      if (results > 0 && random() < 0.3) {
        clicks.push({
          engine: 'site',
          at,
          query,
          redacted: false,
          documentId: `page-${Math.floor(random() * 2000)}`,
          requestId: 'r',
          tags,
          client: '',
        });
      }
    }
    yield { searches: events, clicks, apiCalls: [] };
  }
}

const year = { from: YEAR_START, to: YEAR_START + 365 * DAY - 1 };
const month = { from: YEAR_START + 100 * DAY, to: YEAR_START + 130 * DAY - 1 };
const REPORTS: [string, (store: AnalyticsStore) => Promise<unknown>][] = [
  ['top queries, the year', (store) => store.topQueries({ engine: 'site', range: year, limit: 10 })],
  ['no-result queries, the year', (store) => store.topQueries({ engine: 'site', range: year, results: false, limit: 10 })],
  ['no-click queries, the year', (store) => store.topQueries({ engine: 'site', range: year, clicks: false, limit: 10 })],
  ['top queries tagged header, the year', (store) => store.topQueries({ engine: 'site', range: year, allTags: ['header'], limit: 10 })],
  ['top queries, 30 days across two months', (store) => store.topQueries({ engine: 'site', range: month, limit: 10 })],
  ['top clicked documents, the year', (store) => store.topClicks({ engine: 'site', range: year, limit: 10 })],
  ['counts per day, the year', (store) => store.counts({ engine: 'site', range: year, interval: 'day' })],
  ['counts per hour, 30 days', (store) => store.counts({ engine: 'site', range: month, interval: 'hour' })],
  ['counts per day for one query, the year', (store) => store.counts({ engine: 'site', range: year, interval: 'day', query: 'term 1' })],
];

async function timeReport(store: AnalyticsStore, report: (store: AnalyticsStore) => Promise<unknown>) {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    await report(store);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${times[2]!.toFixed(1)} / ${times[4]!.toFixed(1)}`;
}

const unavailable = clusterUnavailableReason();
if (unavailable) {
  log(`No cluster: ${unavailable}`);
  process.exit(1);
}
const dir = await mkdtemp(join(tmpdir(), 'bench-analytics-cluster-'));
const cluster = await startCluster({ nodes: 1 });
try {
  const stores: Record<'SQLite' | 'OpenSearch', AnalyticsStore> = {
    SQLite: openSqliteAnalyticsStore(join(dir, ANALYTICS_DB_FILE)),
    OpenSearch: openClusterAnalyticsStore({
      client: createOpenSearchClient({ url: cluster.urls, indexPrefix: 'bench' }),
      indexPrefix: 'bench',
      shards: 1,
      replicas: 0,
    }),
  };
  const storing = { SQLite: 0, OpenSearch: 0 };
  let stored = 0;
  for (const batch of batches(SEARCHES)) {
    for (const name of ['SQLite', 'OpenSearch'] as const) {
      const started = performance.now();
      const { dropped } = await stores[name].record(batch);
      if (dropped) throw new Error(`${name} dropped ${dropped} events`);
      storing[name] += performance.now() - started;
    }
    stored += batch.searches.length;
    if (stored % 100_000 === 0)
      log(
        `  ${stored} of ${SEARCHES} searches stored (SQLite ${(storing.SQLite / 1000).toFixed(0)} s, OpenSearch ${(storing.OpenSearch / 1000).toFixed(0)} s)`,
      );
  }
  const lines = [
    `## Search analytics: SQLite and OpenSearch side by side`,
    '',
    `\`node --conditions=source --import tsx bench/analytics-cluster.ts --searches ${SEARCHES}\` (${new Date().toISOString().slice(0, 10)}; one OpenSearch node, 512 MiB heap, 1 shard, 0 replicas)`,
    '',
    `${SEARCHES.toLocaleString('en')} searches stored in ${(storing.SQLite / 1000).toFixed(0)} s (SQLite) and ${(storing.OpenSearch / 1000).toFixed(0)} s (OpenSearch, bulk writes answered once searchable).`,
    '',
    '| report | SQLite median / max ms | OpenSearch median / max ms | load average (1/5/15 min) |',
    '| --- | --- | --- | --- |',
  ];
  for (const [name, report] of REPORTS) {
    const sqlite = await timeReport(stores.SQLite, report);
    const opensearch = await timeReport(stores.OpenSearch, report);
    lines.push(`| ${name} | ${sqlite} | ${opensearch} | ${load()} |`);
    log(lines.at(-1)!);
  }
  for (const store of Object.values(stores)) await store.close();
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await cluster.close();
  await rm(dir, { recursive: true, force: true });
}
