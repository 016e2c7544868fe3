import type { CrawlReport } from './crawl-report';
import type { CrawlState, UrlState } from './crawl-state';
import type { Frontier } from './frontier';
import type { DocumentSink } from './sinks';
import { WRITE_BATCH } from './write-batcher';

/**
 * What one run learnt about the state of earlier crawls: which URLs' entries are still current, which documents it
 * wrote or confirmed, and which documents are gone. A document is deleted only when no URL still holds it, so two
 * addresses of one canonical page keep it while either does.
 */
export class CrawlLedger {
  /** State entries confirmed this run (visited, unchanged, or failing for now): everything else may be stale. */
  readonly kept = new Set<string>();
  /** Ids written or confirmed this run: never deleted by it. */
  readonly liveIds = new Set<string>();
  /** Ids of documents whose URL is gone, noindex now, or indexed under another id. */
  readonly toDelete = new Set<string>();

  constructor(
    private readonly state: CrawlState,
    private readonly frontier: Frontier,
  ) {}

  /** Marks a state entry as still current: its document (if any) stays, and its remembered links are followed. */
  keep(key: string, entry: UrlState | undefined, follow: boolean): void {
    this.kept.add(key);
    if (!entry) return;
    if (entry.id) this.liveIds.add(entry.id);
    if (follow) for (const link of entry.links ?? []) this.frontier.enqueueLink(link, undefined);
  }

  /** A URL that no longer has a document: its entry goes, and its document with it (unless another URL holds it). */
  dropEntry(key: string): void {
    const entry = this.state.urls[key];
    if (!entry) return;
    if (entry.id) this.toDelete.add(entry.id);
    delete this.state.urls[key];
  }

  /**
   * Deletes the documents of URLs gone, noindex now, or (after a complete crawl) no longer found, except those
   * another URL of this crawl holds (two addresses of one canonical page). A delete the service refuses is noted,
   * and its ids are kept in the state so the next crawl tries again (their URLs' entries are already gone).
   */
  async deleteGone(complete: boolean, sink: DocumentSink, report: CrawlReport): Promise<void> {
    const { urls } = this.state;
    if (complete) {
      for (const key of Object.keys(urls)) if (!this.kept.has(key)) this.dropEntry(key);
    }
    const held = new Set(Object.values(urls).flatMap((entry) => (entry.id ? [entry.id] : [])));
    const wanted = new Set([...(this.state.pendingDeletes ?? []), ...this.toDelete]);
    const ids = [...wanted].filter((id) => !held.has(id) && !this.liveIds.has(id));
    const refused: string[] = [];
    for (let start = 0; start < ids.length; start += WRITE_BATCH) {
      const slice = ids.slice(start, start + WRITE_BATCH);
      try {
        await sink.delete(slice);
        report.counts.deleted += slice.length;
      } catch (error) {
        refused.push(...slice);
        report.note(`could not delete ${slice.length} documents no longer on the site (tried again next crawl): ${(error as Error).message}`);
      }
    }
    if (refused.length > 0) this.state.pendingDeletes = refused;
    else delete this.state.pendingDeletes;
  }
}
