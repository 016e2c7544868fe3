/**
 * Load bench of the search proxy: the real proxy (routes, validation, rate limiter, answer checks) in this process
 * on a loopback port, the embedded backend behind it, at 10,000 and 100,000 generated documents. autocannon drives
 * 50 connections for a bounded time per scenario with varied, realistic calls (form-encoded like the kit's
 * connector): faceted, filtered searches and query suggestions. Prints p50/p95/p99 latency, requests/s and errors
 * as a markdown table.
 *
 * Run: `node --import tsx bench/search-proxy.ts` (`--quick`: 10,000 documents and 3 s a scenario;
 * BENCH_SECONDS sets the seconds). Indexes are built once into .data/bench-search-proxy and loaded on later runs.
 * The rate limit is lifted for the run (one loopback client would otherwise be refused after 300 calls a minute);
 * backend calls run EMBEDDED_MAX_CONCURRENT at a time, as the site runs them.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH, type ProxyAction } from '../src/core/search/app-search-api';
import { searchProxy } from '../src/server/search-proxy';
import { createEmbeddedBackend } from '../src/server/search/embedded/backend';
import type { SearchBackend } from '../src/server/search/types';
import { generateCorpus } from '../examples/content/generate-corpus';
import { EMBEDDED_MAX_CONCURRENT } from '../examples/site/search/search-backend';
import { DOCUMENT_TYPES, TOPICS } from '../examples/content/phrase-banks';

const QUICK = process.argv.includes('--quick');
const SIZES = QUICK ? [10_000] : [10_000, 100_000];
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
const CONNECTIONS = 50;
const ENGINE = 'site';
const DATA_DIR = '.data/bench-search-proxy';

/** What people type, with two typos. */
const QUERIES = [
  'building consent',
  'rates relief',
  'dog registration',
  'collection day',
  'parking permit',
  'swimming lessons',
  'water restrictions',
  'resource consent hearing',
  'bilding consent',
  'recyling',
  'library card',
  'community grants',
  'pothole',
  'annual plan submissions',
  '',
];
const PREFIXES = ['b', 'bu', 'buil', 'ra', 'rat', 'dog', 'par', 'pa', 'lib', 'wat', 'rec', 'sw', 'co', 'pot', 'ann'];
const SORTS = [undefined, { published_date: 'desc' }, [{ _score: 'desc' }, { published_date: 'desc' }]];

/** The n-th search of the run: words, zero to two filters, both facets, a date range facet, pages 1 to 3. */
function searchParams(n: number): object {
  const query = QUERIES[n % QUERIES.length];
  const topic = TOPICS[n % TOPICS.length].name;
  const type = DOCUMENT_TYPES[(n >> 2) % DOCUMENT_TYPES.length];
  const filters = [
    ...(n % 3 === 0 ? [{ any: [{ topic }] }] : []),
    ...(n % 4 === 1 ? [{ any: [{ document_type: [type, 'Guidance'] }] }] : []),
    ...(n % 5 === 2 ? [{ all: [{ published_date: { from: '2020-01-01', to: '2027-01-01' } }] }] : []),
  ];
  const sort = SORTS[n % SORTS.length];
  return {
    query,
    page: { size: 20, current: 1 + (n % 3) },
    ...(filters.length > 0 && { filters: { all: filters } }),
    ...(sort && { sort }),
    facets: {
      document_type: { type: 'value', size: 20 },
      topic: { type: 'value', size: 20 },
      published_date: {
        type: 'range',
        ranges: [
          { from: '2025-01-01', name: 'Since 2025' },
          { to: '2025-01-01', name: 'Before 2025' },
        ],
      },
    },
    result_fields: {
      title: { raw: {}, snippet: { size: 100, fallback: true } },
      summary: { raw: {}, snippet: { size: 200, fallback: true } },
      url: { raw: {} },
      document_type: { raw: {} },
      published_date: { raw: {} },
    },
  };
}

function suggestionParams(n: number): object {
  return { query: PREFIXES[n % PREFIXES.length], types: { documents: { fields: ['title'] } }, size: 5 };
}

