import { CrawlLedger } from './crawl-ledger';
import { CrawlReport, type CrawlSummary } from './crawl-report';
import { CRAWL_DEFAULTS, type CrawlDependencies, type CrawlSettings, type Extract, type ResolvedSettings } from './crawl-settings';
import type { CrawlState } from './crawl-state';
import { CrawlStop } from './crawl-stop';
import type { Extraction, FetchedResource } from './extract/index';
import { Frontier, type QueueItem } from './frontier';
import { PoliteFetcher } from './polite-fetcher';
import { createScope } from './scope';
import { normaliseUrl } from './urls';
import { visitUrl, type VisitContext } from './visit-url';
import { WriteBatcher } from './write-batcher';

const loadExtractor = async (): Promise<Extract> => (await import('./extract/index')).extractResource;

/**
 * One crawl of a site (or of one URL of it), its parts put together: the frontier of URLs, the polite fetcher
 * (robots.txt, a gate per host), the ledger of what is kept and gone, the write batcher, the report, and what stops
 * it. `crawlSite` and `crawlUrl` each run one.
 */
export class CrawlRun implements VisitContext {
  readonly settings: ResolvedSettings;
  readonly state: CrawlState;
  readonly startUrl: URL;
  readonly frontier: Frontier;
  readonly report = new CrawlReport();
  readonly stop: CrawlStop;
  readonly fetcher: PoliteFetcher;
  readonly ledger: CrawlLedger;
  readonly writer: WriteBatcher;
  private extractor?: Promise<Extract>;

  constructor(
    settings: CrawlSettings,
    private readonly deps: CrawlDependencies,
  ) {
    this.settings = { ...CRAWL_DEFAULTS, ...settings };
    this.state = deps.state;
    const rules = { dropQueryParameters: settings.dropQueryParameters ?? [] };
    const start = normaliseUrl(settings.start, undefined, rules);
    if (!start) throw new Error(`${JSON.stringify(settings.start)} is not an http(s) URL to crawl.`);
    this.startUrl = start;
    this.frontier = new Frontier(createScope([start.host, ...(settings.hosts ?? [])], settings.include, settings.exclude), rules);
    this.stop = new CrawlStop(deps.signal);
    this.fetcher = new PoliteFetcher(this.settings, this.frontier, this.stop, this.report, deps.fetch);
    this.ledger = new CrawlLedger(deps.state, this.frontier);
    this.writer = new WriteBatcher(deps, this.report, this.stop);
  }

  /** The extractor, loaded when first needed (so a service without a crawl never loads its parsers). */
  extract(resource: FetchedResource): Promise<Extraction> {
    this.extractor ??= this.deps.extract ? Promise.resolve(this.deps.extract) : loadExtractor();
    return this.extractor.then((extract) => extract(resource, this.settings.extraction));
  }

  visit(item: QueueItem, follow: boolean): Promise<void> {
    return visitUrl(this, item, follow);
  }

  /** Deletes the documents this run knows to be gone (`complete`: those of URLs it did not find too). */
  deleteGone(complete: boolean): Promise<void> {
    return this.ledger.deleteGone(complete, this.deps.sink, this.report);
  }

  progress(): void {
    this.deps.onProgress?.(this.report.progress(this.frontier.seen.size));
  }

  summary(started: number, complete: boolean): CrawlSummary {
    return this.report.summary({ found: this.frontier.seen.size, complete, stoppedBy: this.stop.reason, started });
  }
}
