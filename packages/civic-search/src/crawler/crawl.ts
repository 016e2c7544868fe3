import { createHash } from 'node:crypto';
import packageInfo from '../../package.json' with { type: 'json' };
import type { CrawledDocument, Extraction, ExtractionConfig, FetchedResource } from './extract/index';
import type { CrawlState, UrlState } from './crawl-state';
import { fetchResource, type FetchLimits, type FetchOutcome, type ResourceKind } from './fetch-resource';
import { HostGate } from './host-gate';
import { readRobots, type RobotsRules } from './robots';
import { createScope, type CrawlScope } from './scope';
import { parseSitemap } from './sitemaps';
import type { DocumentSink, SinkDocument } from './sinks';
import { documentId, looksLikeSitemap, normaliseUrl, type UrlRules } from './urls';

/** The crawler's product token in robots.txt (`User-agent: civic-search-crawler`). */
export const CRAWLER_AGENT = 'civic-search-crawler';
const HOMEPAGE = 'https://www.npmjs.com/package/civic-search';
/** Honest by default: who is crawling, and where a site's owner can read what it does. */
export const DEFAULT_USER_AGENT = `${CRAWLER_AGENT}/${packageInfo.version} (+${HOMEPAGE})`;

/** What a crawl does, with the defaults of `civic-search crawl`. */
export interface CrawlSettings {
  /** The site's address (crawled from its home page) or a sitemap's (`.xml`, `.xml.gz`). */
  start: string;
  /** Hosts crawled besides the start URL's (host and port, e.g. `www.example.govt.nz`). */
  hosts?: readonly string[];
  /** Path globs: only matching paths are crawled (all when none). */
  include?: readonly string[];
  /** Path globs never crawled. */
  exclude?: readonly string[];
  /** Query parameters dropped from URLs (`utm_*` style prefixes allowed). */
  dropQueryParameters?: readonly string[];
  /** Pages fetched at most (default 10,000). */
  maxPages?: number;
  /** The crawl stops after this long (default 1 h). */
  maxTimeMs?: number;
  /** Requests at once to one host (default 2). */
  concurrency?: number;
  /** Milliseconds between request starts to one host (default 250); a larger robots.txt Crawl-delay wins. */
  delayMs?: number;
  userAgent?: string;
  limits?: Partial<FetchLimits>;
  /** Passed to the extractor: field mapping, type and topic rules, content selector. */
  extraction?: ExtractionConfig;
  /** A host's Retry-After is honoured up to this long (default 60 s); longer, the URL fails for this crawl. */
  maxRetryAfterMs?: number;
  /** A robots.txt Crawl-delay is honoured up to this long (default 60 s). */
  maxCrawlDelayMs?: number;
  /**
   * Skip fetching a page indexed before whose sitemap `<lastmod>` is the same as then (default false). Only for sites
   * whose sitemaps change a page's lastmod whenever its content changes; otherwise a conditional request decides.
   */
  trustSitemapLastmod?: boolean;
}

export const CRAWL_DEFAULTS = {
  maxPages: 10_000,
  maxTimeMs: 3_600_000,
  concurrency: 2,
  delayMs: 250,
  maxRetryAfterMs: 60_000,
  maxCrawlDelayMs: 60_000,
} as const;

/** Documents written at most per request (App Search's limit). */
export const WRITE_BATCH = 100;
/** Sitemaps read at most in one crawl (index files included). */
const MAX_SITEMAPS = 1000;
/** A URL answered 429 or 503 is tried again at most this many times. */
const MAX_RETRIES = 2;

export type Extract = (resource: FetchedResource, config?: ExtractionConfig) => Promise<Extraction>;

export interface CrawlDependencies {
  sink: DocumentSink;
  /** The state of earlier crawls (changed in place). */
  state: CrawlState;
  /** Called after each batch of writes and at the end. */
  saveState?: (state: CrawlState) => Promise<void>;
  /** The page fetcher's fetch (tests inject one); the sink has its own. */
  fetch?: typeof fetch;
  /** The extractor (default: `./extract`, loaded when first needed). */
  extract?: Extract;
  /** Aborting stops the crawl: requests under way are abandoned, what was learnt is written and saved. */
  signal?: AbortSignal;
  onProgress?: (progress: CrawlProgress) => void;
}

