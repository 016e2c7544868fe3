/**
 * The write path of civic-search: App Search's documents API over the durable store and the live embedded index,
 * measured over real HTTP as a CMS would use it. Figures are printed, never asserted.
 *
 * The service runs in a child process (as a server would, so the bench's own clients do not share its thread) on a
 * loopback port, in a fresh temporary data folder, with the worker thread it uses by default:
 * 1. Indexing rate through the API: generated documents (examples/content/generate-corpus.ts) posted in batches of
 *    100 by one client and by four at once, at 10,000 and 100,000 documents; then the service restarted on the
 *    100,000-document folder (the store replayed, the index built or loaded).
 * 2. On that restarted service: time from a write's 200 to the search that shows it (a new document with a word of
 *    its own, a replacement, a deletion), polling search in a tight loop for up to 2 s.
 * 3. On the same service: search latency from four searchers (the proxy bench's searches, bench/search-proxy.ts)
 *    without writes, then while ten writes a second (batches of 10 replaced documents) go on.
 * 4. The example site (examples/site/app.tsx, its pages indexed through the API): the home page's latency while one
 *    client sends, at its rate limit, the most expensive search the limits allow; without it as the baseline. Both
 *    with the worker thread and with the engine on the server's own thread (`inProcess: true`).
 * 5. In this process, no HTTP and no durability: MiniSearch's and Orama's own add, remove and replace rates, and the
 *    embedded engine's live index (`EngineIndex.put` and `remove`), so the cost of HTTP and the log shows.
 *
 * Run alone: `node --conditions=source --import tsx bench/write-api.ts` (about 6 minutes); `--quick`: 10,000
 * documents and a few seconds a scenario (about 90 s). BENCH_SECONDS sets the seconds of scenarios 3 and 4.
 */
import { spawn } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import MiniSearch from 'minisearch';
import { insertMultiple, removeMultiple, updateMultiple } from '@orama/orama';
import type { ApiSearchRequest } from '../src/core/search/app-search-api';
import { createSearchService } from '../packages/civic-search/src/service/create-search-service';
import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from '../packages/civic-search/src/engines/page-schema';
import { engineFields } from '../packages/civic-search/src/engines/field-roles';
import { REQUEST_LIMITS } from '../packages/civic-search/src/search-proxy/limits';
import { buildEngineIndex, PAGE_TEXT_FIELDS, EngineIndex } from '../packages/civic-search/src/search/embedded/engine-index';
import { englishAnalyzer, indexTerm, tokenize } from '../packages/civic-search/src/search/embedded/text-analysis';
import type { IndexReadyEvent } from '../packages/civic-search/src/search/embedded/backend';
import type { StoreRecovery } from '../packages/civic-search/src/store';
import type { SiteDocument } from '../packages/civic-search/src/search/types';
import { generateCorpus } from '../examples/content/generate-corpus';
import { createSiteApp } from '../examples/site/app';
import { siteSearchOptions } from '../examples/site/search/site-search';
import { SEARCH_ENGINE } from '../examples/site/search/search-engine';
import { TEXT_FIELDS, toBenchDocuments, type BenchDocument } from './engines/candidate';
import { createOramaDb, oramaFields } from './engines/orama-candidate';
import { searchParams } from './search-proxy';
import { log, sleep, spread, type Spread } from './stats';

const ENGINE = 'bench';
/** The bench service's private key (the writes' `Authorization: Bearer`); a throwaway, like its data folder. */
const PRIVATE_KEY = 'write-bench-private-key-0123456789';
/** App Search's most documents a request. */
const BATCH = 100;
/** A client gives up on an answer after this long (then counted as unanswered). */
const CLIENT_TIMEOUT_MS = 60_000;
/** An indexing run sends no new batch after this long (a healthy service indexes 100,000 documents well within it). */
const INDEXING_LIMIT_MS = 120_000;


const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : 'n/a');
const seconds = (milliseconds: number) => (milliseconds / 1000).toFixed(1);
const count = (value: number) => Math.round(value).toLocaleString('en');

// ---------------------------------------------------------------------------------------------------------------
// The server, in a child process

type ServeKind = 'service' | 'site';

/** What a child prints once it serves: its port, how long the service took to start, and how its index came. */
export interface ChildInfo {
  port: number;
  startMs: number;
  index?: IndexReadyEvent[];
  recovery?: Pick<StoreRecovery, 'recordsReplayed' | 'ms' | 'segments'> & { snapshotDocuments?: number };
}

export interface ChildServer {
  url: string;
  info: ChildInfo;
  /** The child's process id (its memory is read from /proc). */
  pid: number;
  /** Closes the service as a server's shutdown would (pending writes finished, the store closed). */
  stop(): Promise<void>;
  /** Ends the process at once, whatever it is doing. */
  kill(): Promise<void>;
}

