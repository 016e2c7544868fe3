import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
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
import { failedRunRecord, pageRecord, runRecord, type CrawlRunRecord, type PageRecrawlRecord } from './crawl-history';
import type { CrawlStore, LoadedState } from './crawl-store';
import { openFolderCrawlStore } from './folder-crawl-store';
import { HeldLease, LEASE_TTL_MS } from './held-lease';
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
  /**
   * Where each crawl's state, history and lease are kept; default: files in `dataDir` (`crawl-<engine>.json`, the
   * file `civic-search crawl --data` uses too). The caller closes a store it gives.
   */
  store?: CrawlStore;
  dataDir: string;
  /** How long a crawl's lease lasts unless renewed (default 30 s; tests make it short). */
  leaseTtlMs?: number;
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
  /** The engine's lease while this process crawls it, shared by its run and its one-URL crawls. */
  lease?: Promise<HeldLease | undefined>;
  /** Runs and one-URL crawls of this process holding the lease now: the last one out gives it up. */
  leaseUsers: number;
  /** The state this process works on while it holds the lease (read again once it takes it anew). */
  loaded?: Promise<LoadedState>;
  running?: Promise<void>;
  timers: NodeJS.Timeout[];
  queued: Set<string>;
  draining?: Promise<void>;
  /** When the schedule starts the next run (ms), if it has one. */
  nextRunAt?: number;
}

/**
 * The service's own crawls. One process at a time crawls an engine, across every process sharing the store: a run
 * takes the engine's lease first, and a scheduled run that finds another process holding it is skipped and logged.
 * Within a process a run never overlaps another run of the same crawl (a tick that finds one running is skipped);
 * a failing run is logged and the schedule goes on. One-URL crawls share the lease and the state in memory with
 * the process's run, so neither overwrites what the other learnt. A one-URL crawl asked of a process while another
 * process holds the lease still runs, at once (a CMS's publish should not wait for a whole crawl elsewhere): it
 * writes the page's document but not the state, which only the holder writes; the holder's next run finds the
 * page changed and writes it once more. Runs and re-crawled pages go into the store's shared history.
 */
