/**
 * Load bench of the search proxy, and the embedded engine's own latency.
 *
 * Proxy: the real proxy (routes, validation, rate limiter, answer checks, the site's `maxConcurrent`) with the
 * embedded backend behind it runs in a child process on a loopback port, as a server would; autocannon in this
 * process drives 50 connections for 20 s per scenario with varied, realistic calls (form-encoded like the kit's
 * connector): faceted, filtered searches, and query suggestions. Three corpora: the example site's documents
 * (`siteDocuments`, about 2,000), 10,000 and 100,000 generated documents. Reported: p50/p95/p99 latency, requests/s,
 * errors (connection errors and timeouts) and non-2xx answers.
 *
 * Engine: the embedded backend in this process: its index built from scratch and loaded back (seconds, heap), and
 * the same searches one at a time straight on the backend (no HTTP), single-threaded p50/p95/p99/max.
 *
 * Run alone: `node --expose-gc --conditions=source --import tsx bench/search-proxy.ts` (`--quick`: the site's corpus and 10,000
 * documents, 3 s a scenario; `--engine` or `--proxy`: only that part; BENCH_SECONDS sets the seconds; without
 * --expose-gc the index heap is not reported). From another script: `measureProxy(options)` returns rows for
 * `proxyTable(rows)`, `measureEngine(options)` figures for `engineTable(figures)`. The proxy's indexes are built
 * once into .data/bench-search-proxy/<corpus> and loaded on later runs. The rate limit is lifted for the run (one
 * loopback client would otherwise be refused after 300 calls a minute).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH, type ApiSearchRequest, type ProxyAction } from '../src/core/search/app-search-api';
import { searchProxy } from '../packages/civic-search/src/search-proxy';
import { createEmbeddedBackend, type EmbeddedBackend } from '../packages/civic-search/src/search/embedded/backend';
import type { SiteDocument } from '../packages/civic-search/src/search/types';
import { generateCorpus } from '../examples/content/generate-corpus';
import { siteDocuments } from '../examples/content/site-documents';
/** As the service runs the embedded engine: two searches at a time on its one thread. */
const EMBEDDED_MAX_CONCURRENT = 2;
import { DOCUMENT_TYPES, TOPICS } from '../examples/content/phrase-banks';
import { PROXY_BENCH_PREFIXES, PROXY_BENCH_QUERIES } from './queries';
import { log, percentile } from './stats';

/** The corpora measured: the example site's own documents, then generated ones. */
export const CORPORA = {
  site: siteDocuments,
  '10000': () => generateCorpus({ count: 10_000 }),
  '100000': () => generateCorpus({ count: 100_000 }),
} satisfies Record<string, () => SiteDocument[]>;
export type CorpusName = keyof typeof CORPORA;

const ENGINE = 'site';
const DATA_DIR = '.data/bench-search-proxy';
/** The child server's proxy calls in progress and answered, and its processor time so far: `ServerStatus`. */
const STATUS_PATH = '/__bench/status';
/** autocannon gives up on an answer after this long (counted as a timeout error). */
const CLIENT_TIMEOUT_SECONDS = 10;

const SORTS = [undefined, { published_date: 'desc' }, [{ _score: 'desc' }, { published_date: 'desc' }]] as const;