function formBody(action: ProxyAction, params: object): string {
  return new URLSearchParams({ key: PROXY_KEY_PLACEHOLDER, engine: ENGINE, action, params: JSON.stringify(params) }).toString();
}

interface Scenario {
  name: string;
  body: (n: number) => string;
}
const SCENARIOS: Scenario[] = [
  { name: 'search: faceted, filtered', body: (n) => formBody('search', searchParams(n)) },
  { name: 'query suggestion', body: (n) => formBody('query_suggestion', suggestionParams(n)) },
];

interface Row {
  documents: number;
  scenario: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** What the errors were: `504 ×3, timeout ×1`. */
  errorKinds: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Calls one at a time before a measured run, to warm the code up. */
async function warmUp(url: string, scenario: Scenario, calls = 20): Promise<void> {
  for (let n = 0; n < calls; n += 1) {
    const response = await fetch(`${url}${PROXY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: scenario.body(n),
    });
    if (!response.ok) throw new Error(`${scenario.name}: warm-up call answered ${response.status}: ${await response.text()}`);
  }
}

async function load(url: string, scenario: Scenario): Promise<Omit<Row, 'documents' | 'scenario'>> {
  await warmUp(url, scenario);
  let n = 0;
  const latencies: number[] = [];
  const failedStatuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${PROXY_PATH}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (request) => ({ ...request, body: scenario.body(n++) }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status >= 400) failedStatuses.set(status, (failedStatuses.get(status) ?? 0) + 1);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.non2xx,
    errorKinds: [
      ...[...failedStatuses].map(([status, count]) => `${status} ×${count}`),
      ...(result.timeouts > 0 ? [`no answer in 10 s ×${result.timeouts}`] : []),
      ...(result.errors - result.timeouts > 0 ? [`connection errors ×${result.errors - result.timeouts}`] : []),
    ].join(', '),
  };
}

/** The proxy on a loopback port, counting the calls it is still working on. */
async function listen(backend: SearchBackend): Promise<{ server: ServerType; url: string; idle: () => Promise<void> }> {
  let inFlight = 0;
  const app = new Hono();
  app.use(async (_c, next) => {
    inFlight += 1;
    try {
      await next();
    } finally {
      inFlight -= 1;
    }
  });
  app.route(
    '/',
    searchProxy({
      backend,
      engines: [ENGINE],
      maxConcurrent: EMBEDDED_MAX_CONCURRENT,
      rateLimit: { windowMs: 60_000, limit: Number.MAX_SAFE_INTEGER },
    }),
  );
  /** Resolves once the calls left over from a run (autocannon stops sending, the server keeps working) are done. */
  const idle = async () => {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, idle });
    });
  });
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : 'n/a');

async function main() {
  const rows: Row[] = [];
  for (const documents of SIZES) {
    const dataDir = `${DATA_DIR}/${documents}`;
    let indexNote = '';
    const backend = createEmbeddedBackend({
      engines: { [ENGINE]: () => generateCorpus({ count: documents }) },
      dataDir,
      onIndexReady: (event) => {
        indexNote = `${event.source} in ${(event.milliseconds / 1000).toFixed(1)} s`;
      },
    });
    await backend.ready();
    console.error(`${documents.toLocaleString('en')} documents: index ${indexNote}`);
    const { server, url, idle } = await listen(backend);
    for (const scenario of SCENARIOS) {
      await idle();
      console.error(`  ${scenario.name}: ${CONNECTIONS} connections for ${SECONDS} s`);
      rows.push({ documents, scenario: scenario.name, ...(await load(url, scenario)) });
    }
    await idle();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await backend.close();
  }

  console.log(`\nSearch proxy over loopback (embedded backend, ${CONNECTIONS} connections, ${SECONDS} s a row, Node ${process.version})\n`);
  console.log('| Documents | Calls | Requests | Requests/s | p50 ms | p95 ms | p99 ms | Errors |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const errors = row.errorKinds ? `${row.errors} (${row.errorKinds})` : String(row.errors);
    console.log(
      `| ${row.documents.toLocaleString('en')} | ${row.scenario} | ${row.requests.toLocaleString('en')} | ${Math.round(row.perSecond).toLocaleString('en')} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${errors} |`,
    );
  }
}

await main();