export interface CrawlProgress {
  /** URLs found in scope (queued or done). */
  found: number;
  /** Pages and documents requested. */
  fetched: number;
  /** Documents written (new or changed). */
  indexed: number;
  /** Unchanged since the last crawl (304 or the same content): nothing written. */
  unchanged: number;
  /** Fetched but not indexed: noindex, a type the extractor cannot read, a redirect off the crawl's hosts. */
  skipped: number;
  /** Documents deleted from the engine. */
  deleted: number;
  failed: number;
}

export interface CrawlIssue {
  url: string;
  reason: string;
}

export interface CrawlSummary extends CrawlProgress {
  /** Pages the site answered (with a page, 304, 404, a redirect elsewhere...): 0 means nothing could be crawled. */
  answered: number;
  /** Every URL found was visited: only then are documents no longer found deleted. */
  complete: boolean;
  /** Why the crawl ended early. */
  stoppedBy?: 'max-pages' | 'max-time' | 'interrupted' | 'service';
  seconds: number;
  failures: CrawlIssue[];
  skippedUrls: CrawlIssue[];
  /** Problems of the site as a whole (robots.txt unreadable, a sitemap that failed). */
  notes: string[];
}

interface QueueItem {
  url: URL;
  linkText?: string;
  sitemapLastmod?: string;
}

interface PendingWrite {
  key: string;
  document: SinkDocument;
  entry: UrlState;
}

const loadExtractor = async (): Promise<Extract> => (await import('./extract/index')).extractResource;

const hashOf = (document: SinkDocument) => createHash('sha256').update(JSON.stringify(document), 'utf8').digest('hex');

/**
 * One crawl of a site (or of one URL of it): politeness per host, robots.txt, the URL rules and scope, the state of
 * earlier crawls, batched writes and deletes. `crawlSite` and `crawlUrl` below each run one.
 */
class CrawlRun {
  readonly scope: CrawlScope;
  readonly rules: UrlRules;
  readonly counts: CrawlProgress = { found: 0, fetched: 0, indexed: 0, unchanged: 0, skipped: 0, deleted: 0, failed: 0 };
  readonly failures: CrawlIssue[] = [];
  readonly skippedUrls: CrawlIssue[] = [];
  readonly notes: string[] = [];
  /** Normalised URLs queued or done this crawl. */
  readonly seen = new Set<string>();
  /** State entries confirmed this crawl (visited, unchanged, or failing for now): everything else may be stale. */
  readonly kept = new Set<string>();
  /** Ids written or confirmed this crawl: never deleted by it. */
  readonly liveIds = new Set<string>();
  readonly toDelete = new Set<string>();
  readonly queue: QueueItem[] = [];
  readonly stop = new AbortController();
  stoppedBy: CrawlSummary['stoppedBy'];
  answered = 0;
  private readonly gates = new Map<string, HostGate>();
  private readonly robots = new Map<string, Promise<RobotsRules>>();
  private pending: PendingWrite[] = [];
  private writing: Promise<void> = Promise.resolve();
  private extractor?: Promise<Extract>;
  readonly settings: Required<Pick<CrawlSettings, keyof typeof CRAWL_DEFAULTS>> & CrawlSettings;
  readonly startUrl: URL;
  readonly userAgent: string;

  constructor(
    settings: CrawlSettings,
    readonly deps: CrawlDependencies,
  ) {
    this.settings = { ...CRAWL_DEFAULTS, ...settings };
    this.rules = { dropQueryParameters: settings.dropQueryParameters ?? [] };
    const start = normaliseUrl(settings.start, undefined, this.rules);
    if (!start) throw new Error(`${JSON.stringify(settings.start)} is not an http(s) URL to crawl.`);
    this.startUrl = start;
    this.scope = createScope([start.host, ...(settings.hosts ?? [])], settings.include, settings.exclude);
    this.userAgent = settings.userAgent ?? DEFAULT_USER_AGENT;
    if (deps.signal) {
      if (deps.signal.aborted) this.halt('interrupted');
      else deps.signal.addEventListener('abort', () => this.halt('interrupted'), { once: true });
    }
  }