/** The n-th search of a run: words, zero to three filters, two value facets and a date range facet, pages 1 to 3. */
export function searchParams(n: number): ApiSearchRequest {
  const query = PROXY_BENCH_QUERIES[n % PROXY_BENCH_QUERIES.length];
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
    ...(sort && { sort: sort as ApiSearchRequest['sort'] }),
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

function suggestionParams(n: number) {
  return { query: PROXY_BENCH_PREFIXES[n % PROXY_BENCH_PREFIXES.length], types: { documents: { fields: ['title'] } }, size: 5 };
}

function formBody(action: ProxyAction, params: object): string {
  return new URLSearchParams({ key: PROXY_KEY_PLACEHOLDER, engine: ENGINE, action, params: JSON.stringify(params) }).toString();
}

const SCENARIOS = {
  search: { label: 'search: faceted, filtered', body: (n: number) => formBody('search', searchParams(n)) },
  suggest: { label: 'query suggestion', body: (n: number) => formBody('query_suggestion', suggestionParams(n)) },
};
export type ScenarioName = keyof typeof SCENARIOS;


// ---------------------------------------------------------------------------------------------------------------
// The proxy under load

export interface ProxyOptions {
  corpora?: CorpusName[];
  scenarios?: ScenarioName[];
  /** Per scenario (default 20). */
  seconds?: number;
  /** Concurrent clients (default 50). */
  connections?: number;
  /** Backend calls the proxy runs at a time (default: the example site's, EMBEDDED_MAX_CONCURRENT). */
  maxConcurrent?: number;
}

export interface ProxyRow {
  corpus: CorpusName;
  documents: number;
  scenario: string;
  seconds: number;
  connections: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors and answers that did not come within the client's timeout. */
  errors: number;
  /** Answers with a status other than 2xx. */
  non2xx: number;
  /** What the failures were: `504 ×3, no answer in 10 s ×1`. */
  failures: string;
  /** The server process's processor time per answered request (all its threads): what a request costs, whatever else runs. */
  serverCpuMs: number;
}

/** The proxy in a child process over loopback, one corpus after another, each scenario for `seconds`. */
export async function measureProxy({
  corpora = ['site', '10000', '100000'],
  scenarios = ['search', 'suggest'],
  seconds = 20,
  connections = 50,
  maxConcurrent = EMBEDDED_MAX_CONCURRENT,
}: ProxyOptions = {}): Promise<ProxyRow[]> {
  const rows: ProxyRow[] = [];
  for (const corpus of corpora) {
    const server = await startServer(corpus, maxConcurrent);
    log(`${corpus}: ${server.documents.toLocaleString('en')} documents, index ${server.index}`);
    try {
      for (const name of scenarios) {
        await server.idle();
        log(`  ${SCENARIOS[name].label}: ${connections} connections for ${seconds} s`);
        const figures = await load(server, SCENARIOS[name].body, seconds, connections);
        rows.push({ corpus, documents: server.documents, scenario: SCENARIOS[name].label, seconds, connections, ...figures });
      }
    } finally {
      server.stop();
    }
  }
  return rows;
}

interface ServerStatus {
  inFlight: number;
  answered: number;
  cpuMs: number;
}

interface ChildServer {
  url: string;
  documents: number;
  index: string;
  /** Resolves once the calls left over from a run are answered (autocannon stops sending; the server keeps working). */
  idle(): Promise<void>;
  status(): Promise<ServerStatus>;
  stop(): void;
}

function startServer(corpus: CorpusName, maxConcurrent: number): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', corpus, String(maxConcurrent)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the ${corpus} server stopped (exit ${code}) before it was ready`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const { port, documents, index } = JSON.parse(line) as { port: number; documents: number; index: string };
      const url = `http://127.0.0.1:${port}`;
      const status = async () => (await (await fetch(`${url}${STATUS_PATH}`)).json()) as ServerStatus;
      resolve({
        url,
        documents,
        index,
        async idle() {
          while ((await status()).inFlight > 0) await new Promise((done) => setTimeout(done, 50));
        },
        status,
        stop() {
          child.removeAllListeners('exit');
          child.stdin.end();
          child.kill();
        },
      });
    });
  });
}

/** Child process: the proxy over one corpus on a loopback port; prints `{ port, documents, index }` when ready. */
async function serveCorpus(corpus: CorpusName, maxConcurrent: number): Promise<void> {
  if (!Object.hasOwn(CORPORA, corpus)) throw new Error(`unknown corpus ${corpus}`);
  const { backend, documents, index } = await openBackend(corpus);
  let inFlight = 0;
  let answered = 0;
  const app = new Hono();
  app.get(STATUS_PATH, (c) => {
    const { user, system } = process.cpuUsage();
    return c.json({ inFlight, answered, cpuMs: (user + system) / 1000 } satisfies ServerStatus);
  });
  app.use(PROXY_PATH, async (_c, next) => {
    inFlight += 1;
    try {
      await next();
    } finally {
      inFlight -= 1;
      answered += 1;
    }
  });
  app.route(
    '/',
    searchProxy({ backend, engines: [ENGINE], maxConcurrent, rateLimit: { windowMs: 60_000, limit: Number.MAX_SAFE_INTEGER } }),
  );
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
    process.stdout.write(`${JSON.stringify({ port: info.port, documents, index })}\n`);
  });
  // The parent closes stdin when done, or dies.
  process.stdin.resume();
  process.stdin.on('end', () => server.close(() => process.exit(0)));
}

async function openBackend(corpus: CorpusName): Promise<{ backend: EmbeddedBackend; documents: number; index: string }> {
  let index = '';
  let documents = 0;
  const backend = createEmbeddedBackend({
    engines: { [ENGINE]: CORPORA[corpus] },
    dataDir: `${DATA_DIR}/${corpus}`,
    onIndexReady: (event) => {
      documents = event.documents;
      index = `${event.source} in ${(event.milliseconds / 1000).toFixed(1)} s`;
    },
  });
  await backend.ready();
  return { backend, documents, index };
}

