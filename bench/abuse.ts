/**
 * `npm run bench -- abuse`: one client inside every limit, asking for the costliest thing each route allows, against
 * the example site with its real search service (the embedded engine in its worker thread) on loopback. Another
 * client requests the home page back to back, first with no attack, then while the attacker sends, all at once:
 * - the proxy's costliest search that fits the answer cap, at the proxy's request limit (5 a second);
 * - the server-rendered search results page with every document type and topic ticked and 100 results, 10 a second;
 * - the document library's and the news listing's results fragments for a common word, 10 a second each;
 * - feedback posts at their limit (30 a minute).
 * The attack runs twice: with the site's cost limits (the defaults), and with them turned off (the proxy's cost
 * budget and answer cap, the site's page budget; the request and post limits stay), each on a fresh site.
 * Prints the home page's p50 and p95 and their ratio to the baseline, and what the attacker got from each route.
 * Figures are reported, never asserted. `--quick` shortens each phase to 8 s.
 */
import { spawn } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import type { ApiSearchRequest } from '../src/core/search/app-search-api';
import { createSiteApp } from '../examples/site/app';
import { siteSearchOptions } from '../examples/site/search/site-search';
import { SEARCH_ENGINE } from '../examples/site/search/search-engine';
import { siteDocuments } from '../examples/content/site-documents';
import { REQUEST_LIMITS } from '../packages/civic-search/src/search-proxy/limits';
import { DEFAULT_RATE_LIMIT } from '../packages/civic-search/src/search-proxy/rate-limit';
import { DEFAULT_COST_BUDGET, DEFAULT_MAX_ANSWER_BYTES } from '../packages/civic-search/src/search-proxy';
import { PAGE_COST_BUDGET } from '../examples/site/server/page-cost-limit';
import { FEEDBACK_RATE_LIMIT } from '../examples/site/server/feedback';
import { checkedSearchAnswer } from '../packages/civic-search/src/search-proxy/backend-answer';
import { log, sleep, spread, type Spread } from './stats';
import { costliestSearch } from './write-api';

const quick = process.argv.includes('--quick');
const PHASE_MS = quick ? 8_000 : 20_000;
/** Requests still out this long after a phase are given up (counted with their time so far). */
const GRACE_MS = 10_000;
/** Between two home page requests of the measuring client (it measures; it does not load the server itself). */
const PAGE_PAUSE_MS = 100;
/**
 * The proxy attacker's search: no words, every searched field whole and snippeted at 1,000 characters, a facet of
 * every field at its largest (a value facet of a text field lists whole texts: the body's alone is 260 KB), and as
 * many results as fit under the answer cap on this site, found from two smaller answers (on the site without
 * limits, before its attack).
 */
const PROXY_ATTACK_FACETS_PER_FIELD = 1;

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : 'n/a');
const megabytes = (bytes: number) => (bytes / 1e6).toFixed(bytes < 1e6 ? 2 : 1);

// ---------------------------------------------------------------------------------------------------------------
// The site, in a child process (the attacker's and the measurer's own work must not slow the server's thread)

/** Child process: the example site on a loopback port, limits on or off; prints its port, closes when stdin ends. */
async function serveSite(dataDir: string, limits: boolean): Promise<void> {
  process.env.SITE_DATA_DIR = join(dataDir, 'site');
  const search = siteSearchOptions({ ...process.env, SEARCH_DATA_DIR: join(dataDir, 'search') });
  const { app, search: service } = await createSiteApp({
    distRoot: 'dist',
    search: limits ? search : { ...search, costBudget: false, maxAnswerBytes: 2 ** 30 },
    ...(!limits && { pageCostBudget: false }),
  });
  await service.ready();
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  server.close();
  await service.close();
  process.exit(0);
}

interface Site {
  url: string;
  stop(): Promise<void>;
}

