import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { PROXY_PATH } from 'civic-elements/core';
import type { EngineAdmin } from '../engines/engine-admin';
import type { EngineOptions } from '../service/create-search-service';
import { sameSiteOnly } from '../search-proxy/cors';
import { errorBody } from '../search-proxy/errors';
import { clientAddress } from '../search-proxy/rate-limit';
import { MESSAGES } from '../write-api/app-search-rules';
import { requirePrivateKey } from '../write-api/auth';
import { rootKeyRing } from '../credentials/require-key';
import type { KeyRing } from '../credentials/types';
import { crawlSite, crawlUrl, type CrawlSettings, type Extract } from './crawl';
import { CrawlHistory } from './crawl-history';
import { readState, stateWriter, type CrawlState } from './crawl-state';
import { engineCrawlRoutes, type EngineCrawl } from './engine-crawl-routes';
import { CRAWL_SCHEMA, CRAWL_SEARCH_FIELDS } from './extract/index';
import { formatSummary } from './progress';
import { createScope, type CrawlScope } from './scope';
import { adminSink } from './sinks';
import { normaliseUrl } from './urls';

/** A crawl the service runs itself: on a schedule, and one URL at a time through `POST /api/crawl`. */
export interface ServiceCrawl {
  /** The site's or its sitemap's URL. */
  url: string;
  engine: string;
  /** Milliseconds between runs; the first runs at start. None: it runs at start only (and through /api/crawl). */
  everyMs?: number;
  /** The rest of the crawl's options (as in `civic-search crawl --config`). */
  settings?: Omit<CrawlSettings, 'start'>;
}

export interface ServiceCrawlsOptions {
  crawls: readonly ServiceCrawl[];
  /** The service's own admin (its writes refresh what the service serves). */
  admin: EngineAdmin;
  privateKey: string;
  /**
   * The keys that may see an engine's crawl and crawl one of its pages again (`/api/crawl/engines/{engine}`), as for
   * the engine's other routes; default: only the service's own key. `POST /api/crawl` takes only the service's key.
   */
  keys?: KeyRing;
  /** Each crawl's state is kept here as `crawl-<engine>.json`, the file `civic-search crawl --data` uses too. */
  dataDir: string;
  log?: (line: string) => void;
  /** For tests: the page fetcher's fetch and the extractor. */
  fetch?: typeof fetch;
  extract?: Extract;
  /** `POST /api/crawl` calls one client may make a minute (default 60). */
  callsPerMinute?: number;
}

export interface ServiceCrawls {
  /** `POST /api/crawl` (and under `/_search-proxy`): mount at the root. */
  routes: Hono;
  /** Starts the schedules: each crawl's first run begins at once, without holding anything up. */
  start(): void;
  /** Runs a crawl now (unless it is running already, then waits for that run). */
  runNow(engine: string): Promise<void>;
  /** Stops the schedules and the runs under way (what they did is written and saved). */
  stop(): Promise<void>;
}

/** URLs waiting for a one-URL crawl, per crawl: more are refused until some are done. */
const MAX_QUEUED_URLS = 1000;

/** The engines the service's crawls fill, as engine options: created with the crawl's fields and weights. */
export function crawlEngines(crawls: readonly ServiceCrawl[] | undefined, engines: readonly EngineOptions[]): EngineOptions[] {
  const named = new Set(engines.map((engine) => engine.name));
  const added = (crawls ?? [])
    .filter((crawl) => !named.has(crawl.engine))
    .map((crawl) => ({ name: crawl.engine, schema: CRAWL_SCHEMA, searchFields: CRAWL_SEARCH_FIELDS }));
  return [...engines, ...added.filter((engine, index) => added.findIndex((other) => other.name === engine.name) === index)];
}

interface Job {
  crawl: ServiceCrawl;
  scope: CrawlScope;
  state?: Promise<CrawlState>;
  save: (state: CrawlState) => Promise<void>;
  running?: Promise<void>;
  timers: NodeJS.Timeout[];
  queued: Set<string>;
  draining?: Promise<void>;
  history: CrawlHistory;
  /** When the schedule starts the next run (ms), if it has one. */
  nextRunAt?: number;
}