/** Calls one at a time before a measured run, to warm the code up. */
async function warmUp(url: string, body: (n: number) => string, calls = 30): Promise<void> {
  for (let n = 0; n < calls; n += 1) {
    const response = await fetch(`${url}${PROXY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body(n),
    });
    if (!response.ok) throw new Error(`warm-up call answered ${response.status}: ${await response.text()}`);
  }
}

type LoadFigures = Pick<ProxyRow, 'requests' | 'perSecond' | 'p50' | 'p95' | 'p99' | 'errors' | 'non2xx' | 'failures' | 'serverCpuMs'>;

async function load(server: ChildServer, body: (n: number) => string, seconds: number, connections: number): Promise<LoadFigures> {
  const { url } = server;
  await warmUp(url, body);
  const before = await server.status();
  let n = 0;
  const latencies: number[] = [];
  const failedStatuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${PROXY_PATH}`,
        connections,
        duration: seconds,
        timeout: CLIENT_TIMEOUT_SECONDS,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (request) => ({ ...request, body: body(n++) }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status < 200 || status >= 300) failedStatuses.set(status, (failedStatuses.get(status) ?? 0) + 1);
    });
  });
  latencies.sort((a, b) => a - b);
  const connectionErrors = result.errors - result.timeouts;
  // Calls still being worked on when the run stopped cost processor time too: wait for them, and count them.
  await server.idle();
  const after = await server.status();
  const serverCpuMs = (after.cpuMs - before.cpuMs) / Math.max(1, after.answered - before.answered);
  return {
    serverCpuMs,
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors,
    non2xx: result.non2xx,
    failures: [
      ...[...failedStatuses].map(([status, count]) => `${status} ×${count}`),
      ...(result.timeouts > 0 ? [`no answer in ${CLIENT_TIMEOUT_SECONDS} s ×${result.timeouts}`] : []),
      ...(connectionErrors > 0 ? [`connection errors ×${connectionErrors}`] : []),
    ].join(', '),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : 'n/a');
const corpusLabel = (corpus: CorpusName, documents: number) =>
  corpus === 'site' ? `${documents.toLocaleString('en')} (the site's)` : documents.toLocaleString('en');