async function startSite(limits: boolean): Promise<Site> {
  const dataDir = await mkdtemp(join(tmpdir(), 'civic-abuse-'));
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dataDir, limits ? 'limits' : 'no-limits'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    void exited.then(() => reject(new Error('the example site stopped before it was ready')));
    createInterface({ input: child.stdout }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(timer);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** One request on a connection of its own, as a new visitor's browser (or a script rotating connections) opens. */
function freshRequest(
  url: string,
  { method = 'GET', body, type, origin, signal }: { method?: string; body?: string; type?: string; origin?: string; signal: AbortSignal },
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { connection: 'close', ...(type && { 'content-type': type }), ...(origin && { origin }) };
    const request = httpRequest(url, { method, agent: false, signal, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

interface AttackRoute {
  label: string;
  perSecond: number;
  send(site: string, signal: AbortSignal): Promise<{ status: number; bytes: number }>;
}

/** The search page's address asking for the most: a common word, every type and topic ticked, 100 results. */
function costliestResultsPage(): string {
  const documents = siteDocuments();
  const params = new URLSearchParams({ Search: 'council', size: '100' });
  for (const type of new Set(documents.map((document) => document.document_type).filter(Boolean))) params.append('type', String(type));
  for (const topic of new Set(documents.map((document) => document.topic).filter(Boolean))) params.append('topic', String(topic));
  return `/search/SearchForm?${params}`;
}

const proxySearch = (size: number) =>
  ({ ...costliestSearch(PROXY_ATTACK_FACETS_PER_FIELD), page: { size, current: 1 } }) as ApiSearchRequest;

/**
 * The most results of the proxy attacker's search whose answer fits under the cap (5% kept spare), by halving: a
 * blank query's first results are not the size of its later ones, so it is measured, not extrapolated.
 */
async function resultsUnderCap(site: string): Promise<number> {
  const fits = async (size: number) => {
    const response = await fetch(`${site}/api/as/v1/engines/${SEARCH_ENGINE}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(proxySearch(size)),
    });
    if (response.status !== 200) throw new Error(`the sizing search answered ${response.status}`);
    return (await response.arrayBuffer()).byteLength <= 0.95 * DEFAULT_MAX_ANSWER_BYTES;
  };
  let low = 0;
  let high: number = REQUEST_LIMITS.pageSizeMax;
  if (await fits(high)) return high;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await fits(Math.max(middle, 1))) low = middle;
    else high = middle;
  }
  return Math.max(low, 1);
}

/**
 * The server thread's own work on one large answer as the proxy does it (the answer's checks, JSON and the secret
 * scan), in CPU milliseconds: the median of 11, on the largest answer the limits allow without the cap (1,000 results).
 */
async function answerWorkMs(site: string): Promise<{ bytes: number; cpuMs: number }> {
  const response = await fetch(`${site}/api/as/v1/engines/${SEARCH_ENGINE}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(proxySearch(REQUEST_LIMITS.pageSizeMax)),
  });
  const text = await response.text();
  const cpu: number[] = [];
  for (let run = 0; run < 11; run++) {
    const answer: unknown = JSON.parse(text);
    const started = process.cpuUsage();
    JSON.stringify(checkedSearchAnswer(answer)).includes('a-private-key-that-is-not-there');
    const used = process.cpuUsage(started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { bytes: Buffer.byteLength(text), cpuMs: spread(cpu).p50 };
}

function attackRoutes(proxyResults: number): AttackRoute[] {
  const body = JSON.stringify(proxySearch(proxyResults));
  const resultsPage = costliestResultsPage();
  return [
    {
      label: `proxy: costliest search under the cap (${proxyResults} results, every field whole and snippeted at 1,000 characters, a facet of every field)`,
      perSecond: DEFAULT_RATE_LIMIT.limit / (DEFAULT_RATE_LIMIT.windowMs / 1000),
      send: (site, signal) =>
        freshRequest(`${site}/api/as/v1/engines/${SEARCH_ENGINE}/search`, { method: 'POST', body, type: 'application/json', signal }),
    },
    {
      label: 'search results page: 100 results, every type and topic ticked',
      perSecond: 10,
      send: (site, signal) => freshRequest(`${site}${resultsPage}`, { signal }),
    },
    { label: 'document library results fragment', perSecond: 10, send: (site, signal) => freshRequest(`${site}/documents?keywords=council&fragment=results`, { signal }) },
    { label: 'news results fragment', perSecond: 10, send: (site, signal) => freshRequest(`${site}/news?keywords=council&fragment=results`, { signal }) },
    {
      label: 'feedback posts',
      perSecond: FEEDBACK_RATE_LIMIT.limit / (FEEDBACK_RATE_LIMIT.windowMs / 1000),
      send: (site, signal) =>
        freshRequest(`${site}/feedback`, {
          method: 'POST',
          body: 'page=%2F&useful=no',
          type: 'application/x-www-form-urlencoded',
          origin: site,
          signal,
        }),
    },
  ];
}

interface RouteOutcome {
  label: string;
  sent: number;
  statuses: Map<string, number>;
  /** Bytes of the 200 answers. */
  bytes: number[];
}

interface PhaseResult {
  page: Spread;
  pageFailed: number;
  pageUnanswered: number;
  routes: RouteOutcome[];
}

/** The home page back to back for PHASE_MS while each attack route (if any) sends on its own fixed schedule. */
async function phase(site: string, routes: readonly AttackRoute[]): Promise<PhaseResult> {
  const end = performance.now() + PHASE_MS;
  const cutOff = AbortSignal.timeout(PHASE_MS + GRACE_MS);
  setMaxListeners(0, cutOff);
  const page: number[] = [];
  let pageFailed = 0;
  let pageUnanswered = 0;
  const measurer = (async () => {
    while (performance.now() < end && !cutOff.aborted) {
      const started = performance.now();
      try {
        const response = await freshRequest(`${site}/`, { signal: cutOff });
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
  const sending: Promise<void>[] = [];
  const outcomes = routes.map((route): RouteOutcome => ({ label: route.label, sent: 0, statuses: new Map(), bytes: [] }));
  const attackers = routes.map(async (route, index) => {
    const outcome = outcomes[index];
    const tally = (what: string) => outcome.statuses.set(what, (outcome.statuses.get(what) ?? 0) + 1);
    const started = performance.now();
    for (let slot = 0; ; slot++) {
      const due = started + (slot * 1000) / route.perSecond;
      if (due >= end) break;
      if (due > performance.now()) await sleep(due - performance.now());
      outcome.sent += 1;
      sending.push(
        route.send(site, cutOff).then(
          (response) => {
            tally(String(response.status));
            if (response.status === 200) outcome.bytes.push(response.bytes);
          },
          (error: Error) => {
            tally(cutOff.aborted ? 'unanswered' : error.message);
          },
        ),
      );
    }
  });
  await Promise.all([measurer, ...attackers]);
  await Promise.all(sending);
  return { page: spread(page), pageFailed, pageUnanswered, routes: outcomes };
}

// ---------------------------------------------------------------------------------------------------------------

interface Row {
  limits: string;
  attack: string;
  result: PhaseResult;
}

/** The baseline first, then the attack with limits, then without. */
const rank = (row: Row) => (row.result.routes.length === 0 ? 0 : row.limits === 'off' ? 2 : 1);
const order = (rows: readonly Row[]) => [...rows].sort((a, b) => rank(a) - rank(b));

function homeTable(rows: readonly Row[]): string {
  const baseline = rows.find((row) => row.result.routes.length === 0)?.result.page;
  const ratio = (value: number, base: number | undefined) => (base ? `${(value / base).toFixed(1)}×` : '–');
  const lines = [
    '| Cost limits | Attacker | GET / answered | p50 ms | p95 ms | max ms | p50 × baseline | p95 × baseline |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { limits, attack, result } of rows) {
    const { page, pageFailed, pageUnanswered } = result;
    const notes = [pageFailed && `${pageFailed} failed`, pageUnanswered && `${pageUnanswered} unanswered at the cut-off`].filter(Boolean).join(', ');
    const attacked = result.routes.length > 0;
    lines.push(
      `| ${limits} | ${attack} | ${page.count}${notes ? ` (${notes})` : ''} | ${ms(page.p50)} | ${ms(page.p95)} | ${pageUnanswered ? '≥ ' : ''}${ms(page.max)} | ${attacked ? ratio(page.p50, baseline?.p50) : '–'} | ${attacked ? ratio(page.p95, baseline?.p95) : '–'} |`,
    );
  }
  return lines.join('\n');
}

function attackerTable(rows: readonly Row[], routes: readonly AttackRoute[]): string {
  const lines = [
    '| Cost limits | Route | Rate /s | Sent | Answers | 200s: MB in all | 200s: median KB |',
    '|---|---|---:|---:|---|---:|---:|',
  ];
  for (const { limits, result } of rows) {
    for (const route of result.routes) {
      const answers = [...route.statuses].sort(([a], [b]) => a.localeCompare(b)).map(([status, times]) => `${status} ×${times}`).join(', ');
      const total = route.bytes.reduce((sum, bytes) => sum + bytes, 0);
      const median = spread(route.bytes).p50;
      const rate = routes.find((candidate) => candidate.label === route.label)?.perSecond ?? NaN;
      lines.push(
        `| ${limits} | ${route.label} | ${rate} | ${route.sent} | ${answers} | ${megabytes(total)} | ${Number.isFinite(median) ? (median / 1024).toFixed(0) : 'n/a'} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  let routes: AttackRoute[] = [];
  let answerWork = { bytes: NaN, cpuMs: NaN };
  // Without limits first: the attacker's search is sized there, where sizing it costs no budget.
  for (const limits of [false, true]) {
    const label = limits ? 'on (defaults)' : 'off';
    log(`example site, cost limits ${label}: starting`);
    const site = await startSite(limits);
    try {
      // Warm the page, the engine and the routes up before measuring.
      for (let n = 0; n < 5; n++) await (await fetch(`${site.url}/`)).text();
      await (await fetch(`${site.url}/search/SearchForm?Search=rates`)).text();
      await (await fetch(`${site.url}/documents?keywords=rates`)).text();
      if (!limits) {
        const size = await resultsUnderCap(site.url);
        log(`  the proxy attacker's search: ${size} results`);
        routes = attackRoutes(size);
        answerWork = await answerWorkMs(site.url);
      }
      if (limits) {
        log(`  home page alone, ${PHASE_MS / 1000} s`);
        rows.push({ limits: label, attack: 'none (baseline)', result: await phase(site.url, []) });
      }
      log(`  home page under attack, ${PHASE_MS / 1000} s`);
      rows.push({ limits: label, attack: 'every route at once', result: await phase(site.url, routes) });
    } finally {
      await site.stop();
    }
  }
  const budget = `${DEFAULT_COST_BUDGET.refillPerSecond} units a second, burst ${DEFAULT_COST_BUDGET.burst}`;
  const pages = `${PAGE_COST_BUDGET.refillPerSecond} a second, burst ${PAGE_COST_BUDGET.burst}`;
  console.log(
    [
      `The example site (embedded engine in its worker thread, 2,000+ documents) on loopback, in its own process. One client requests GET / back to back with ${PAGE_PAUSE_MS} ms between, for ${PHASE_MS / 1000} s a phase: alone, then while one attacking client (the same address) sends every route's costliest request at once, each on a fixed schedule on connections of its own. Cost limits on: the proxy's budget (${budget}) and answer cap (${DEFAULT_MAX_ANSWER_BYTES / 2 ** 20} MiB), the site's page budget (${pages}); off: those three off (request and post limits stay), on a fresh site. Requests still out ${GRACE_MS / 1000} s after a phase are given up.`,
      '',
      homeTable(order(rows)),
      '',
      'What the attacker got:',
      '',
      attackerTable(order(rows), routes),
      '',
      `The server thread's own work on an answer of ${megabytes(answerWork.bytes)} MB (${REQUEST_LIMITS.pageSizeMax} results; checks, JSON and the secret scan, as the proxy does them): ${ms(answerWork.cpuMs)} ms of CPU (median of 11, in this process).`,
    ].join('\n'),
  );
}

if (process.argv[2] === '--serve') await serveSite(process.argv[3], process.argv[4] === 'limits');
else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