export function startChild(kind: ServeKind, dataDir: string, inProcess: boolean): Promise<ChildServer> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', kind, dataDir, inProcess ? 'in-process' : 'worker'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`the ${kind} server stopped (exit ${code}) before it was ready`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const info = JSON.parse(line) as ChildInfo;
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        info,
        pid: child.pid!,
        async stop() {
          child.stdin.end();
          const timer = setTimeout(() => child.kill('SIGKILL'), CLIENT_TIMEOUT_MS);
          await exited;
          clearTimeout(timer);
        },
        async kill() {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}

/** Child process: the search service, or the example site, on a loopback port; prints `ChildInfo` when ready. */
async function serveChild(kind: ServeKind, dataDir: string, inProcess: boolean): Promise<void> {
  const started = performance.now();
  let fetchOf: (request: Request) => Response | Promise<Response>;
  let close: () => Promise<void>;
  let details: Omit<ChildInfo, 'port' | 'startMs'> = {};
  if (kind === 'service') {
    const service = await createSearchService({
      dataDir,
      privateKey: PRIVATE_KEY,
      engines: [{ name: ENGINE, schema: PAGE_SCHEMA, searchFields: PAGE_SEARCH_FIELDS }],
      inProcess,
      // One loopback client polls and searches far past a visitor's limits: the call limit and the cost budget are
      // lifted for the bench.
      rateLimit: { windowMs: 60_000, limit: Number.MAX_SAFE_INTEGER },
      costBudget: false,
    });
    await service.ready();
    // Ask the host how the start went: through the worker, or straight on the in-process backend. (`service.backend`
    // wraps it with the operator's rules; `service.admin` is the host itself, or the worker that reaches it.)
    const host = service.admin as unknown as { call?: (method: string) => Promise<unknown> } & Record<string, () => unknown>;
    const ask = async <T>(method: string) => (await (host.call ? host.call(method) : host[method]())) as T;
    const recovery = await ask<StoreRecovery>('recovery');
    details = {
      index: await ask<IndexReadyEvent[]>('indexEvents'),
      recovery: {
        recordsReplayed: recovery.recordsReplayed,
        ms: recovery.ms,
        segments: recovery.segments,
        ...(recovery.snapshot && { snapshotDocuments: recovery.snapshot.documents }),
      },
    };
    fetchOf = (request) => service.fetch(request);
    close = () => service.close();
  } else {
    const env: NodeJS.ProcessEnv = { ...process.env, SEARCH_DATA_DIR: dataDir, SEARCH_BACKEND: 'embedded' };
    delete env.SEARCH_PRIVATE_KEY;
    const { app, search } = await createSiteApp({ search: { ...siteSearchOptions(env), inProcess } });
    await search.ready();
    fetchOf = (request) => app.fetch(request);
    close = () => search.close();
  }
  const startMs = performance.now() - started;
  const server = serve({ fetch: fetchOf, port: 0, hostname: '127.0.0.1' }, (address: AddressInfo) => {
    process.stdout.write(`${JSON.stringify({ port: address.port, startMs, ...details } satisfies ChildInfo)}\n`);
  }) as Server;
  // The parent closes stdin when done, or dies.
  process.stdin.resume();
  process.stdin.on('end', () => {
    server.close();
    server.closeAllConnections();
    void close().then(
      () => process.exit(0),
      (error: Error) => {
        log(`closing the ${kind} failed: ${error.message}`);
        process.exit(1);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Calls, as a CMS and a visitor make them

export async function putDocuments(url: string, documents: readonly object[]): Promise<number> {
  const body = JSON.stringify(documents);
  const started = performance.now();
  const response = await fetch(`${url}/api/as/v1/engines/${ENGINE}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PRIVATE_KEY}`, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  });
  const answer = (await response.json()) as { id: string; errors: string[] }[] | { errors?: string[] };
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`a write answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  const refused = (answer as { id: string; errors: string[] }[]).filter((result) => result.errors.length > 0);
  if (refused.length > 0) throw new Error(`${refused.length} documents refused, the first: ${refused[0].id}: ${refused[0].errors.join('; ')}`);
  return elapsed;
}

async function deleteDocuments(url: string, ids: readonly string[]): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/as/v1/engines/${ENGINE}/documents`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${PRIVATE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(ids),
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  });
  const answer = (await response.json()) as { id: string; deleted: boolean }[];
  const elapsed = performance.now() - started;
  if (!response.ok || !answer.every((result) => result.deleted)) throw new Error(`a delete answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return elapsed;
}

interface SearchAnswer {
  status: number;
  ms: number;
  bytes: number;
  ids: string[];
}

/** A search as a visitor's page sends it (no key: searches stay open). */
export async function searchCall(url: string, engine: string, request: object): Promise<SearchAnswer> {
  const started = performance.now();
  const response = await fetch(`${url}/api/as/v1/engines/${engine}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  const ids = response.ok ? (JSON.parse(text) as { results: { id: { raw: string } }[] }).results.map((result) => result.id.raw) : [];
  return { status: response.status, ms: elapsed, bytes: Buffer.byteLength(text), ids };
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Indexing rate through the API

export interface IndexingRow {
  /** The corpus offered, and how many of it were indexed before the time limit (all, unless stopped). */
  documents: number;
  indexed: number;
  clients: number;
  seconds: number;
  perSecond: number;
  batch: Spread;
}

/**
 * Posts the documents in batches of 100, `clients` requests at a time, each client taking the next batch. No new
 * batch is sent after `limitMs` (when given): a slow service then gives its rate over what it took, in bounded time.
 */
export async function indexThroughApi(url: string, documents: readonly SiteDocument[], clients: number, limitMs = Infinity): Promise<IndexingRow> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < documents.length && performance.now() - started < limitMs) {
        const batch = documents.slice(next, next + BATCH);
        next += BATCH;
        latencies.push(await putDocuments(url, batch));
      }
    }),
  );
  const elapsed = performance.now() - started;
  const indexed = Math.min(next, documents.length);
  return { documents: documents.length, indexed, clients, seconds: elapsed / 1000, perSecond: indexed / (elapsed / 1000), batch: spread(latencies) };
}

