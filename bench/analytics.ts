/**
 * Search analytics bench.
 *
 * 1. The cost of recording: two services in this process over the example site's documents (about 2,000), one with
 *    analytics on (the default) and one with them off, each answering the same searches (the proxy's bench queries,
 *    500 clients) through its Hono app without HTTP; rounds of 100 alternate between the two so both see the same
 *    machine load. Reported: p50/p95/p99 per service.
 * 2. Reports over a year of searches: rows are generated straight into a SQLite analytics store through its own
 *    record(), in transactions of 100,000 in time order (not through searches: 10 million searches through the proxy
 *    would take hours), 1 million and then 10 million searches spread over 365 days, terms Zipf-distributed over
 *    300,000 distinct ones, 20% without results, 30% clicked, three tag sets. Every report kind is asked over the
 *    year, 365 days ending mid-month, a month and a day, 5 times each; median and max are reported.
 * 3. Store size per million searches: the file after a checkpoint, divided by the millions stored.
 *
 * Run: `node --conditions=source --import tsx bench/analytics.ts [--quick]` (`--quick`: 100,000 and 1 million
 * searches). Progress goes to stderr; the report (Markdown) to stdout.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSearchService, type SearchService } from '../packages/civic-search/src/service/create-search-service';
import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from '../packages/civic-search/src/engines/page-schema';
import { ANALYTICS_DB_FILE, openSqliteAnalyticsStore, type SearchEvent, type ClickEvent } from '../packages/civic-search/src/analytics';
import { siteDocuments } from '../examples/content/site-documents';
import { PROXY_BENCH_QUERIES } from './queries';
import { log, spread } from './stats';

const quick = process.argv.includes('--quick');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const ms = (value: number) => value.toFixed(2);

async function recordingCost() {
  const documents = siteDocuments();
  const services: Record<'on' | 'off', { service: SearchService; dir: string; times: number[] }> = {} as never;
  for (const mode of ['on', 'off'] as const) {
    const dir = await mkdtemp(join(tmpdir(), `bench-analytics-${mode}-`));
    const service = await createSearchService({
      engines: [{ name: 'site', schema: PAGE_SCHEMA, searchFields: PAGE_SEARCH_FIELDS, documents }],
      dataDir: dir,
      inProcess: true,
      trustProxy: 'X-Forwarded-For',
      rateLimit: { windowMs: 60_000, limit: 1_000_000 },
      costBudget: false,
      analytics: { enabled: mode === 'on' },
    });
    await service.ready();
    services[mode] = { service, dir, times: [] };
  }
  const rounds = quick ? 10 : 30;
  let call = 0;
  const search = async (service: SearchService) => {
    const query = PROXY_BENCH_QUERIES[call % PROXY_BENCH_QUERIES.length];
    const client = `10.0.${(call % 500) >> 8}.${call % 256}`;
    call += 1;
    const started = performance.now();
    const response = await service.request('/api/as/v1/engines/site/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      body: JSON.stringify({ query, page: { size: 10 }, analytics: { tags: ['header'] } }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`search answered ${response.status}`);
    return performance.now() - started;
  };
  // Warm both up first.
  for (const mode of ['on', 'off'] as const) for (let index = 0; index < 100; index++) await search(services[mode].service);
  for (let round = 0; round < rounds; round++) {
    for (const mode of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      const { service, times } = services[mode];
      call = round * 100;
      for (let index = 0; index < 100; index++) times.push(await search(service));
    }
  }
  await services.on.service.analytics!.flush();
  const recorded = services.on.service.analytics!.counters();
  const lines = ['| analytics | searches | p50 ms | p95 ms | p99 ms | load average |', '| --- | --- | --- | --- | --- | --- |'];
  for (const mode of ['on', 'off'] as const) {
    const figures = spread(services[mode].times);
    lines.push(`| ${mode} | ${figures.count} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.p99)} | ${load()} |`);
  }
  lines.push('', `Recorded with analytics on: ${recorded.recorded} events, ${recorded.dropped} dropped.`);
  for (const { service, dir } of Object.values(services)) {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

/** A small, fast, seeded random number generator (mulberry32): the same rows on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DISTINCT_TERMS = 300_000;
/** Times each report is asked (odd: the middle one is the median). */
const RUNS = 5;
const YEAR_START = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;
const TAG_SETS = [['header'], ['results-page'], []];

