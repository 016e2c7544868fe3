/**
 * `node --conditions=source --import tsx bench/crawl.ts`: the crawler over the example site (examples/site/app.tsx,
 * served on loopback with its robots.txt, sitemaps, pages and PDFs) into a service opened in this process (the
 * embedded engine on its durable store, as `civic-search crawl --data` writes). Figures are printed, never asserted:
 * 1. The first crawl: pages and documents a second, with the counts (what was found, indexed, skipped, failed).
 * 2. A re-crawl where nothing changed: its time (conditional requests, nothing written); and one with
 *    `trustSitemapLastmod`, which skips pages whose sitemap lastmod is the same as when they were indexed.
 * Both with the crawler's defaults (2 requests at once), without the 250 ms delay between requests: the site is on
 * this machine, and the delay would be the whole figure. A run with the default delay is noted for scale.
 * Needs a build of the kit (`npm run build`; the pages link its files, the crawler never fetches them).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawlSite, CRAWL_DEFAULTS, type CrawlSummary } from '../packages/civic-search/src/crawler/crawl';
import { emptyState, stateWriter, type CrawlState } from '../packages/civic-search/src/crawler/crawl-state';
import { CRAWL_SCHEMA, CRAWL_SEARCH_FIELDS } from '../packages/civic-search/src/crawler/extract/index';
import { adminSink } from '../packages/civic-search/src/crawler/sinks';
import { createSearchService } from '../packages/civic-search/src/service/create-search-service';
import { startBenchSite } from './example-site';
import { log } from './stats';

const ENGINE = 'site';

function row(name: string, summary: CrawlSummary): string {
  const rate = summary.fetched / summary.seconds;
  return (
    `| ${name} | ${summary.seconds.toFixed(2)} | ${summary.fetched} | ${rate.toFixed(1)} | ${summary.indexed} | ${summary.unchanged} | ` +
    `${summary.skipped} | ${summary.deleted} | ${summary.failed} |`
  );
}

const loadAtStart = loadavg()[0];
const site = await startBenchSite('react');
const dir = await mkdtemp(join(tmpdir(), 'civic-bench-crawl-'));
const service = await createSearchService({
  dataDir: dir,
  inProcess: true,
  engines: [{ name: ENGINE, schema: CRAWL_SCHEMA, searchFields: CRAWL_SEARCH_FIELDS }],
});
try {
  const sink = adminSink(service.admin!, ENGINE);
  await sink.prepare(CRAWL_SCHEMA);
  const state: CrawlState = emptyState(`${site.origin}/`, ENGINE);
  const saveState = stateWriter(join(dir, 'crawl-state.json'));
  const settings = { start: `${site.origin}/`, delayMs: 0 };
  log('first crawl...');
  const first = await crawlSite(settings, { sink, state, saveState });
  log('re-crawl, nothing changed...');
  const again = await crawlSite(settings, { sink, state, saveState });
  log('re-crawl trusting the sitemaps\' lastmod...');
  const trusting = await crawlSite({ ...settings, trustSitemapLastmod: true }, { sink, state, saveState });
  const found = await service.request(`/api/as/v1/engines/${ENGINE}/search.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: 'rates' }),
  });
  const { meta } = (await found.json()) as { meta: { page: { total_results: number } } };
  const delayed = (first.fetched * CRAWL_DEFAULTS.delayMs) / 1000;

  console.log(
    [
      `The example site (${first.found} URLs found through robots.txt, its sitemaps and links) crawled on loopback into an`,
      'embedded engine in the same process, 2 requests at once, no delay between requests.',
      '',
      '| Crawl | Seconds | Fetched | Pages/s | Indexed | Unchanged | Skipped | Deleted | Failed |',
      '|---|---|---|---|---|---|---|---|---|',
      row('First crawl', first),
      row('Re-crawl, nothing changed', again),
      row('Re-crawl, nothing changed, trustSitemapLastmod', trusting),
      '',
      'The example pages send an ETag of their body (its PDFs one of their length and date), so a re-crawl asks for each page',
      'with If-None-Match and an unchanged one answers 304 without a body: nothing to read again (the site still renders each page',
      'to compare); with trustSitemapLastmod only the pages without a lastmod are fetched.',
      '',
      `After the crawl a search for "rates" finds ${meta.page.total_results} documents. With the default delay of ` +
        `${CRAWL_DEFAULTS.delayMs} ms between requests, the ${first.fetched} requests alone would take at least ${delayed.toFixed(0)} s.`,
      '',
      `Load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end (2 cores: above 2, other work slowed these figures).`,
      ...(first.failures.length > 0 ? ['', `Failures of the first crawl: ${first.failures.map((failure) => `${failure.url} (${failure.reason})`).join('; ')}`] : []),
    ].join('\n'),
  );
} finally {
  await service.close();
  await site.close();
  await rm(dir, { recursive: true, force: true });
}