  /**
   * Ends the crawl: no further URL is started. Reaching the page limit lets requests under way finish; the others
   * (an interrupt, the time limit, a service that stopped taking writes) abandon them too.
   */
  halt(reason: NonNullable<CrawlSummary['stoppedBy']>): void {
    this.stoppedBy ??= reason;
    if (reason !== 'max-pages') this.stop.abort();
  }

  get stopped(): boolean {
    return this.stoppedBy !== undefined;
  }

  progress(): void {
    this.deps.onProgress?.({ ...this.counts, found: this.seen.size });
  }

  fail(url: string, reason: string): void {
    this.counts.failed++;
    this.failures.push({ url, reason });
  }

  skip(url: string, reason: string): void {
    this.counts.skipped++;
    this.skippedUrls.push({ url, reason });
  }

  private gate(host: string): HostGate {
    let gate = this.gates.get(host);
    if (!gate) {
      gate = new HostGate(this.settings.concurrency, this.settings.delayMs);
      this.gates.set(host, gate);
    }
    return gate;
  }

  /** Why the crawl may not fetch a URL (another host, an excluded path), or undefined when it may. */
  refusal(url: URL): string | undefined {
    if (!this.scope.onHost(url)) return `off the crawl's hosts (${[...this.scope.hosts].join(', ')})`;
    if (!this.scope.allows(url)) return 'outside the include and exclude rules';
    return undefined;
  }

  /** One request through the host's gate, retried when the host asks to wait (429, 503) for a bounded time. */
  private async politeFetch(url: URL, kind: ResourceKind, validators: Pick<UrlState, 'etag' | 'lastModified'> = {}): Promise<FetchOutcome> {
    const gate = this.gate(url.host);
    for (let attempt = 0; ; attempt++) {
      const outcome = await gate.run(
        () =>
          fetchResource(
            { url, kind, ...validators, signal: this.stop.signal },
            {
              fetch: this.deps.fetch,
              userAgent: this.userAgent,
              limits: this.settings.limits,
              normalise: (location, base) => normaliseUrl(location, base, this.rules),
              beforeRedirect: (target) => this.gate(target.host).pace(this.stop.signal),
              // A redirect's target must be one the crawl may fetch, robots.txt of its host included (except for
              // robots.txt itself, whose own rules are what is being read).
              redirectRefusal: async (target) =>
                this.refusal(target) ??
                (kind === 'robots' || (await this.robotsFor(target)).isAllowed(target) ? undefined : 'disallowed by robots.txt'),
            },
          ),
        this.stop.signal,
      );
      if (!outcome) return { type: 'failed', url, reason: 'stopped' };
      if (outcome.type !== 'failed' || (outcome.status !== 429 && outcome.status !== 503) || attempt >= MAX_RETRIES) return outcome;
      const wait = outcome.retryAfterMs ?? 5000 * (attempt + 1);
      if (wait > this.settings.maxRetryAfterMs) {
        return { ...outcome, reason: `${outcome.reason}, asked to wait ${Math.round(wait / 1000)} s (more than the ${this.settings.maxRetryAfterMs / 1000} s a crawl waits)` };
      }
      gate.holdFor(wait);
    }
  }

  /** The host's robots.txt (read once per crawl); its Crawl-delay slows the host's gate. */
  robotsFor(url: URL): Promise<RobotsRules> {
    let rules = this.robots.get(url.host);
    if (!rules) {
      rules = readRobots(new URL(url.origin), CRAWLER_AGENT, (robotsUrl) => this.politeFetch(robotsUrl, 'robots')).then((read) => {
        if (read.crawlDelayMs) this.gate(url.host).atLeast(Math.min(read.crawlDelayMs, this.settings.maxCrawlDelayMs));
        if (read.problem) this.notes.push(read.problem);
        return read;
      });
      this.robots.set(url.host, rules);
    }
    return rules;
  }