/**
 * The service's own crawls. A scheduled run never overlaps another run of the same crawl (a tick that finds one
 * running is skipped); a failing run is logged and the schedule goes on. One-URL crawls share the crawl's state
 * in memory with its runs, so neither overwrites what the other learnt.
 */
export function serviceCrawls(options: ServiceCrawlsOptions): ServiceCrawls {
  const log = options.log ?? ((line: string) => console.log(line));
  const stateFile = (engine: string) => join(options.dataDir, `crawl-${engine}.json`);
  const stopping = new AbortController();
  const jobs: Job[] = options.crawls.map((crawl) => {
    const start = normaliseUrl(crawl.url);
    if (!start) throw new Error(`crawl ${JSON.stringify(crawl.url)}: give the site's http(s) URL.`);
    return {
      crawl,
      scope: createScope([start.host, ...(crawl.settings?.hosts ?? [])], crawl.settings?.include, crawl.settings?.exclude),
      save: stateWriter(stateFile(crawl.engine)),
      queued: new Set<string>(),
      timers: [],
      history: new CrawlHistory(),
    };
  });
  const stateOf = (job: Job) => (job.state ??= readState(stateFile(job.crawl.engine), job.crawl.url, job.crawl.engine));
  const dependencies = async (job: Job) => ({
    sink: adminSink(options.admin, job.crawl.engine),
    state: await stateOf(job),
    saveState: job.save,
    signal: stopping.signal,
    ...(options.fetch && { fetch: options.fetch }),
    ...(options.extract && { extract: options.extract }),
  });
  const settingsOf = (job: Job): CrawlSettings => ({ ...job.crawl.settings, start: job.crawl.url });

  const run = (job: Job): Promise<void> => {
    job.running ??= (async () => {
      const startedAt = Date.now();
      try {
        const deps = await dependencies(job);
        await deps.sink.prepare(CRAWL_SCHEMA);
        const summary = await crawlSite(settingsOf(job), deps);
        job.history.ran(startedAt, summary);
        log(formatSummary(summary, `engine "${job.crawl.engine}"`));
      } catch (error) {
        job.history.runFailed(startedAt, error as Error);
        log(`civic-search: the crawl of ${job.crawl.url} into "${job.crawl.engine}" failed: ${(error as Error).message}`);
      } finally {
        job.running = undefined;
      }
    })();
    return job.running;
  };

  /** One-URL crawls of a job run one after another, in the order asked. */
  const drain = (job: Job) => {
    job.draining ??= (async () => {
      while (job.queued.size > 0 && !stopping.signal.aborted) {
        const url = job.queued.values().next().value as string;
        job.queued.delete(url);
        try {
          const deps = await dependencies(job);
          await deps.sink.prepare(CRAWL_SCHEMA);
          const result = await crawlUrl(url, settingsOf(job), deps);
          job.history.recrawled(result);
          log(`civic-search: crawled ${result.url} into "${job.crawl.engine}": ${result.outcome}${result.reason ? ` (${result.reason})` : ''}`);
        } catch (error) {
          job.history.recrawled({ url, outcome: 'failed', reason: (error as Error).message });
          log(`civic-search: crawling ${url} failed: ${(error as Error).message}`);
        }
      }
      job.draining = undefined;
    })();
  };

  const refuse = (c: Context, status: 400 | 403 | 404 | 415 | 429, message: string) =>
    c.json(errorBody([message]), status, { 'Cache-Control': 'no-store' });
  const fromThisSiteOnly = sameSiteOnly((c) => refuse(c, 403, MESSAGES.otherSites));
  const limited = rateLimiter({
    windowMs: 60_000,
    limit: options.callsPerMinute ?? 60,
    standardHeaders: 'draft-6',
    keyGenerator: clientAddress,
    handler: (c) => refuse(c, 429, 'Too many crawl requests from your connection. Please wait a moment and try again.'),
  });
  const routes = new Hono();
  /** The page a request asks to crawl again, or the answer refusing the request. */
  const readUrl = async (c: Context): Promise<string | Response> => {
    const type = (c.req.header('content-type') ?? '').split(';', 1)[0].trim().toLowerCase();
    const text = (await c.req.text()).slice(0, 16_384);
    let url: unknown;
    if (type === 'application/json') {
      try {
        url = (JSON.parse(text) as { url?: unknown } | null)?.url;
      } catch {
        return refuse(c, 400, MESSAGES.invalidJson);
      }
    } else if (type === 'application/x-www-form-urlencoded') url = new URLSearchParams(text).get('url');
    else return refuse(c, 415, 'Send {"url": "..."} as application/json, or url=... as a form.');
    if (typeof url !== 'string' || url.trim() === '') return refuse(c, 400, 'Give the page to crawl again: {"url": "https://..."}.');
    return url;
  };
  /** Queues a URL of one of `candidates`' sites; only URLs of a configured crawl: the service never fetches an address a caller makes up. */
  const queue = (candidates: readonly Job[], url: string): { url: string } | { status: 400 | 429; problem: string } => {
    const target = normaliseUrl(url);
    const job = target && candidates.find((candidate) => candidate.scope.allows(target));
    if (!target || !job) return { status: 400, problem: 'The URL is not within a site this service crawls.' };
    if (!job.queued.has(target.href) && job.queued.size >= MAX_QUEUED_URLS) {
      return { status: 429, problem: 'Too many pages are waiting to be crawled; try again later.' };
    }
    job.queued.add(target.href);
    drain(job);
    return { url: target.href };
  };
  const handler = async (c: Context) => {
    const url = await readUrl(c);
    if (url instanceof Response) return url;
    if (jobs.length === 0) return refuse(c, 404, 'This service has no crawl configured (serve --crawl).');
    const queued = queue(jobs, url);
    if ('problem' in queued) return refuse(c, queued.status, queued.problem);
    return c.json({ url: queued.url, queued: true }, 202, { 'Cache-Control': 'no-store' });
  };
  for (const path of ['/api/crawl', `${PROXY_PATH}/api/crawl`]) {
    routes.post(path, fromThisSiteOnly, requirePrivateKey(options.privateKey), limited, handler);
    routes.all(path, (c) => c.json(errorBody([`${c.req.method} is not allowed here; use POST.`]), 405, { Allow: 'POST' }));
  }
  const engineCrawl = (job: Job): EngineCrawl => ({
    status: () => ({
      engine: job.crawl.engine,
      url: job.crawl.url,
      every_ms: job.crawl.everyMs ?? null,
      next_run_at: job.nextRunAt === undefined ? null : new Date(job.nextRunAt).toISOString(),
      running: job.running !== undefined,
      queued_urls: job.queued.size,
      runs: job.history.runs,
      pages: job.history.pages,
    }),
    recrawl: (url) => queue([job], url),
  });
  routes.route(
    '/',
    engineCrawlRoutes({
      keys: options.keys ?? rootKeyRing(options.privateKey),
      crawlOf: (engine) => {
        const job = jobs.find((candidate) => candidate.crawl.engine === engine);
        return job && engineCrawl(job);
      },
      guards: { sameSite: fromThisSiteOnly, limited },
      readUrl,
    }),
  );

  return {
    routes,
    start() {
      for (const job of jobs) {
        const everyMs = job.crawl.everyMs;
        const tick = () => {
          job.nextRunAt = everyMs ? Date.now() + everyMs : undefined;
          if (!job.running) void run(job);
        };
        // Timers do not keep the process alive: the server does, and stop() ends them.
        job.nextRunAt = Date.now();
        job.timers.push(setTimeout(tick, 0).unref());
        if (everyMs) job.timers.push(setInterval(tick, everyMs).unref());
      }
    },
    async runNow(engine) {
      const job = jobs.find((candidate) => candidate.crawl.engine === engine);
      if (job) await run(job);
    },
    async stop() {
      stopping.abort();
      for (const job of jobs) job.timers.forEach(clearTimeout);
      await Promise.all(jobs.flatMap((job) => [job.running, job.draining]));
    },
  };
}