export function proxyTable(rows: readonly ProxyRow[]): string {
  const lines = [
    '| Documents | Calls | Clients × s | Requests | Requests/s | p50 ms | p95 ms | p99 ms | Errors | Non-2xx | Server CPU ms per request |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const failures = row.failures ? ` (${row.failures})` : '';
    lines.push(
      `| ${corpusLabel(row.corpus, row.documents)} | ${row.scenario} | ${row.connections} × ${row.seconds} | ${row.requests.toLocaleString('en')} | ${Math.round(row.perSecond).toLocaleString('en')} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${row.errors} | ${row.non2xx}${failures} | ${row.serverCpuMs.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The engine alone

export interface EngineOptions {
  corpora?: CorpusName[];
  /** Searches timed per corpus (default 600; the suggestion row times as many). */
  runs?: number;
}

export interface EngineIndexRow {
  corpus: CorpusName;
  documents: number;
  buildSeconds: number;
  loadSeconds: number;
  /** Memory the index takes (heap and typed arrays, documents excluded), when the process runs with --expose-gc. */
  heapMb?: number;
}

export interface EngineRow {
  corpus: CorpusName;
  documents: number;
  calls: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return gc !== undefined;
}

/**
 * The embedded backend in this process, per corpus: its index built from scratch (in a temporary folder) and then
 * loaded from disk, and the proxy bench's searches and suggestions one at a time (no HTTP).
 */
export async function measureEngine({ corpora = ['site', '10000', '100000'], runs = 600 }: EngineOptions = {}): Promise<{
  indexes: EngineIndexRow[];
  rows: EngineRow[];
}> {
  const indexes: EngineIndexRow[] = [];
  const rows: EngineRow[] = [];
  for (const corpus of corpora) {
    const corpusDocuments = CORPORA[corpus]();
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-embedded-'));
    try {
      const timed = async () => {
        let milliseconds = 0;
        const opened = createEmbeddedBackend({
          engines: { [ENGINE]: () => corpusDocuments },
          dataDir,
          onIndexReady: (event) => (milliseconds = event.milliseconds),
        });
        await opened.ready();
        return { backend: opened, seconds: milliseconds / 1000 };
      };
      // Typed arrays live outside the JavaScript heap: both count.
      const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
      const measuresHeap = collectGarbage();
      const memoryBefore = memory();
      const built = await timed();
      collectGarbage();
      const heapMb = measuresHeap ? (memory() - memoryBefore) / 2 ** 20 : undefined;
      const loaded = await timed();
      await loaded.backend.close();
      const backend = built.backend;
      const documents = corpusDocuments.length;
      indexes.push({ corpus, documents, buildSeconds: built.seconds, loadSeconds: loaded.seconds, heapMb });
      log(
        `${corpus}: ${documents.toLocaleString('en')} documents, index built in ${built.seconds.toFixed(1)} s, loaded in ${loaded.seconds.toFixed(1)} s; ${runs} searches one at a time`,
      );

      for (let n = 0; n < 30; n++) await backend.search(ENGINE, searchParams(n));
      const times = {
        all: [] as number[],
        filtered: [] as number[],
        words: [] as number[],
        blank: [] as number[],
        suggest: [] as number[],
      };
      for (let n = 0; n < runs; n++) {
        const request = searchParams(n);
        const started = performance.now();
        await backend.search(ENGINE, request);
        const elapsed = performance.now() - started;
        times.all.push(elapsed);
        if (request.filters) times.filtered.push(elapsed);
        (request.query ? times.words : times.blank).push(elapsed);
      }
      for (let n = 0; n < runs; n++) {
        const started = performance.now();
        await backend.suggest(ENGINE, suggestionParams(n));
        times.suggest.push(performance.now() - started);
      }
      const row = (calls: string, list: number[]): EngineRow => {
        const sorted = [...list].sort((a, b) => a - b);
        return {
          corpus,
          documents,
          calls,
          runs: sorted.length,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          max: sorted.at(-1) ?? NaN,
        };
      };
      rows.push(
        row('search: all (words or blank, 0-3 filters, 3 facets, pages 1-3)', times.all),
        row('search: with filters', times.filtered),
        row('search: with words', times.words),
        row('search: blank (newest first)', times.blank),
        row('query suggestion', times.suggest),
      );
      await backend.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { indexes, rows };
}

export function engineTable({ indexes, rows }: { indexes: readonly EngineIndexRow[]; rows: readonly EngineRow[] }): string {
  const fine = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 1 ? 2 : 1) : 'n/a');
  const lines = ['| Documents | Index build (s) | Index load (s) | Index memory (MB) |', '|---:|---:|---:|---:|'];
  for (const index of indexes) {
    lines.push(
      `| ${corpusLabel(index.corpus, index.documents)} | ${index.buildSeconds.toFixed(1)} | ${index.loadSeconds.toFixed(1)} | ${index.heapMb === undefined ? 'n/a (run with --expose-gc)' : index.heapMb.toFixed(0)} |`,
    );
  }
  lines.push('', '| Documents | Calls | Runs | p50 ms | p95 ms | p99 ms | max ms |', '|---:|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    lines.push(
      `| ${corpusLabel(row.corpus, row.documents)} | ${row.calls} | ${row.runs} | ${fine(row.p50)} | ${fine(row.p95)} | ${fine(row.p99)} | ${fine(row.max)} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

async function main(args: string[]) {
  if (args[0] === '--serve') {
    await serveCorpus(args[1] as CorpusName, Number(args[2]));
    return;
  }
  const quick = args.includes('--quick');
  const corpora: CorpusName[] = quick ? ['site', '10000'] : ['site', '10000', '100000'];
  const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 20));
  const loadBefore = loadavg()[0];
  const parts: string[] = [];
  if (!args.includes('--engine')) {
    const rows = await measureProxy({ corpora, seconds });
    parts.push(
      `Search proxy over loopback (embedded backend, maxConcurrent ${EMBEDDED_MAX_CONCURRENT}, server in its own process; Node ${process.version}, ${availableParallelism()} cores)\n\n${proxyTable(rows)}`,
    );
  }
  if (!args.includes('--proxy')) {
    const figures = await measureEngine({ corpora, runs: quick ? 200 : 600 });
    parts.push(`Embedded engine alone: its index, and the same calls one at a time (no HTTP)\n\n${engineTable(figures)}`);
  }
  const loadAfter = loadavg()[0];
  const busy = Math.max(loadBefore, loadAfter) > availableParallelism() ? ': more than the cores, so other work slowed these figures' : '';
  parts.push(`Load average ${loadBefore.toFixed(1)} at start, ${loadAfter.toFixed(1)} at end${busy}.`);
  console.log(parts.join('\n\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
