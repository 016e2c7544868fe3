import type { UrlCrawlResult } from './crawl';
import type { CrawlIssue, CrawlSummary, StopReason } from './crawl-report';

/** One run of a crawl as its status tells it: when, what it did, and each URL that failed or was skipped, with why. */
export interface CrawlRunRecord {
  started_at: string;
  finished_at: string;
  /** The run itself failed (the engine could not be prepared, the state could not be read): nothing else is known. */
  error?: string;
  indexed?: number;
  unchanged?: number;
  skipped?: number;
  deleted?: number;
  failed?: number;
  complete?: boolean;
  stopped_by?: StopReason;
  failures?: CrawlIssue[];
  skipped_urls?: CrawlIssue[];
  notes?: string[];
}

/** One URL crawled again on request, and what came of it. */
export interface PageRecrawlRecord extends UrlCrawlResult {
  finished_at: string;
}

/** Runs and re-crawled pages kept for the status: enough to see a pattern, bounded so memory is too. */
export const KEPT_RUNS = 10;
export const KEPT_PAGES = 20;
/** Issues kept per run: a site with thousands of broken links shows the first ones and the count. */
export const KEPT_ISSUES = 50;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What a crawl did lately, newest first, in this process's memory: a restart starts it empty (and the crawl's first
 * run starts at once, so it fills again).
 */
export class CrawlHistory {
  readonly runs: CrawlRunRecord[] = [];
  readonly pages: PageRecrawlRecord[] = [];

  ran(startedAt: number, summary: CrawlSummary, finishedAt = Date.now()): void {
    this.#keep(this.runs, KEPT_RUNS, {
      started_at: iso(startedAt),
      finished_at: iso(finishedAt),
      indexed: summary.indexed,
      unchanged: summary.unchanged,
      skipped: summary.skipped,
      deleted: summary.deleted,
      failed: summary.failed,
      complete: summary.complete,
      ...(summary.stoppedBy && { stopped_by: summary.stoppedBy }),
      failures: summary.failures.slice(0, KEPT_ISSUES),
      skipped_urls: summary.skippedUrls.slice(0, KEPT_ISSUES),
      notes: summary.notes.slice(0, KEPT_ISSUES),
    });
  }

  runFailed(startedAt: number, error: Error, finishedAt = Date.now()): void {
    this.#keep(this.runs, KEPT_RUNS, { started_at: iso(startedAt), finished_at: iso(finishedAt), error: error.message });
  }

  recrawled(result: UrlCrawlResult, finishedAt = Date.now()): void {
    this.#keep(this.pages, KEPT_PAGES, { ...result, finished_at: iso(finishedAt) });
  }

  #keep<T>(list: T[], max: number, record: T): void {
    list.unshift(record);
    list.length = Math.min(list.length, max);
  }
}
