import packageInfo from '../../package.json' with { type: 'json' };
import type { CrawlProgress } from './crawl-report';
import type { CrawlState } from './crawl-state';
import type { Extraction, ExtractionConfig, FetchedResource } from './extract/index';
import type { FetchLimits } from './fetch-resource';
import type { DocumentSink } from './sinks';

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

/** The settings of one run, every option with a default filled in. */
export type ResolvedSettings = Required<Pick<CrawlSettings, keyof typeof CRAWL_DEFAULTS>> & CrawlSettings;

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
