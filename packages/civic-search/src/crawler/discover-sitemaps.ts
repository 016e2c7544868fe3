import type { CrawlReport } from './crawl-report';
import type { CrawlStop } from './crawl-stop';
import type { Frontier } from './frontier';
import type { PoliteFetcher } from './polite-fetcher';
import { parseSitemap } from './sitemaps';
import { looksLikeSitemap } from './urls';

/** Sitemaps read at most in one crawl (index files included). */
const MAX_SITEMAPS = 1000;

export interface SitemapReader {
  frontier: Frontier;
  fetcher: PoliteFetcher;
  report: CrawlReport;
  stop: CrawlStop;
}

/**
 * Queues the URLs of the site's sitemaps: the one given as the start URL, robots.txt's Sitemap lines and
 * /sitemap.xml; index files lead to further sitemaps. A sitemap off the crawl's hosts or disallowed by robots.txt is
 * not read, and each one that cannot be read is noted (except a missing /sitemap.xml, which many sites lack).
 */
export async function discoverSitemaps(startUrl: URL, { frontier, fetcher, report, stop }: SitemapReader): Promise<void> {
  const robots = await fetcher.robotsFor(startUrl);
  const given = looksLikeSitemap(startUrl) ? [startUrl.href] : [];
  const candidates = [...given, ...robots.sitemaps, new URL('/sitemap.xml', startUrl).href];
  const queued = new Set<string>();
  const sitemaps: Array<{ url: URL; required: boolean }> = [];
  for (const [index, text] of candidates.entries()) {
    const url = frontier.normalise(text, startUrl);
    if (!url || queued.has(url.href)) continue;
    queued.add(url.href);
    // Only the default /sitemap.xml may be missing without a note.
    sitemaps.push({ url, required: index < candidates.length - 1 });
  }
  for (let done = 0; sitemaps.length > 0 && done < MAX_SITEMAPS && !stop.stopped; done++) {
    const { url, required } = sitemaps.shift()!;
    if (!frontier.scope.onHost(url)) {
      report.note(`sitemap ${url.href} is off the crawl's hosts: not read`);
      continue;
    }
    if (!(await fetcher.robotsFor(url)).isAllowed(url)) {
      report.note(`sitemap ${url.href} is disallowed by robots.txt: not read`);
      continue;
    }
    const outcome = await fetcher.fetch(url, 'sitemap');
    if (outcome.type !== 'ok') {
      if (required || outcome.type === 'failed') {
        const reason = outcome.type === 'gone' ? `HTTP ${outcome.status}` : 'reason' in outcome ? outcome.reason : outcome.type;
        report.note(`sitemap ${url.href}: ${reason}`);
      }
      continue;
    }
    let parsed;
    try {
      parsed = await parseSitemap(outcome.body);
    } catch (error) {
      report.note(`sitemap ${url.href}: ${(error as Error).message}`);
      continue;
    }
    for (const entry of parsed.sitemaps) {
      const next = frontier.normalise(entry.loc, url);
      if (next && !queued.has(next.href)) {
        queued.add(next.href);
        sitemaps.push({ url: next, required: true });
      }
    }
    for (const entry of parsed.urls) {
      const page = frontier.normalise(entry.loc, url);
      if (page) frontier.enqueue({ url: page, ...(entry.lastmod && { sitemapLastmod: entry.lastmod }) });
    }
  }
}