async function fill(file: string, searches: number) {
  const store = openSqliteAnalyticsStore(file);
  const random = seeded(searches);
  // Zipf-like: term rank r drawn with probability ~ 1/r (inverse of the harmonic CDF, approximated).
  const term = () => `term ${Math.floor(Math.exp(random() * Math.log(DISTINCT_TERMS)))}`;
  // Big transactions in time order, as a busy service's batches would arrive: a day's rows stay in the page cache.
  const batch = 100_000;
  const started = performance.now();
  for (let done = 0; done < searches; done += batch) {
    const events: SearchEvent[] = [];
    const clicks: ClickEvent[] = [];
    for (let index = 0; index < batch; index++) {
      const at = YEAR_START + Math.floor(((done + index) / searches) * 365 * DAY);
      const query = term();
      const tags = TAG_SETS[(done + index) % 3];
      const client = `c${Math.floor(random() * 5000)}`;
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
        client,
      });
      if (results > 0 && random() < 0.3)
        clicks.push({
          engine: 'site',
          at,
          query,
          redacted: false,
          documentId: `page-${Math.floor(random() * 2000)}`,
          requestId: 'r',
          tags,
          client,
        });
    }
    await store.record({ searches: events, clicks, apiCalls: [] });
    if ((done / batch) % 10 === 0)
      log(`  ${done + batch} of ${searches} searches stored (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  // Client lists are dropped by the daily job once their day is over; do it as that job would.
  await store.deleteBefore({}, YEAR_START + 366 * DAY);
  await store.close();
  const db = new Database(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { seconds: (performance.now() - started) / 1000, bytes: (await stat(file)).size };
}

async function reportTimes(searches: number) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-analytics-store-'));
  const file = join(dir, ANALYTICS_DB_FILE);
  log(`Storing ${searches} searches...`);
  const filled = await fill(file, searches);
  const store = openSqliteAnalyticsStore(file);
  const ranges: [string, { from: number; to: number }][] = [
    ['the year', { from: YEAR_START, to: YEAR_START + 365 * DAY - 1 }],
    // A "last 365 days" report: eleven whole months and the days either side.
    ['365 days to mid-month', { from: YEAR_START + 14 * DAY, to: YEAR_START + 379 * DAY - 1 }],
    ['a month (May)', { from: Date.UTC(2025, 4, 1), to: Date.UTC(2025, 5, 1) - 1 }],
    ['a day', { from: YEAR_START + 200 * DAY, to: YEAR_START + 201 * DAY - 1 }],
  ];
  const reports: [string, () => Promise<unknown>][] = [];
  for (const [when, range] of ranges) {
    const scope = { engine: 'site', range };
    reports.push(
      [`top queries, ${when}`, () => store.topQueries({ ...scope, limit: 10 })],
      [`no-result queries, ${when}`, () => store.topQueries({ ...scope, results: false, limit: 10 })],
      [`no-click queries, ${when}`, () => store.topQueries({ ...scope, clicks: false, limit: 10 })],
      [`top queries tagged header, ${when}`, () => store.topQueries({ ...scope, allTags: ['header'], limit: 10 })],
      [`top clicked documents, ${when}`, () => store.topClicks({ ...scope, limit: 10 })],
      [`clicks for one query, ${when}`, () => store.topClicks({ ...scope, query: 'term 1', limit: 10 })],
      [`counts per day, ${when}`, () => store.counts({ ...scope, interval: 'day' })],
      [`counts per hour, ${when}`, () => store.counts({ ...scope, interval: 'hour' })],
      [`counts per day for one query, ${when}`, () => store.counts({ ...scope, interval: 'day', query: 'term 1' })],
    );
  }
  const lines = [
    `### ${searches.toLocaleString('en')} searches`,
    '',
    `Stored in ${filled.seconds.toFixed(0)} s; file ${(filled.bytes / 2 ** 20).toFixed(1)} MiB, ${(filled.bytes / 2 ** 20 / (searches / 1e6)).toFixed(1)} MiB per million searches.`,
    '',
    '| report | median ms | max ms | load average |',
    '| --- | --- | --- | --- |',
  ];
  for (const [name, report] of reports) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await report();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    lines.push(`| ${name} | ${ms(times[(RUNS - 1) / 2])} | ${ms(times[RUNS - 1])} | ${load()} |`);
    log(`  ${name}: ${ms(times[(RUNS - 1) / 2])} ms`);
  }
  await store.close();
  await rm(dir, { recursive: true, force: true });
  return lines.join('\n');
}

// Each part is written as soon as it is measured: a long run stopped part-way keeps what it measured.
const print = (...lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);
print(
  `## Search analytics`,
  '',
  `\`node --conditions=source --import tsx bench/analytics.ts${quick ? ' --quick' : ''}\` (${new Date().toISOString().slice(0, 10)})`,
  '',
);
log('Recording cost...');
print('### Search latency with recording on and off (one run, alternating rounds)', '', await recordingCost(), '');
for (const searches of quick ? [100_000, 1_000_000] : [1_000_000, 10_000_000]) print(await reportTimes(searches), '');
