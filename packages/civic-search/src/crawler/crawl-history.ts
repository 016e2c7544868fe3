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

/** What an engine's crawl did lately, newest first. */
export interface CrawlHistory {
  runs: CrawlRunRecord[];
  pages: PageRecrawlRecord[];
}

/** Runs and re-crawled pages kept for the status: enough to see a pattern, bounded so the store stays small. */
export const KEPT_RUNS = 10;
export const KEPT_PAGES = 20;
/** Issues kept per run: a site with thousands of broken links shows the first ones and the count. */
export const KEPT_ISSUES = 50;

const iso = (ms: number) => new Date(ms).toISOString();

/** The record of a run that finished (complete or stopped early). */
export function runRecord(startedAt: number, summary: CrawlSummary, finishedAt = Date.now()): CrawlRunRecord {
  return {
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
  };
}

/** The record of a run that failed as a whole. */
export function failedRunRecord(startedAt: number, error: Error, finishedAt = Date.now()): CrawlRunRecord {
  return { started_at: iso(startedAt), finished_at: iso(finishedAt), error: error.message };
}

/** The record of one URL crawled again. */
export function pageRecord(result: UrlCrawlResult, finishedAt = Date.now()): PageRecrawlRecord {
  return { ...result, finished_at: iso(finishedAt) };
}

/** `list` with `record` first, at most `max` long: how each store keeps its history bounded. */
export function withNewest<T>(list: readonly T[], record: T, max: number): T[] {
  return [record, ...list].slice(0, max);
}