  /** Queues a URL found in a sitemap or a link, once, when the crawl may fetch it. */
  enqueue(item: QueueItem): void {
    const key = item.url.href;
    if (this.seen.has(key) || this.refusal(item.url)) return;
    this.seen.add(key);
    this.queue.push(item);
  }

  /** Reads the sitemaps: the one given, robots.txt's, and /sitemap.xml; index files lead to further sitemaps. */
  async readSitemaps(): Promise<void> {
    const robots = await this.robotsFor(this.startUrl);
    const given = looksLikeSitemap(this.startUrl) ? [this.startUrl.href] : [];
    const candidates = [...given, ...robots.sitemaps, new URL('/sitemap.xml', this.startUrl).href];
    const queued = new Set<string>();
    const sitemaps: Array<{ url: URL; required: boolean }> = [];
    for (const [index, text] of candidates.entries()) {
      const url = normaliseUrl(text, this.startUrl, this.rules);
      if (!url || queued.has(url.href)) continue;
      queued.add(url.href);
      // Only the default /sitemap.xml may be missing without a note.
      sitemaps.push({ url, required: index < candidates.length - 1 });
    }
    for (let done = 0; sitemaps.length > 0 && done < MAX_SITEMAPS && !this.stopped; done++) {
      const { url, required } = sitemaps.shift()!;
      if (!this.scope.onHost(url)) {
        this.notes.push(`sitemap ${url.href} is off the crawl's hosts: not read`);
        continue;
      }
      if (!(await this.robotsFor(url)).isAllowed(url)) {
        this.notes.push(`sitemap ${url.href} is disallowed by robots.txt: not read`);
        continue;
      }
      const outcome = await this.politeFetch(url, 'sitemap');
      if (outcome.type !== 'ok') {
        if (required || outcome.type === 'failed') {
          const reason = outcome.type === 'gone' ? `HTTP ${outcome.status}` : 'reason' in outcome ? outcome.reason : outcome.type;
          this.notes.push(`sitemap ${url.href}: ${reason}`);
        }
        continue;
      }
      let parsed;
      try {
        parsed = await parseSitemap(outcome.body);
      } catch (error) {
        this.notes.push(`sitemap ${url.href}: ${(error as Error).message}`);
        continue;
      }
      for (const entry of parsed.sitemaps) {
        const next = normaliseUrl(entry.loc, url, this.rules);
        if (next && !queued.has(next.href)) {
          queued.add(next.href);
          sitemaps.push({ url: next, required: true });
        }
      }
      for (const entry of parsed.urls) {
        const page = normaliseUrl(entry.loc, url, this.rules);
        if (page) this.enqueue({ url: page, ...(entry.lastmod && { sitemapLastmod: entry.lastmod }) });
      }
    }
  }

  /** Marks a state entry as still current: its document (if any) stays, and its remembered links are followed. */
  private keep(key: string, entry: UrlState | undefined, follow: boolean): void {
    this.kept.add(key);
    if (!entry) return;
    if (entry.id) this.liveIds.add(entry.id);
    if (follow) for (const link of entry.links ?? []) this.enqueueLink(link, undefined);
  }

  private enqueueLink(href: string, text: string | undefined): void {
    const url = normaliseUrl(href, undefined, this.rules);
    if (url) this.enqueue({ url, ...(text && { linkText: text }) });
  }

