import type { CrawlReport } from './crawl-report';
import type { CrawlDependencies } from './crawl-settings';
import type { UrlState } from './crawl-state';
import type { CrawlStop } from './crawl-stop';
import type { SinkDocument } from './sinks';

/** Documents written at most per request (App Search's limit). */
export const WRITE_BATCH = 100;

/** A document to write, and the state its URL gets once the service has taken it. */
export interface PendingWrite {
  key: string;
  document: SinkDocument;
  entry: UrlState;
}

/**
 * Writes a run's documents in batches, one request at a time, in the order given. A URL's state is updated only once
 * the service took its document, so a refused one is tried again by the next crawl; the state is saved after each
 * batch.
 */
export class WriteBatcher {
  private pending: PendingWrite[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Pick<CrawlDependencies, 'sink' | 'state' | 'saveState'>,
    private readonly report: CrawlReport,
    private readonly stop: CrawlStop,
  ) {}

  /** Adds a document; a full batch is written now (and waited for). */
  add(write: PendingWrite): Promise<void> {
    this.pending.push(write);
    return this.pending.length >= WRITE_BATCH ? this.flush() : Promise.resolve();
  }

  /** Writes the documents waiting, a batch per request; each refused document is a failure with its URL. */
  flush(): Promise<void> {
    const batch = this.pending.splice(0, WRITE_BATCH);
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      let errors: string[][];
      try {
        errors = await this.deps.sink.put(batch.map(({ document }) => document));
      } catch (error) {
        // The service is unreachable or refused the request: nothing more can be written, so the crawl stops.
        for (const { key } of batch) this.report.fail(key, `not written: ${(error as Error).message}`);
        this.stop.halt('service');
        return;
      }
      batch.forEach(({ key, entry }, index) => {
        if (errors[index].length > 0) this.report.fail(key, `refused by the service: ${errors[index].join('; ')}`);
        else {
          this.deps.state.urls[key] = entry;
          this.report.counts.indexed++;
        }
      });
      await this.deps.saveState?.(this.deps.state);
    });
    return this.pending.length > 0 ? this.flush() : this.writing;
  }
}