export function serviceCrawls(options: ServiceCrawlsOptions): ServiceCrawls {
  const log = options.log ?? ((line: string) => console.log(line));
  const store = options.store ?? openFolderCrawlStore(options.dataDir);
  const leaseTtlMs = options.leaseTtlMs ?? LEASE_TTL_MS;
  /** Who this process is, in leases and logs: the host, the process and this set of crawls. */
  const holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const jobs: Job[] = options.crawls.map((crawl) => {
    const start = normaliseUrl(crawl.url);
    if (!start) throw new Error(`crawl ${JSON.stringify(crawl.url)}: give the site's http(s) URL.`);
    return {
      crawl,
      scope: createScope([start.host, ...(crawl.settings?.hosts ?? [])], crawl.settings?.include, crawl.settings?.exclude),
      leaseUsers: 0,
      queued: new Set<string>(),
      timers: [],
    };
  });
  const engineOf = (job: Job) => job.crawl.engine;

  /** The engine's lease for one more user in this process, or undefined while another process holds it. */
  const acquire = async (job: Job): Promise<HeldLease | undefined> => {
    job.leaseUsers++;
    job.lease ??= HeldLease.take(store, engineOf(job), holder, leaseTtlMs, () =>
      log(`civic-search: the crawl of "${engineOf(job)}" lost its lease to another process; it stops without saving.`),
    );
    const pending = job.lease;
    try {
      const lease = await pending;
      if (lease) return lease;
    } catch (error) {
      await release(job, pending);
      throw error;
    }
    await release(job, pending);
    return undefined;
  };
  /** One user fewer; the last gives the lease up, and the state read under it is read again next time. */
  const release = async (job: Job, pending = job.lease) => {
    job.leaseUsers--;
    if (job.leaseUsers > 0 || job.lease !== pending) return;
    job.lease = undefined;
    job.loaded = undefined;
    const lease = await pending?.catch(() => undefined);
    await lease?.release().catch((error: Error) => log(`civic-search: the crawl lease of "${engineOf(job)}" was not given up (it lapses by itself): ${error.message}`));
  };
  const loadedState = (job: Job) => {
    const loading = (job.loaded ??= store.loadState(engineOf(job), job.crawl.url));
    loading.catch(() => {
      if (job.loaded === loading) job.loaded = undefined;
    });
    return loading;
  };
  const common = (job: Job) => ({
    sink: adminSink(options.admin, engineOf(job)),
    ...(options.fetch && { fetch: options.fetch }),
    ...(options.extract && { extract: options.extract }),
  });
  /** What a crawl holding the lease works with: the shared state, saved unless the lease was lost meanwhile. */
  const leasedDependencies = async (job: Job, lease: HeldLease) => {
    const { state, save } = await loadedState(job);
    return {
      ...common(job),
      state,
      saveState: (current: typeof state) => (lease.lost ? Promise.reject(new Error('the crawl lease was lost to another process: not saved')) : save(current)),
      signal: AbortSignal.any([stopping.signal, lease.signal]),
    };
  };
  const settingsOf = (job: Job): CrawlSettings => ({ ...job.crawl.settings, start: job.crawl.url });
  /** History is kept for the status; a store that cannot take it now is logged, and the crawl's work stands. */
  const remember = (job: Job, record: { run: CrawlRunRecord } | { page: PageRecrawlRecord }) =>
    ('run' in record ? store.addRun(engineOf(job), record.run) : store.addPage(engineOf(job), record.page)).catch((error: Error) =>
      log(`civic-search: the crawl history of "${engineOf(job)}" could not be saved: ${error.message}`),
    );

  const run = (job: Job): Promise<void> => {
    job.running ??= (async () => {
      const startedAt = Date.now();
      let lease: HeldLease | undefined;
      try {
        lease = await acquire(job);
        if (!lease) {
          const other = await store.leaseHolder(engineOf(job)).catch(() => undefined);
          log(`civic-search: the crawl of ${job.crawl.url} into "${engineOf(job)}" is skipped: another process${other ? ` (${other})` : ''} is crawling it.`);
          return;
        }
        const deps = await leasedDependencies(job, lease);
        await deps.sink.prepare(CRAWL_SCHEMA);
        const summary = await crawlSite(settingsOf(job), deps);
        await remember(job, { run: runRecord(startedAt, summary) });
        log(formatSummary(summary, `engine "${engineOf(job)}"`));
      } catch (error) {
        await remember(job, { run: failedRunRecord(startedAt, error as Error) });
        log(`civic-search: the crawl of ${job.crawl.url} into "${engineOf(job)}" failed: ${(error as Error).message}`);
      } finally {
        if (lease) await release(job);
        job.running = undefined;
      }
    })();
    return job.running;
  };

  /** Crawls one URL: with the lease when it is free or this process holds it, else without saving the state. */
  const crawlOne = async (job: Job, url: string) => {
    const lease = await acquire(job);
    try {
      const deps = lease
        ? await leasedDependencies(job, lease)
        : { ...common(job), state: (await store.loadState(engineOf(job), job.crawl.url)).state, signal: stopping.signal };
      await deps.sink.prepare(CRAWL_SCHEMA);
      return await crawlUrl(url, settingsOf(job), deps);
    } finally {
      if (lease) await release(job);
    }
  };

  /** One-URL crawls of a job run one after another, in the order asked. */
  const drain = (job: Job) => {
    job.draining ??= (async () => {
      while (job.queued.size > 0 && !stopping.signal.aborted) {
        const url = job.queued.values().next().value as string;
        job.queued.delete(url);
        try {
          const result = await crawlOne(job, url);
          await remember(job, { page: pageRecord(result) });
          log(`civic-search: crawled ${result.url} into "${engineOf(job)}": ${result.outcome}${result.reason ? ` (${result.reason})` : ''}`);
        } catch (error) {
          await remember(job, { page: pageRecord({ url, outcome: 'failed', reason: (error as Error).message }) });
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
    status: async () => {
      const [history, leaseHolder] = await Promise.all([store.history(engineOf(job)), store.leaseHolder(engineOf(job))]);
      return {
        engine: engineOf(job),
        url: job.crawl.url,
        every_ms: job.crawl.everyMs ?? null,
        next_run_at: job.nextRunAt === undefined ? null : new Date(job.nextRunAt).toISOString(),
        running: job.running !== undefined || (leaseHolder !== undefined && leaseHolder !== holder),
        queued_urls: job.queued.size,
        runs: history.runs,
        pages: history.pages,
      };
    },
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
