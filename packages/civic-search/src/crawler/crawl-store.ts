import type { CrawlState } from './crawl-state';
import type { CrawlHistory, CrawlRunRecord, PageRecrawlRecord } from './crawl-history';

/**
 * Where a service keeps what its crawls learn and did: each engine's crawl state (validators, hashes, links, pending
 * deletes), the history of its runs and re-crawled pages, and the lease that lets one process at a time crawl it.
 * The store follows the backend, as the operator store does: the data folder for the embedded engine
 * (`folder-crawl-store.ts`), the cluster for OpenSearch and Elasticsearch (`cluster-crawl-store.ts`), so several
 * service processes on one cluster share one state and one history.
 */
export interface CrawlStore {
  /** Where it lives, for logs (`files`, `opensearch`, ...). */
  readonly kind: string;
  /**
   * The engine's crawl state (a new one when there is none), and a writer for it. The writer saves the state whole
   * as far as a reader is concerned; writes are serialised, so an older state never lands after a newer one.
   */
  loadState(engine: string, start: string): Promise<LoadedState>;
  /** What the engine's crawl did lately, newest first, at most `KEPT_RUNS` runs and `KEPT_PAGES` pages. */
  history(engine: string): Promise<CrawlHistory>;
  addRun(engine: string, record: CrawlRunRecord): Promise<void>;
  addPage(engine: string, record: PageRecrawlRecord): Promise<void>;
  /**
   * Takes the engine's crawl lease for `holder` until `ttlMs` from now: undefined while another holder's lease has
   * not expired. A holder that dies stops renewing, so its lease lapses and another process may crawl.
   */
  takeLease(engine: string, holder: string, ttlMs: number): Promise<CrawlLease | undefined>;
  /** Who holds the engine's lease now, if anyone. */
  leaseHolder(engine: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export interface LoadedState {
  state: CrawlState;
  save: (state: CrawlState) => Promise<void>;
}

export interface CrawlLease {
  readonly holder: string;
  /** Extends the lease by its time to live; false when it was lost (it lapsed and another holder took it). */
  renew(): Promise<boolean>;
  /** Gives it up at once, so another process need not wait for it to lapse. */
  release(): Promise<void>;
}