  /** Fetches one URL and acts on what it is now: index, keep, skip, or delete. `follow`: queue its links. */
  async visit(item: QueueItem, follow: boolean): Promise<void> {
    const key = item.url.href;
    const { urls } = this.deps.state;
    const previous = urls[key];
    const robots = await this.robotsFor(item.url);
    if (robots.problem) {
      // The host's rules are unknown for now (robots.txt unreachable): nothing is fetched, and nothing deleted.
      this.fail(key, 'not fetched: robots.txt could not be read');
      this.keep(key, previous, true);
      return;
    }
    if (!robots.isAllowed(item.url)) {
      this.skip(key, 'disallowed by robots.txt');
      this.dropEntry(key);
      return;
    }
    if (this.stop.signal.aborted) return;
    if (this.settings.trustSitemapLastmod && item.sitemapLastmod && previous?.id && previous.sitemapLastmod === item.sitemapLastmod) {
      this.counts.unchanged++;
      this.keep(key, previous, true);
      return;
    }
    this.counts.fetched++;
    const outcome = await this.politeFetch(item.url, 'page', { etag: previous?.etag, lastModified: previous?.lastModified });
    if (this.stop.signal.aborted && outcome.type === 'failed' && outcome.reason === 'stopped') {
      // Not visited after all: its document and links stay as they were.
      this.counts.fetched--;
      this.keep(key, previous, false);
      return;
    }
    if (outcome.type !== 'failed') this.answered++;
    switch (outcome.type) {
      case 'not-modified':
        this.counts.unchanged++;
        this.keep(key, previous, follow);
        if (previous && item.sitemapLastmod) previous.sitemapLastmod = item.sitemapLastmod;
        return;
      case 'gone':
        this.skip(key, `HTTP ${outcome.status} (not found)`);
        this.dropEntry(key);
        return;
      case 'failed':
        // The page may be back next time: its document is kept, and the pages it led to are still visited.
        this.fail(key, outcome.reason);
        this.keep(key, previous, follow);
        return;
      case 'skipped':
        this.skip(key, outcome.reason);
        this.dropEntry(key);
        return;
    }
    // A redirect leads to the URL the state is kept under; a target already visited is not done twice.
    const finalKey = outcome.url.href;
    if (finalKey !== key) {
      this.dropEntry(key);
      if (this.seen.has(finalKey)) return;
      this.seen.add(finalKey);
    }
    const extraction = await this.extract({
      url: finalKey,
      contentType: outcome.contentType,
      body: outcome.body,
      headers: outcome.headers,
      ...(item.linkText && { linkText: item.linkText }),
      ...(item.sitemapLastmod && { sitemapLastmod: item.sitemapLastmod }),
    }).catch((error: Error) => ({ kind: 'unsupported' as const, reason: `could not be read (${error.message})` }));
    const entry: UrlState = {
      ...(outcome.headers.get('etag') && { etag: outcome.headers.get('etag')! }),
      ...(outcome.headers.get('last-modified') && { lastModified: outcome.headers.get('last-modified')! }),
      ...(item.sitemapLastmod && { sitemapLastmod: item.sitemapLastmod }),
    };
    if (extraction.kind === 'unsupported') {
      this.skip(finalKey, extraction.reason);
      this.dropEntry(finalKey);
      return;
    }
    let indexUrl = finalKey;
    if (extraction.kind === 'html') {
      if (!extraction.nofollow) {
        const links = extraction.links.filter((link) => !link.nofollow);
        const followed: string[] = [];
        for (const link of links) {
          const url = normaliseUrl(link.url, undefined, this.rules);
          if (!url || this.refusal(url)) continue;
          followed.push(url.href);
          if (follow) this.enqueue({ url, ...(link.text && { linkText: link.text }) });
        }
        entry.links = [...new Set(followed)];
      }
      const canonical = extraction.canonical ? normaliseUrl(extraction.canonical, outcome.url, this.rules) : undefined;
      if (!extraction.noindex && canonical && canonical.href !== finalKey && this.scope.onHost(canonical)) {
        indexUrl = canonical.href;
        // The canonical page is this one under its chosen address: fetching it again would only repeat the work.
        this.seen.add(indexUrl);
      }
    }
    if (extraction.noindex) {
      // Not indexed, but a page's links are followed (unless nofollow too); a document it had is deleted.
      this.skip(finalKey, 'noindex');
      if (urls[finalKey]?.id) this.toDelete.add(urls[finalKey].id!);
      urls[finalKey] = entry;
      this.kept.add(finalKey);
      return;
    }
    const id = documentId(indexUrl);
    const document = { ...(extraction.document as CrawledDocument), url: indexUrl, id } as SinkDocument;
    entry.id = id;
    entry.hash = hashOf(document);
    const before = urls[finalKey];
    if (before?.id && before.id !== id) this.toDelete.add(before.id);
    this.kept.add(finalKey);
    if (this.liveIds.has(id) || (before?.hash === entry.hash && before.id === id)) {
      // Written already by this crawl (another address of the same canonical page), or the same as last time.
      this.counts.unchanged++;
      this.liveIds.add(id);
      urls[finalKey] = entry;
      return;
    }
    this.liveIds.add(id);
    if (before) urls[finalKey] = { ...before, links: entry.links };
    this.pending.push({ key: finalKey, document, entry });
    if (this.pending.length >= WRITE_BATCH) await this.flush();
  }

