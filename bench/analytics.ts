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
 * 4. With `--console`: the console's engine page (overview and reports) over each range, through the service.
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
import {
  ANALYTICS_DB_FILE,
  OTHER_QUERIES,
  openSqliteAnalyticsStore,
  type SearchEvent,
  type ClickEvent,
} from '../packages/civic-search/src/analytics';
import { DEFAULT_SQLITE_LIMITS } from '../packages/civic-search/src/analytics/sqlite-store';
import { siteDocuments } from '../examples/content/site-documents';
import { PROXY_BENCH_QUERIES } from './queries';
import { log, spread } from './stats';
import { seeded } from './seeded-random';

const quick = process.argv.includes('--quick');
/** `--bulk`: store the searches straight into the roll-up tables (fillInBulk) instead of through record(). */
const bulk = process.argv.includes('--bulk');
/** `--sizes=1000000,10000000`: the numbers of searches to store (default: 1 and 10 million; `--quick`: 0.1 and 1). */
const sizesArgument = process.argv.find((argument) => argument.startsWith('--sizes='));
/** `--console`: also time the console's engine page (overview and reports) over each range, as a manager loads it. */
const consolePages = process.argv.includes('--console');
/** `--no-latency`: skip the recording cost (part 1). */
const latency = !process.argv.includes('--no-latency');
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

const DISTINCT_TERMS = 300_000;
/** Times each report is asked (odd: the middle one is the median). */
const RUNS = 5;
const YEAR_START = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;
const TAG_SETS = [['header'], ['results-page'], []];

/** The same year of searches on every run: time order, Zipf-like terms, three tag sets, 20% unfound, 30% clicked. */
function* yearOfSearches(searches: number): Generator<{ search: SearchEvent; click?: ClickEvent }> {
  const random = seeded(searches);
  // Zipf-like: term rank r drawn with probability ~ 1/r (inverse of the harmonic CDF, approximated).
  const term = () => `term ${Math.floor(Math.exp(random() * Math.log(DISTINCT_TERMS)))}`;
  for (let index = 0; index < searches; index++) {
    const at = YEAR_START + Math.floor((index / searches) * 365 * DAY);
    const query = term();
    const tags = TAG_SETS[index % 3];
    const client = `c${Math.floor(random() * 5000)}`;
    const results = random() < 0.2 ? 0 : 1 + Math.floor(random() * 50);
    const search: SearchEvent = {
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
    };
    const clicked = results > 0 && random() < 0.3;
    const documentId = clicked ? `page-${Math.floor(random() * 2000)}` : '';
    yield clicked
      ? { search, click: { engine: 'site', at, query, redacted: false, documentId, requestId: 'r', tags, client } }
      : { search };
  }
}

