import type { CrawlStop } from './crawl-stop';
import type { QueueItem } from './frontier';
import { indexResource, type IndexContext } from './index-resource';
import type { PoliteFetcher } from './polite-fetcher';

/** What visiting a URL needs of its run. */
export interface VisitContext extends IndexContext {
  readonly fetcher: PoliteFetcher;
  readonly stop: CrawlStop;
}

/**
 * Fetches one URL (conditionally, with the validators of last time) and acts on what it is now: unchanged, gone,
 * failing for now, skipped, or a resource to index. `follow`: queue the links it leads to.
 */
export async function visitUrl(run: VisitContext, item: QueueItem, follow: boolean): Promise<void> {
  const { report, ledger } = run;
  const key = item.url.href;
  const previous = run.state.urls[key];
  const robots = await run.fetcher.robotsFor(item.url);
  if (robots.problem) {
    // The host's rules are unknown for now (robots.txt unreachable): nothing is fetched, and nothing deleted.
    report.fail(key, 'not fetched: robots.txt could not be read');
    ledger.keep(key, previous, true);
    return;
  }
  if (!robots.isAllowed(item.url)) {
    report.skip(key, 'disallowed by robots.txt');
    ledger.dropEntry(key);
    return;
  }
  if (run.stop.signal.aborted) return;
  if (run.settings.trustSitemapLastmod && item.sitemapLastmod && previous?.id && previous.sitemapLastmod === item.sitemapLastmod) {
    // The sitemap says the page has not changed since it was indexed, and the crawl was told to believe it.
    report.counts.unchanged++;
    ledger.keep(key, previous, true);
    return;
  }
  report.counts.fetched++;
  const outcome = await run.fetcher.fetch(item.url, 'page', { etag: previous?.etag, lastModified: previous?.lastModified });
  if (run.stop.signal.aborted && outcome.type === 'failed' && outcome.reason === 'stopped') {
    // Not visited after all: its document and links stay as they were.
    report.counts.fetched--;
    ledger.keep(key, previous, false);
    return;
  }
  if (outcome.type !== 'failed') report.answered++;
  switch (outcome.type) {
    case 'not-modified':
      report.counts.unchanged++;
      ledger.keep(key, previous, follow);
      if (previous && item.sitemapLastmod) previous.sitemapLastmod = item.sitemapLastmod;
      return;
    case 'gone':
      report.skip(key, `HTTP ${outcome.status} (not found)`);
      ledger.dropEntry(key);
      return;
    case 'failed':
      // The page may be back next time: its document is kept, and the pages it led to are still visited.
      report.fail(key, outcome.reason);
      ledger.keep(key, previous, follow);
      return;
    case 'skipped':
      report.skip(key, outcome.reason);
      ledger.dropEntry(key);
      return;
  }
  // A redirect leads to the URL the state is kept under; a target already visited is not done twice.
  const finalKey = outcome.url.href;
  if (finalKey !== key) {
    ledger.dropEntry(key);
    if (run.frontier.seen.has(finalKey)) return;
    run.frontier.seen.add(finalKey);
  }
  await indexResource(run, item, outcome, follow);
}
