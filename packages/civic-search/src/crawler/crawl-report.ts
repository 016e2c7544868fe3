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

export type StopReason = 'max-pages' | 'max-time' | 'interrupted' | 'service';

export interface CrawlSummary extends CrawlProgress {
  /** Pages the site answered (with a page, 304, 404, a redirect elsewhere...): 0 means nothing could be crawled. */
  answered: number;
  /** Every URL found was visited: only then are documents no longer found deleted. */
  complete: boolean;
  /** Why the crawl ended early. */
  stoppedBy?: StopReason;
  seconds: number;
  failures: CrawlIssue[];
  skippedUrls: CrawlIssue[];
  /** Problems of the site as a whole (robots.txt unreadable, a sitemap that failed). */
  notes: string[];
}

/**
 * What one run has to tell: its counts, each URL that failed or was skipped with the reason, and notes about the
 * site as a whole. Every failure and skip is counted and listed together, so the two never disagree.
 */
export class CrawlReport {
  readonly counts: Omit<CrawlProgress, 'found'> = { fetched: 0, indexed: 0, unchanged: 0, skipped: 0, deleted: 0, failed: 0 };
  readonly failures: CrawlIssue[] = [];
  readonly skippedUrls: CrawlIssue[] = [];
  readonly notes: string[] = [];
  /** Requests the site answered at all; a run with none knows nothing about what is gone. */
  answered = 0;

  fail(url: string, reason: string): void {
    this.counts.failed++;
    this.failures.push({ url, reason });
  }

  skip(url: string, reason: string): void {
    this.counts.skipped++;
    this.skippedUrls.push({ url, reason });
  }

  note(text: string): void {
    this.notes.push(text);
  }

  progress(found: number): CrawlProgress {
    return { found, ...this.counts };
  }

  summary(run: { found: number; complete: boolean; stoppedBy?: StopReason; started: number }): CrawlSummary {
    return {
      ...this.progress(run.found),
      answered: this.answered,
      complete: run.complete,
      ...(run.stoppedBy && { stoppedBy: run.stoppedBy }),
      seconds: (Date.now() - run.started) / 1000,
      failures: this.failures,
      skippedUrls: this.skippedUrls,
      notes: this.notes,
    };
  }
}