/** Through the store's own record(), in transactions of 100,000 in time order, as a busy service's batches arrive. */
async function fillThroughRecord(file: string, searches: number) {
  const store = openSqliteAnalyticsStore(file);
  const batch = 100_000;
  let events: SearchEvent[] = [];
  let clicks: ClickEvent[] = [];
  let done = 0;
  const started = performance.now();
  for (const { search, click } of yearOfSearches(searches)) {
    events.push(search);
    if (click) clicks.push(click);
    if (events.length < batch) continue;
    await store.record({ searches: events, clicks, apiCalls: [] });
    done += events.length;
    events = [];
    clicks = [];
    if (done % 1_000_000 === 0) log(`  ${done} of ${searches} searches stored (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (events.length) await store.record({ searches: events, clicks, apiCalls: [] });
  // Client lists are dropped by the daily job once their day is over; do it as that job would.
  await store.deleteBefore({}, YEAR_START + 366 * DAY);
  await store.close();
}

/**
 * Straight into the store's tables (made by the store itself), a day at a time: each day's searches are summed in
 * memory into the rows record() would have made (the same day cap on terms, distinct clients per term, hourly
 * counts, single events), and each month's rows summed from its days when the month is over. Ten times faster than
 * record() for the 10 million run; reports read the same tables either way.
 */
async function fillInBulk(file: string, searches: number) {
  await openSqliteAnalyticsStore(file).close();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const insert = {
    query: db.prepare(
      'INSERT INTO query_rollups (engine, period, start, tags, query, queries, with_results, clicks, clients, redacted) VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    click: db.prepare('INSERT INTO click_rollups (engine, period, start, tags, query, document_id, clicks) VALUES (?, 0, ?, ?, ?, ?, ?)'),
    document: db.prepare('INSERT INTO document_clicks (engine, period, start, tags, document_id, clicks) VALUES (?, 0, ?, ?, ?, ?)'),
    hour: db.prepare('INSERT INTO hour_counts (engine, hour, tags, queries, clicks, found) VALUES (?, ?, ?, ?, ?, ?)'),
    event: db.prepare(
      'INSERT INTO search_events (engine, day, at, kind, query, tags, results, page, filtered, took_ms, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
  };
  const month = (table: string, key: string, sums: string, first: number, last: number, monthNumber: number) =>
    db
      .prepare(
        `INSERT INTO ${table} SELECT engine, 1, ?, ${key}, ${sums} FROM ${table} WHERE period = 0 AND start BETWEEN ? AND ? GROUP BY engine, ${key}`,
      )
      .run(monthNumber, first, last);
  let day = -1;
  let terms = new Map<
    string,
    { tags: string; query: string; queries: number; found: number; clicks: number; clients: number; redacted: number }
  >();
  let seen = new Set<string>();
  let clickRows = new Map<string, number>();
  let documentRows = new Map<string, number>();
  let hours = new Map<string, [number, number, number]>();
  let events: unknown[][] = [];
  const writeDay = db.transaction(() => {
    for (const row of terms.values())
      insert.query.run('site', day, row.tags, row.query, row.queries, row.found, row.clicks, row.clients, row.redacted);
    for (const [key, clicks] of clickRows) insert.click.run('site', day, ...key.split('\u0000'), clicks);
    for (const [key, clicks] of documentRows) insert.document.run('site', day, ...key.split('\u0000'), clicks);
    for (const [key, [queries, clicks, found]] of hours) {
      const [hour, tags] = key.split('\u0000');
      insert.hour.run('site', Number(hour), tags, queries, clicks, found);
    }
    for (const event of events) insert.event.run(...event);
  });
  const writeMonth = db.transaction((monthNumber: number) => {
    const first = Math.floor(Date.UTC(Math.floor(monthNumber / 12), monthNumber % 12, 1) / DAY);
    const last = Math.floor(Date.UTC(Math.floor(monthNumber / 12), (monthNumber % 12) + 1, 1) / DAY) - 1;
    month(
      'query_rollups',
      'tags, query',
      'SUM(queries), SUM(with_results), SUM(clicks), SUM(clients), MAX(redacted)',
      first,
      last,
      monthNumber,
    );
    month('click_rollups', 'tags, query, document_id', 'SUM(clicks)', first, last, monthNumber);
    month('document_clicks', 'tags, document_id', 'SUM(clicks)', first, last, monthNumber);
  });
  const monthOfDay = (value: number) => {
    const date = new Date(value * DAY);
    return date.getUTCFullYear() * 12 + date.getUTCMonth();
  };
  const started = performance.now();
  let done = 0;
  const endDay = () => {
    if (day < 0) return;
    writeDay();
    terms = new Map();
    seen = new Set();
    clickRows = new Map();
    documentRows = new Map();
    hours = new Map();
    events = [];
  };
  const row = (tags: string, query: string) => {
    let term = query;
    if (!terms.has(`${tags}\u0000${term}`) && terms.size >= DEFAULT_SQLITE_LIMITS.maxQueriesPerDay) term = OTHER_QUERIES;
    const key = `${tags}\u0000${term}`;
    let found = terms.get(key);
    if (!found)
      terms.set(
        key,
        (found = { tags, query: term, queries: 0, found: 0, clicks: 0, clients: 0, redacted: term === OTHER_QUERIES ? 1 : 0 }),
      );
    return found;
  };
  for (const { search, click } of yearOfSearches(searches)) {
    const today = Math.floor(search.at / DAY);
    if (today !== day) {
      const previousMonth = day < 0 ? -1 : monthOfDay(day);
      endDay();
      if (previousMonth >= 0 && monthOfDay(today) !== previousMonth) writeMonth(previousMonth);
      day = today;
    }
    const tags = JSON.stringify(search.tags);
    const hourKey = `${Math.floor(search.at / 3_600_000)}\u0000${tags}`;
    const hour = hours.get(hourKey) ?? [0, 0, 0];
    hours.set(hourKey, hour);
    const term = row(tags, search.query);
    term.queries += 1;
    if (search.results > 0) term.found += 1;
    hour[0] += 1;
    if (search.results > 0) hour[2] += 1;
    if (term.query !== OTHER_QUERIES && !seen.has(`${term.query}\u0000${search.client}`)) {
      seen.add(`${term.query}\u0000${search.client}`);
      term.clients += 1;
    }
    events.push(['site', day, search.at, 'search', term.query, tags, search.results, 1, 0, 5, 'r']);
    if (click) {
      term.clicks += 1;
      hour[1] += 1;
      const clickKey = `${tags}\u0000${term.query}\u0000${click.documentId}`;
      clickRows.set(clickKey, (clickRows.get(clickKey) ?? 0) + 1);
      const documentKey = `${tags}\u0000${click.documentId}`;
      documentRows.set(documentKey, (documentRows.get(documentKey) ?? 0) + 1);
    }
    done += 1;
    if (done % 1_000_000 === 0) log(`  ${done} of ${searches} searches stored (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const lastMonth = monthOfDay(day);
  endDay();
  writeMonth(lastMonth);
  db.close();
}

async function fill(file: string, searches: number) {
  const started = performance.now();
  await (bulk ? fillInBulk(file, searches) : fillThroughRecord(file, searches));
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
    `Stored ${bulk ? 'straight into the roll-up tables' : 'through record()'} in ${filled.seconds.toFixed(0)} s; file ${(filled.bytes / 2 ** 20).toFixed(1)} MiB, ${(filled.bytes / 2 ** 20 / (searches / 1e6)).toFixed(1)} MiB per million searches.`,
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
  if (consolePages) lines.push('', ...(await consolePageTimes(dir, file, ranges)));
  await rm(dir, { recursive: true, force: true });
  return lines.join('\n');
}

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The console's engine page (totals, the figures by day and the three reports, all read at once) over each range,
 * through the service's own app with a signed-in session, so the time is what the manager waits for on the server.
 */
async function consolePageTimes(dir: string, file: string, ranges: [string, { from: number; to: number }][]) {
  const KEY = 'private-bench-console-key-0123456789';
  const service = await createSearchService({
    engines: [{ name: 'site', schema: PAGE_SCHEMA, searchFields: PAGE_SEARCH_FIELDS, documents: [] }],
    dataDir: join(dir, 'service'),
    privateKey: KEY,
    inProcess: true,
    // The bench's year lies in the past: a retention of five years keeps it through the service's start-up sweep.
    analytics: { store: openSqliteAnalyticsStore(file), logSettings: { analytics: { retentionDays: 5 * 365 } } },
  });
  const signIn = await service.request('/console/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: KEY }).toString(),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (signIn.status !== 303 || !cookie) throw new Error(`console sign-in answered ${signIn.status}`);
  const lines = ['| console engine page (overview and reports) | median ms | max ms | load average |', '| --- | --- | --- | --- |'];
  for (const [when, range] of ranges) {
    const path = `/console/engines/site?from=${day(range.from)}&to=${day(range.to)}`;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const page = await service.request(path, { headers: { Cookie: cookie } });
      const html = await page.text();
      // The page's three reports each show their rows: a page of empty reports would time nothing.
      if (run === 0 && (html.match(/\/queries\//g)?.length ?? 0) < 3) throw new Error(`${path}: the reports are empty`);
      times.push(performance.now() - started);
      if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
    }
    times.sort((a, b) => a - b);
    lines.push(`| ${when} | ${ms(times[(RUNS - 1) / 2])} | ${ms(times[RUNS - 1])} | ${load()} |`);
    log(`  console page, ${when}: ${ms(times[(RUNS - 1) / 2])} ms`);
  }
  await service.close();
  return lines;
}

// Each part is written as soon as it is measured: a long run stopped part-way keeps what it measured.
const print = (...lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);
print(
  `## Search analytics`,
  '',
  `\`node --conditions=source --import tsx bench/analytics.ts ${process.argv.slice(2).join(' ')}\` (${new Date().toISOString().slice(0, 10)})`,
  '',
);
if (latency) {
  log('Recording cost...');
  print('### Search latency with recording on and off (one run, alternating rounds)', '', await recordingCost(), '');
}
const sizes = sizesArgument
  ? sizesArgument.slice('--sizes='.length).split(',').map(Number)
  : quick
    ? [100_000, 1_000_000]
    : [1_000_000, 10_000_000];
for (const searches of sizes) print(await reportTimes(searches), '');