  private extract(resource: FetchedResource): Promise<Extraction> {
    this.extractor ??= this.deps.extract ? Promise.resolve(this.deps.extract) : loadExtractor();
    return this.extractor.then((extract) => extract(resource, this.settings.extraction));
  }

  /** A URL that no longer has a document: its entry goes, and its document with it (unless another URL holds it). */
  private dropEntry(key: string): void {
    const entry = this.deps.state.urls[key];
    if (!entry) return;
    if (entry.id) this.toDelete.add(entry.id);
    delete this.deps.state.urls[key];
  }

  /** Writes the documents waiting, in one request; each refused document is a failure with its URL. */
  flush(): Promise<void> {
    const batch = this.pending.splice(0, WRITE_BATCH);
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      let errors: string[][];
      try {
        errors = await this.deps.sink.put(batch.map(({ document }) => document));
      } catch (error) {
        // The service is unreachable or refused the request: nothing more can be written, so the crawl stops.
        for (const { key } of batch) this.fail(key, `not written: ${(error as Error).message}`);
        this.halt('service');
        return;
      }
      batch.forEach(({ key, entry }, index) => {
        if (errors[index].length > 0) this.fail(key, `refused by the service: ${errors[index].join('; ')}`);
        else {
          this.deps.state.urls[key] = entry;
          this.counts.indexed++;
        }
      });
      await this.deps.saveState?.(this.deps.state);
    });
    return this.pending.length > 0 ? this.flush() : this.writing;
  }

  /**
   * Deletes the documents of URLs gone, noindex now, or (after a complete crawl) no longer found, except those
   * another URL of this crawl holds (two addresses of one canonical page).
   */
  async deleteGone(complete: boolean): Promise<void> {
    const { urls } = this.deps.state;
    if (complete) {
      for (const key of Object.keys(urls)) if (!this.kept.has(key)) this.dropEntry(key);
    }
    const held = new Set(Object.values(urls).flatMap((entry) => (entry.id ? [entry.id] : [])));
    const ids = [...this.toDelete].filter((id) => !held.has(id) && !this.liveIds.has(id));
    for (let start = 0; start < ids.length; start += WRITE_BATCH) {
      const slice = ids.slice(start, start + WRITE_BATCH);
      try {
        await this.deps.sink.delete(slice);
        this.counts.deleted += slice.length;
      } catch (error) {
        this.notes.push(`could not delete ${slice.length} documents no longer on the site: ${(error as Error).message}`);
      }
    }
  }

  summary(started: number, complete: boolean): CrawlSummary {
    return {
      ...this.counts,
      found: this.seen.size,
      answered: this.answered,
      complete,
      ...(this.stoppedBy && { stoppedBy: this.stoppedBy }),
      seconds: (Date.now() - started) / 1000,
      failures: this.failures,
      skippedUrls: this.skippedUrls,
      notes: this.notes,
    };
  }
}

