import { CrawlRun } from './crawl-run';
import type { CrawlSummary } from './crawl-report';
import type { CrawlDependencies, CrawlSettings } from './crawl-settings';
import { looksLikeSitemap } from './urls';
import { discoverSitemaps } from './discover-sitemaps';
import { visitQueue } from './visit-queue';

export type { CrawlIssue, CrawlProgress, CrawlSummary } from './crawl-report';
export { CRAWL_DEFAULTS, CRAWLER_AGENT, DEFAULT_USER_AGENT } from './crawl-settings';
export type { CrawlDependencies, CrawlSettings, Extract } from './crawl-settings';
export { WRITE_BATCH } from './write-batcher';

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
  const timer = setTimeout(() => run.stop.halt('max-time'), run.settings.maxTimeMs);
  try {
    const { state } = deps;
    const home = looksLikeSitemap(run.startUrl) ? new URL('/', run.startUrl) : run.startUrl;
    run.frontier.enqueue({ url: home });
    await discoverSitemaps(run.startUrl, run);
    run.progress();
    await visitQueue(run);
    await run.writer.flush();
    // Only a crawl that visited everything it found knows what is gone; and a crawl that read nothing at all (the
    // site down) deletes nothing.
    const complete = !run.stop.stopped && run.frontier.queue.length === 0 && run.report.answered > 0;
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
  const target = run.frontier.normalise(url);
  if (!target) throw new Error(`${JSON.stringify(url)} is not an http(s) URL.`);
  const refused = run.frontier.refusal(target);
  if (refused) throw new Error(`${target.href} is ${refused}.`);
  run.frontier.seen.add(target.href);
  const sitemapLastmod = deps.state.urls[target.href]?.sitemapLastmod;
  await run.visit({ url: target, ...(sitemapLastmod && { sitemapLastmod }) }, false);
  await run.writer.flush();
  await run.deleteGone(false);
  await deps.saveState?.(deps.state);
  const { counts, failures, skippedUrls } = run.report;
  const reason = failures[0]?.reason ?? skippedUrls[0]?.reason;
  const outcome: UrlCrawlResult['outcome'] =
    counts.failed > 0 ? 'failed' : counts.deleted > 0 ? 'deleted' : counts.indexed > 0 ? 'indexed' : counts.skipped > 0 ? 'skipped' : 'unchanged';
  return { url: target.href, outcome, ...(reason && { reason }) };
}