function indexingTable(rows: readonly IndexingRow[]): string {
  const lines = [
    '| Documents | Clients | Seconds | Documents/s | Batch p50 ms | Batch p95 ms | Batch max ms |',
    '|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${count(row.documents)}${row.indexed < row.documents ? ` (time limit: ${count(row.indexed)} indexed)` : ''} | ${row.clients} | ${row.seconds.toFixed(1)} | ${count(row.perSecond)} | ${ms(row.batch.p50)} | ${ms(row.batch.p95)} | ${ms(row.batch.max)} |`,
    );
  }
  return lines.join('\n');
}

export function startLine(documents: number, info: ChildInfo): string {
  const index = (info.index ?? []).map((event) => `index ${event.source} in ${seconds(event.milliseconds)} s (${count(event.documents)} documents)`).join(', ');
  const recovery = info.recovery;
  const store = recovery
    ? `store opened in ${seconds(recovery.ms)} s (${count(recovery.recordsReplayed)} log records replayed from ${recovery.segments.length} segments${recovery.snapshotDocuments === undefined ? ', no snapshot' : ` over a snapshot of ${count(recovery.snapshotDocuments)} documents`})`
    : '';
  return `Restart on the ${count(documents)}-document data folder: ready in ${seconds(info.startMs)} s: ${[store, index].filter(Boolean).join('; ')}.`;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Time from a write's 200 to its document in results

/** A word no generated document has, of 7 letters without vowels (so stemming leaves it whole), one per `n`. */
function uniqueWord(prefix: 'qz' | 'xw', n: number): string {
  const letters = 'bcdfghjklmnpqrtvwxz';
  let word = '';
  for (let rest = n, i = 0; i < 4; i++, rest = Math.floor(rest / letters.length)) word += letters[rest % letters.length];
  return `${prefix}${word}k`;
}

interface VisibilityRow {
  change: string;
  writes: number;
  seen: number;
  write: Spread;
  visible: Spread;
}

const POLL_LIMIT_MS = 2000;

/** Searches `word` until `seen` says its answer shows the change; the time since `from`, or undefined after 2 s. */
async function pollUntil(url: string, from: number, checks: readonly { word: string; seen: (ids: string[]) => boolean }[]): Promise<number | undefined> {
  for (;;) {
    let all = true;
    for (const { word, seen } of checks) {
      const answer = await searchCall(url, ENGINE, { query: word, page: { size: 20 }, result_fields: { title: { raw: {} } } });
      if (answer.status !== 200 || !seen(answer.ids)) all = false;
    }
    const now = performance.now();
    if (all) return now - from;
    if (now - from > POLL_LIMIT_MS) return undefined;
  }
}

async function measureVisibility(url: string, template: SiteDocument, writes: number): Promise<VisibilityRow[]> {
  const ids = Array.from({ length: writes }, (_, n) => `bench-fresh-${n}`);
  const rows: VisibilityRow[] = [];
  const measure = async (change: string, one: (n: number) => Promise<{ write: number; visible: number | undefined }>) => {
    const write: number[] = [];
    const visible: number[] = [];
    for (let n = 0; n < writes; n++) {
      const result = await one(n);
      write.push(result.write);
      if (result.visible !== undefined) visible.push(result.visible);
    }
    rows.push({ change, writes, seen: visible.length, write: spread(write), visible: spread(visible) });
  };
  const documentWith = (n: number, word: string) => ({ ...template, id: ids[n], title: `${template.title} ${word}` });
  await measure('new document (found by its word)', async (n) => {
    const elapsed = await putDocuments(url, [documentWith(n, uniqueWord('qz', n))]);
    const from = performance.now();
    return { write: elapsed, visible: await pollUntil(url, from, [{ word: uniqueWord('qz', n), seen: (found) => found.includes(ids[n]) }]) };
  });
  await measure('replaced document (new word finds it, old word does not)', async (n) => {
    const elapsed = await putDocuments(url, [documentWith(n, uniqueWord('xw', n))]);
    const from = performance.now();
    return {
      write: elapsed,
      visible: await pollUntil(url, from, [
        { word: uniqueWord('xw', n), seen: (found) => found.includes(ids[n]) },
        { word: uniqueWord('qz', n), seen: (found) => !found.includes(ids[n]) },
      ]),
    };
  });
  await measure('deleted document (gone from results)', async (n) => {
    const elapsed = await deleteDocuments(url, [ids[n]]);
    const from = performance.now();
    return { write: elapsed, visible: await pollUntil(url, from, [{ word: uniqueWord('xw', n), seen: (found) => !found.includes(ids[n]) }]) };
  });
  return rows;
}

function visibilityTable(rows: readonly VisibilityRow[]): string {
  const lines = [
    '| Change | Writes | Seen within 2 s | Write (to its 200) p50 ms | Write p95 ms | 200 to seen p50 ms | p95 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.change} | ${row.writes} | ${row.seen} | ${ms(row.write.p50)} | ${ms(row.write.p95)} | ${ms(row.visible.p50)} | ${ms(row.visible.p95)} | ${ms(row.visible.max)} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Search latency while writes go on

export interface SearchUnderWritesRow {
  label: string;
  seconds: number;
  searchers: number;
  search: Spread;
  failed: string;
  writes?: { batches: number; perSecond: number; latency: Spread; failed: number };
}

const SEARCHERS = 4;
const WRITES_PER_SECOND = 10;
const WRITE_BATCH = 10;

export async function searchWhileWriting(url: string, corpus: readonly SiteDocument[], durationMs: number, withWrites: boolean, round: number): Promise<SearchUnderWritesRow> {
  const end = performance.now() + durationMs;
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
  let n = 0;
  const searchers = Array.from({ length: SEARCHERS }, async () => {
    while (performance.now() < end) {
      try {
        const answer = await searchCall(url, ENGINE, searchParams(n++));
        if (answer.status === 200) latencies.push(answer.ms);
        else fail(String(answer.status));
      } catch (error) {
        fail((error as Error).name);
      }
    }
  });
  // Writes start on a fixed schedule, whether or not the previous one has been answered (a CMS does not wait).
  const writeLatencies: number[] = [];
  let writeFailures = 0;
  let batches = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  if (withWrites) {
    for (let slot = 0; performance.now() < end; slot++) {
      const due = started + (slot * 1000) / WRITES_PER_SECOND;
      if (due > performance.now()) await sleep(due - performance.now());
      if (performance.now() >= end) break;
      // Replace existing pages (a CMS's edits), spread over the corpus.
      const documents = Array.from({ length: WRITE_BATCH }, (_, i) => {
        const original = corpus[(slot * WRITE_BATCH + i) * 7919 % corpus.length];
        return { ...original, title: `${original.title} (revised ${round})` };
      });
      batches += 1;
      pending.push(
        putDocuments(url, documents).then(
          (latency) => void writeLatencies.push(latency),
          () => void (writeFailures += 1),
        ),
      );
    }
  }
  await Promise.all([...searchers, ...pending]);
  const elapsed = performance.now() - started;
  return {
    label: withWrites ? `with ${WRITES_PER_SECOND} writes a second (batches of ${WRITE_BATCH} replaced pages)` : 'no writes',
    seconds: durationMs / 1000,
    searchers: SEARCHERS,
    search: spread(latencies),
    failed: [...failures].map(([what, times]) => `${what} ×${times}`).join(', '),
    ...(withWrites && { writes: { batches, perSecond: batches / (elapsed / 1000), latency: spread(writeLatencies), failed: writeFailures } }),
  };
}

function searchUnderWritesTable(documents: number, rows: readonly SearchUnderWritesRow[]): string {
  const lines = [
    '| Documents | Searches | Searchers × s | Searches done | p50 ms | p95 ms | p99 ms | max ms | Failed | Writes done (per s) | Write p50 ms | Write p95 ms |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const row of rows) {
    const writes = row.writes
      ? `${row.writes.batches} (${row.writes.perSecond.toFixed(1)})${row.writes.failed ? `, ${row.writes.failed} failed` : ''} | ${ms(row.writes.latency.p50)} | ${ms(row.writes.latency.p95)}`
      : '– | – | –';
    lines.push(
      `| ${count(documents)} | ${row.label} | ${row.searchers} × ${row.seconds} | ${count(row.search.count)} | ${ms(row.search.p50)} | ${ms(row.search.p95)} | ${ms(row.search.p99)} | ${ms(row.search.max)} | ${row.failed || 0} | ${writes} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// 4. The home page while one client sends the most expensive search it may, at its rate limit

/** One client's rate limit (the service's default: 300 a minute). */
const ATTACKS_PER_SECOND = 5;
/** Between two home page requests of the measuring client (it measures; it does not load the server itself). */
const PAGE_PAUSE_MS = 100;

/**
 * The costliest search the proxy's limits let through on the example site's engine: no words (every page matches),
 * the largest page, every searched field whole and snippeted at the largest size, and on every field that may be
 * faceted `facetsPerField` facets of the largest size (value facets of 250 values, range facets of 20 ranges).
 */
export function costliestSearch(facetsPerField: number): ApiSearchRequest {
  const { roles } = engineFields(PAGE_SCHEMA, PAGE_SEARCH_FIELDS);
  const ranges = Array.from({ length: REQUEST_LIMITS.facetRangesMax }, (_, i) => ({ from: `${2007 + i}-01-01`, to: `${2008 + i}-01-01` }));
  const facets: Record<string, object[]> = {};
  for (const [field, role] of roles) {
    if (role.facet === 'value') facets[field] = Array.from({ length: facetsPerField }, () => ({ type: 'value', size: REQUEST_LIMITS.facetSizeMax }));
    if (role.facet === 'range') facets[field] = Array.from({ length: facetsPerField }, () => ({ type: 'range', ranges }));
  }
  const snippet = { size: REQUEST_LIMITS.resultFieldSizeMax, fallback: true };
  return {
    query: '',
    page: { size: REQUEST_LIMITS.pageSizeMax, current: 1 },
    result_fields: Object.fromEntries(Object.keys(PAGE_SEARCH_FIELDS).map((field) => [field, { raw: {}, snippet }])),
    facets,
  } as unknown as ApiSearchRequest;
}

/**
 * One request on a connection of its own, as a new visitor's browser opens one. (A kept-alive connection that the
 * server closes for idleness just as a request goes out fails with a reset when its thread was blocked: that
 * would count a slow page as a failed one.)
 */
function freshRequest(
  url: string,
  { method = 'GET', body, signal }: { method?: string; body?: string; signal: AbortSignal },
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method, agent: false, signal, headers: { connection: 'close', ...(body !== undefined && { 'content-type': 'application/json' }) } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface HomePageRow {
  backend: string;
  attack: string;
  /** Latencies of GET /; a request still unanswered at the cut-off counts with its time so far (a lower bound). */
  page: Spread;
  pageFailed: number;
  pageUnanswered: number;
  attacker?: { sent: number; statuses: Map<string, number>; bytes: Spread; latency: Spread };
}

/**
 * Requests the home page back to back for `durationMs` while the attacker (if any) sends its search on a fixed
 * schedule. Requests still out `graceMs` after the end are given up (the site is then stopped: a server thread
 * that takes every search it is sent may have minutes of them queued).
 */
async function homePageUnderAttack(
  url: string,
  durationMs: number,
  graceMs: number,
  attack: ApiSearchRequest | undefined,
): Promise<Omit<HomePageRow, 'backend' | 'attack'>> {
  const end = performance.now() + durationMs;
  const cutOff = AbortSignal.timeout(durationMs + graceMs);
  // Every request of the run listens to it.
  setMaxListeners(0, cutOff);
  const page: number[] = [];
  let pageFailed = 0;
  let pageUnanswered = 0;
  const measurer = (async () => {
    while (performance.now() < end && !cutOff.aborted) {
      const started = performance.now();
      try {
        const response = await freshRequest(`${url}/`, { signal: cutOff });
        if (response.status === 200) page.push(performance.now() - started);
        else pageFailed += 1;
      } catch (error) {
        if (cutOff.aborted) {
          page.push(performance.now() - started);
          pageUnanswered += 1;
        } else {
          pageFailed += 1;
          log(`GET / failed: ${(error as Error).message}`);
        }
      }
      await sleep(PAGE_PAUSE_MS);
    }
  })();
  const statuses = new Map<string, number>();
  const tally = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
  const bytes: number[] = [];
  const latency: number[] = [];
  const sent: Promise<void>[] = [];
  if (attack) {
    const started = performance.now();
    for (let slot = 0; ; slot++) {
      const due = started + (slot * 1000) / ATTACKS_PER_SECOND;
      if (due >= end) break;
      if (due > performance.now()) await sleep(due - performance.now());
      const sentAt = performance.now();
      sent.push(
        (async () => {
          try {
            const response = await freshRequest(`${url}/api/as/v1/engines/${SEARCH_ENGINE}/search`, {
              method: 'POST',
              body: JSON.stringify(attack),
              signal: cutOff,
            });
            tally(String(response.status));
            if (response.status === 200) bytes.push(response.bytes);
            latency.push(performance.now() - sentAt);
          } catch (error) {
            tally(cutOff.aborted ? 'unanswered at the cut-off' : `${(error as Error).name}: ${(error as Error).message}`);
          }
        })(),
      );
    }
  }
  await Promise.all([measurer, ...sent]);
  return {
    page: spread(page),
    pageFailed,
    pageUnanswered,
    ...(attack && { attacker: { sent: sent.length, statuses, bytes: spread(bytes), latency: spread(latency) } }),
  };
}

function homePageTable(rows: readonly HomePageRow[]): string {
  const lines = [
    '| Engine runs | Attacker | GET / answered | p50 ms | p95 ms | max ms | p50 × baseline | p95 × baseline |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const baseline = rows.find((other) => other.backend === row.backend && !other.attacker);
    const ratio = (value: number, base: number | undefined) => (base ? `${(value / base).toFixed(1)}×` : '–');
    const failed = [row.pageFailed && `${row.pageFailed} failed`, row.pageUnanswered && `${row.pageUnanswered} unanswered at the cut-off`].filter(Boolean).join(', ');
    const atLeast = row.pageUnanswered ? '≥ ' : '';
    lines.push(
      `| ${row.backend} | ${row.attack} | ${row.page.count}${failed ? ` (${failed})` : ''} | ${ms(row.page.p50)} | ${ms(row.page.p95)} | ${atLeast}${ms(row.page.max)} | ${row.attacker ? ratio(row.page.p50, baseline?.page.p50) : '–'} | ${row.attacker ? ratio(row.page.p95, baseline?.page.p95) : '–'} |`,
    );
  }
  lines.push('', '| Engine runs | Attacker | Searches sent | Answers | 200 answer size, median MB | Search p50 ms | Search p95 ms | max ms |', '|---|---|---:|---|---:|---:|---:|---:|');
  for (const row of rows) {
    if (!row.attacker) continue;
    const { sent, statuses, bytes, latency } = row.attacker;
    const answers = [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([status, times]) => `${status} ×${times}`).join(', ');
    lines.push(
      `| ${row.backend} | ${row.attack} | ${sent} | ${answers} | ${Number.isFinite(bytes.p50) ? (bytes.p50 / 1e6).toFixed(2) : 'n/a'} | ${ms(latency.p50)} | ${ms(latency.p95)} | ${ms(latency.max)} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// 5. The libraries' own add, remove and replace rates (this process, no HTTP, no durability)

interface LibraryRow {
  engine: string;
  add: string;
  addPerSecond: number;
  removePerSecond: number;
  replacePerSecond: number;
}

const CHANGED = 1000;

function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

async function timedAsync(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const perSecond = (documents: number, milliseconds: number) => documents / (milliseconds / 1000);
/** Batches of 100 of the first `total` items. */
function batchesOf<T>(items: readonly T[], total = items.length): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < total; start += BATCH) batches.push(items.slice(start, Math.min(total, start + BATCH)));
  return batches;
}

/** The documents replaced: every n-th of the corpus, its title changed. */
function replacementsOf<T extends SiteDocument>(documents: readonly T[]): T[] {
  const step = Math.floor(documents.length / CHANGED);
  return Array.from({ length: CHANGED }, (_, i) => ({ ...documents[i * step], title: `${documents[i * step].title} (revised)` }));
}

/** Removed: other documents than the replaced ones (the n-th plus one). */
function removalsOf<T extends SiteDocument>(documents: readonly T[]): T[] {
  const step = Math.floor(documents.length / CHANGED);
  return Array.from({ length: CHANGED }, (_, i) => documents[i * step + 1]);
}

function miniSearchRates(documents: readonly BenchDocument[]): LibraryRow {
  // As bench/engines/minisearch-candidate.ts configures it (the embedded engine's analysis).
  const index = new MiniSearch<BenchDocument>({ fields: [...TEXT_FIELDS], tokenize, processTerm: indexTerm });
  const add = timed(() => batchesOf(documents).forEach((batch) => index.addAll(batch)));
  const replace = timed(() => replacementsOf(documents).forEach((document) => index.replace(document)));
  const remove = timed(() => batchesOf(removalsOf(documents)).forEach((batch) => index.removeAll(batch)));
  return {
    engine: 'MiniSearch 7 (`addAll`, `replace`, `removeAll`)',
    add: `add ${count(documents.length)} in batches of ${BATCH}`,
    addPerSecond: perSecond(documents.length, add),
    removePerSecond: perSecond(CHANGED, remove),
    replacePerSecond: perSecond(CHANGED, replace),
  };
}

async function oramaRates(documents: readonly BenchDocument[]): Promise<LibraryRow> {
  // As the engine comparison configures it.
  const db = createOramaDb();
  const add = await timedAsync(async () => {
    for (const batch of batchesOf(documents)) await insertMultiple(db, batch.map(oramaFields), BATCH);
  });
  const replace = await timedAsync(async () => {
    for (const batch of batchesOf(replacementsOf(documents))) {
      await updateMultiple(
        db,
        batch.map((document) => document.id),
        batch.map(oramaFields),
        BATCH,
      );
    }
  });
  const remove = await timedAsync(async () => {
    for (const batch of batchesOf(removalsOf(documents))) {
      await removeMultiple(
        db,
        batch.map((document) => document.id),
        BATCH,
      );
    }
  });
  return {
    engine: 'Orama 3 (`insertMultiple`, `updateMultiple`, `removeMultiple`)',
    add: `add ${count(documents.length)} in batches of ${BATCH}`,
    addPerSecond: perSecond(documents.length, add),
    removePerSecond: perSecond(CHANGED, remove),
    replacePerSecond: perSecond(CHANGED, replace),
  };
}

/** The live index: built once over the corpus, then `put` and `remove` in batches of 100, as the store feeds it. */
async function liveIndexRates(documents: readonly SiteDocument[]): Promise<LibraryRow[]> {
  const buildStarted = performance.now();
  const index: EngineIndex = await buildEngineIndex(documents, englishAnalyzer, undefined, PAGE_TEXT_FIELDS);
  const build = performance.now() - buildStarted;
  const replace = timed(() => batchesOf(replacementsOf(documents)).forEach((batch) => index.put(batch)));
  const remove = timed(() => batchesOf(removalsOf(documents)).forEach((batch) => index.remove(batch.map((document) => document.id))));
  // Adding one batch at a time from nothing, as an engine filled only through the API is.
  const empty = await buildEngineIndex([], englishAnalyzer, undefined, PAGE_TEXT_FIELDS);
  const put = timed(() => batchesOf(documents).forEach((batch) => empty.put(batch)));
  const rates = { removePerSecond: perSecond(CHANGED, remove), replacePerSecond: perSecond(CHANGED, replace) };
  return [
    { engine: 'embedded live index (`buildEngineIndex`, then `put`, `remove`)', add: `build ${count(documents.length)} at once`, addPerSecond: perSecond(documents.length, build), ...rates },
    {
      engine: 'embedded live index (`put` into an empty index)',
      add: `put ${count(documents.length)} in batches of ${BATCH}`,
      addPerSecond: perSecond(documents.length, put),
      removePerSecond: NaN,
      replacePerSecond: NaN,
    },
  ];
}

function libraryTable(rows: readonly LibraryRow[]): string {
  const rate = (value: number) => (Number.isFinite(value) ? count(value) : '–');
  const lines = [
    `| Engine | Adding | Added/s | Removed/s (${count(CHANGED)} in batches of ${BATCH}) | Replaced/s (${count(CHANGED)}) |`,
    '|---|---|---:|---:|---:|',
  ];
  for (const row of rows) lines.push(`| ${row.engine} | ${row.add} | ${rate(row.addPerSecond)} | ${rate(row.removePerSecond)} | ${rate(row.replacePerSecond)} |`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

export async function withDataDir<T>(label: string, work: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), `civic-bench-write-${label}-`));
  try {
    return await work(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(args: string[]) {
  if (args[0] === '--serve') {
    await serveChild(args[1] as ServeKind, args[2], args[3] === 'in-process');
    return;
  }
  const quick = args.includes('--quick');
  const sizes = quick ? [10_000] : [10_000, 100_000];
  const largest = sizes.at(-1)!;
  const scenarioMs = Number(process.env.BENCH_SECONDS ?? (quick ? 4 : 20)) * 1000;
  /** Each run of scenario 4 (three a way of running the engine): shorter, to keep the whole within minutes. */
  const homeMs = Number(process.env.BENCH_SECONDS ?? (quick ? 4 : 15)) * 1000;
  /** How long requests still out after a run of scenario 4 are waited for (the site's search deadline is 5 s). */
  const graceMs = quick ? 6000 : 10_000;
  const visibilityWrites = quick ? 15 : 50;
  const loadBefore = loadavg()[0];
  const parts: string[] = [];

  const corpus = generateCorpus({ count: largest });
  const benchStarted = performance.now();
  const mark = (what: string) => log(`${what} done at ${seconds(performance.now() - benchStarted)} s`);

  // 1, 2, 3: the service alone.
  const indexing: IndexingRow[] = [];
  let restart = '';
  let visibility: VisibilityRow[] = [];
  const underWrites: SearchUnderWritesRow[] = [];
  for (const size of sizes) {
    for (const clients of [1, 4]) {
      const last = size === largest && clients === 4;
      await withDataDir(`${size}-${clients}`, async (dataDir) => {
        log(`indexing ${count(size)} documents through the API, ${clients} client(s)`);
        const server = await startChild('service', dataDir, false);
        try {
          // The run the later scenarios use must index everything; the others stop at the time limit.
          indexing.push(await indexThroughApi(server.url, corpus.slice(0, size), clients, last ? Infinity : INDEXING_LIMIT_MS));
        } finally {
          await server.stop();
        }
        if (!last) return;
        log(`restarting on the ${count(size)}-document folder`);
        const restarted = await startChild('service', dataDir, false);
        try {
          restart = startLine(size, restarted.info);
          log(`time from a write's 200 to search results, ${visibilityWrites} writes each`);
          visibility = await measureVisibility(restarted.url, corpus[0], visibilityWrites);
          log(`searches for ${scenarioMs / 1000} s without writes, then with`);
          underWrites.push(await searchWhileWriting(restarted.url, corpus.slice(0, size), scenarioMs, false, 0));
          underWrites.push(await searchWhileWriting(restarted.url, corpus.slice(0, size), scenarioMs, true, 1));
        } finally {
          await restarted.stop();
        }
      });
    }
  }
  parts.push(
    `Indexing through the API (POST /api/as/v1/engines/{engine}/documents, ${BATCH} generated documents a request; each client sends its next batch once the last is answered, and none after ${INDEXING_LIMIT_MS / 1000} s except in the run the scenarios below use; the service in its own process, engine in its worker thread, a fresh data folder each run)\n\n${indexingTable(indexing)}\n\n${restart}`,
    `Time from a write's 200 to its effect in search results (${count(largest)} documents; after each write, the same search repeated back to back until its answer shows the change, for at most 2 s)\n\n${visibilityTable(visibility)}`,
    `Search latency while writes run (the proxy bench's searches: words or blank, 0 to 3 filters, 3 facets, pages 1 to 3; ${SEARCHERS} searchers back to back; writes start on a fixed schedule whether or not the last was answered)\n\n${searchUnderWritesTable(largest, underWrites)}`,
  );

  mark('service scenarios');

  // 4. The example site under one client's costliest searches.
  const homeRows: HomePageRow[] = [];
  const attacks = [
    { label: 'costliest search, 1 facet per field', request: costliestSearch(1) },
    // The quick run leaves out the limits' very most (each facet asked five times): it needs a fresh site of its own.
    ...(quick ? [] : [{ label: `costliest search, ${REQUEST_LIMITS.facetsPerFieldMax} facets per field`, request: costliestSearch(REQUEST_LIMITS.facetsPerFieldMax) }]),
  ];
  for (const inProcess of [false, true]) {
    const backend = inProcess ? 'server thread (`inProcess: true`)' : 'worker thread (default)';
    // The baseline, then the first attacker on the same site (the baseline leaves nothing queued); the second
    // attacker on a fresh site: what one attacker left queued on a server thread must not slow the next run.
    const sites = [[{ label: 'none (baseline)', request: undefined }, attacks[0]], ...attacks.slice(1).map((attack) => [attack])];
    for (const runs of sites) {
      await withDataDir(inProcess ? 'site-in-process' : 'site-worker', async (dataDir) => {
        log(`example site, engine on the ${inProcess ? 'server thread' : 'worker thread'}`);
        const site = await startChild('site', dataDir, inProcess);
        try {
          // Warm the page and the engine up before measuring.
          for (let n = 0; n < 5; n++) await (await fetch(`${site.url}/`)).text();
          await searchCall(site.url, SEARCH_ENGINE, { query: 'rates' });
          for (const run of runs) {
            log(`  home page, attacker: ${run.label}, ${homeMs / 1000} s`);
            homeRows.push({ backend, attack: run.label, ...(await homePageUnderAttack(site.url, homeMs, graceMs, run.request)) });
          }
        } finally {
          await site.kill();
        }
      });
    }
  }
  parts.push(
    `The example site's home page while one client sends the costliest search the limits allow at its rate limit (${ATTACKS_PER_SECOND} a second, the default 300 a minute; no words, page size ${REQUEST_LIMITS.pageSizeMax}, title, summary and body whole and snippeted at ${REQUEST_LIMITS.resultFieldSizeMax} characters, value facets of ${REQUEST_LIMITS.facetSizeMax} on every text field and ${REQUEST_LIMITS.facetRangesMax} date ranges; the site's deadline of 5 s and 2 searches at a time). Another client requests GET / back to back with ${PAGE_PAUSE_MS} ms between, for ${homeMs / 1000} s a row; requests still out ${graceMs / 1000} s after that are given up (counted with their time so far) and the site stopped; each attacker on a fresh site\n\n${homePageTable(homeRows)}`,
  );

  mark('example site scenarios');

  // 5. The libraries alone.
  log(`library add/remove/replace rates at ${count(largest)} documents`);
  const benchDocuments = toBenchDocuments(corpus);
  const libraryRows = [miniSearchRates(benchDocuments), await oramaRates(benchDocuments), ...(await liveIndexRates(corpus))];
  const api = indexing.find((row) => row.documents === largest && row.clients === 1);
  parts.push(
    `Adding, removing and replacing in the libraries themselves (${count(largest)} documents, in this process: no HTTP, no log, no worker; the embedded index alone, without the compaction its backend runs after writes)${api ? `; through the API above, ${count(api.perSecond)} documents/s with one client` : ''}\n\n${libraryTable(libraryRows)}`,
  );

  mark('library rates');
  const loadAfter = loadavg()[0];
  const busy = Math.max(loadBefore, loadAfter) > availableParallelism() ? ': more than the cores, so other work slowed these figures' : '';
  parts.push(`Load average ${loadBefore.toFixed(1)} at start, ${loadAfter.toFixed(1)} at end${busy}.`);
  console.log(parts.join('\n\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