/**
 * Crawls a site into an engine: robots.txt, sitemaps and links within the crawl's hosts, each URL fetched politely
 * and safely, its document written when new or changed. Unchanged pages (304, or the same content) write nothing.
 * Gone pages (404, 410, noindex now) are deleted; after a complete crawl, so are pages no longer found. Pages that fail
 * (5xx, timeouts) keep their documents. Stops at `maxPages` or `maxTimeMs`, or when `signal` aborts, and then writes
 * what it has, saves the state and deletes only what it knows to be gone.
 */
export async function crawlSite(settings: CrawlSettings, deps: CrawlDependencies): Promise<CrawlSummary> {
  const started = Date.now();
  const run = new CrawlRun(settings, deps);
  const timer = setTimeout(() => run.halt('max-time'), run.settings.maxTimeMs);
  try {
    const { state } = deps;
    const home = looksLikeSitemap(run.startUrl) ? new URL('/', run.startUrl) : run.startUrl;
    run.enqueue({ url: home });
    await run.readSitemaps();
    run.progress();
    let lastProgress = 0;
    await new Promise<void>((resolve) => {
      let active = 0;
      let dispatched = 0;
      const pump = () => {
        while (active < run.settings.concurrency && run.queue.length > 0 && !run.stopped) {
          if (dispatched >= run.settings.maxPages) {
            run.halt('max-pages');
            break;
          }
          dispatched++;
          const item = run.queue.shift()!;
          active++;
          run
            .visit(item, true)
            .catch((error: Error) => run.fail(item.url.href, `unexpected error: ${error.message}`))
            .finally(() => {
              active--;
              if (Date.now() - lastProgress > 200) {
                lastProgress = Date.now();
                run.progress();
              }
              pump();
            });
        }
        if (active === 0 && (run.queue.length === 0 || run.stopped)) resolve();
      };
      pump();
    });
    await run.flush();
    // Only a crawl that visited everything it found knows what is gone; and a crawl that read nothing at all (the
    // site down) deletes nothing.
    const complete = !run.stopped && run.queue.length === 0 && run.answered > 0;
    await run.deleteGone(complete);
    state.lastCrawl = { finished: new Date().toISOString(), complete };
    await deps.saveState?.(state);
    run.progress();
    return run.summary(started, complete);
  } finally {
    clearTimeout(timer);
  }
}

/** What one URL's re-crawl did (for `POST /api/crawl`). */
export interface UrlCrawlResult {
  url: string;
  outcome: 'indexed' | 'unchanged' | 'deleted' | 'skipped' | 'failed';
  reason?: string;
}

/**
 * Crawls one URL now (a CMS's publish hook): written when new or changed, deleted when gone (404, 410) or noindex;
 * its links are not followed. The URL must be one the crawl's settings allow.
 */
export async function crawlUrl(url: string, settings: CrawlSettings, deps: CrawlDependencies): Promise<UrlCrawlResult> {
  const run = new CrawlRun(settings, deps);
  const target = normaliseUrl(url, undefined, run.rules);
  if (!target) throw new Error(`${JSON.stringify(url)} is not an http(s) URL.`);
  const refused = run.refusal(target);
  if (refused) throw new Error(`${target.href} is ${refused}.`);
  run.seen.add(target.href);
  await run.visit({ url: target, ...(deps.state.urls[target.href]?.sitemapLastmod && { sitemapLastmod: deps.state.urls[target.href].sitemapLastmod }) }, false);
  await run.flush();
  await run.deleteGone(false);
  await deps.saveState?.(deps.state);
  const { counts } = run;
  const reason = run.failures[0]?.reason ?? run.skippedUrls[0]?.reason;
  const outcome: UrlCrawlResult['outcome'] =
    counts.failed > 0 ? 'failed' : counts.deleted > 0 ? 'deleted' : counts.indexed > 0 ? 'indexed' : counts.skipped > 0 ? 'skipped' : 'unchanged';
  return { url: target.href, outcome, ...(reason && { reason }) };
}
