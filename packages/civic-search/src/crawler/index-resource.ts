import { createHash } from 'node:crypto';
import type { CrawlReport } from './crawl-report';
import type { ResolvedSettings } from './crawl-settings';
import type { CrawlState, UrlState } from './crawl-state';
import type { CrawlLedger } from './crawl-ledger';
import type { CrawledDocument, Extraction, FetchedResource, PageLink } from './extract/index';
import type { FetchOutcome } from './fetch-resource';
import type { Frontier, QueueItem } from './frontier';
import type { SinkDocument } from './sinks';
import { documentId } from './urls';
import type { WriteBatcher } from './write-batcher';

export type FetchedOk = Extract<FetchOutcome, { type: 'ok' }>;

/** What handling one fetched resource needs of its run. */
export interface IndexContext {
  readonly settings: ResolvedSettings;
  readonly state: CrawlState;
  readonly frontier: Frontier;
  readonly ledger: CrawlLedger;
  readonly report: CrawlReport;
  readonly writer: WriteBatcher;
  extract(resource: FetchedResource): Promise<Extraction>;
}

/** The SHA-256 of a document as written: the same hash means nothing needs writing. */
const hashOf = (document: SinkDocument) => createHash('sha256').update(JSON.stringify(document), 'utf8').digest('hex');

/**
 * Acts on a resource the site sent (at its final URL, after redirects): not indexed when the extractor cannot read
 * it or it says noindex (its old document goes), unchanged when its document is the same as last time or this run
 * wrote it already under its canonical address, and otherwise queued to be written. A page's links are remembered
 * and, when `follow`, queued.
 */
export async function indexResource(run: IndexContext, item: QueueItem, outcome: FetchedOk, follow: boolean): Promise<void> {
  const finalKey = outcome.url.href;
  const { urls } = run.state;
  const extraction = await run
    .extract({
      url: finalKey,
      contentType: outcome.contentType,
      body: outcome.body,
      headers: outcome.headers,
      ...(item.linkText && { linkText: item.linkText }),
      ...(item.sitemapLastmod && { sitemapLastmod: item.sitemapLastmod }),
    })
    .catch((error: Error) => ({ kind: 'unsupported' as const, reason: `could not be read (${error.message})` }));
  const entry: UrlState = {
    ...(outcome.headers.get('etag') && { etag: outcome.headers.get('etag')! }),
    ...(outcome.headers.get('last-modified') && { lastModified: outcome.headers.get('last-modified')! }),
    ...(item.sitemapLastmod && { sitemapLastmod: item.sitemapLastmod }),
  };
  if (extraction.kind === 'unsupported') {
    run.report.skip(finalKey, extraction.reason);
    run.ledger.dropEntry(finalKey);
    return;
  }
  let indexUrl = finalKey;
  if (extraction.kind === 'html') {
    if (!extraction.nofollow) entry.links = followLinks(run.frontier, extraction.links, follow);
    const canonical = extraction.canonical ? run.frontier.normalise(extraction.canonical, outcome.url) : undefined;
    if (!extraction.noindex && canonical && canonical.href !== finalKey && run.frontier.scope.onHost(canonical)) {
      indexUrl = canonical.href;
      // The canonical page is this one under its chosen address: fetching it again would only repeat the work.
      run.frontier.seen.add(indexUrl);
    }
  }
  if (extraction.noindex) {
    // Not indexed, but a page's links are followed (unless nofollow too); a document it had is deleted.
    run.report.skip(finalKey, 'noindex');
    if (urls[finalKey]?.id) run.ledger.toDelete.add(urls[finalKey].id!);
    urls[finalKey] = entry;
    run.ledger.kept.add(finalKey);
    return;
  }
  const id = documentId(indexUrl);
  const document = { ...(extraction.document as CrawledDocument), url: indexUrl, id } as SinkDocument;
  entry.id = id;
  entry.hash = hashOf(document);
  const before = urls[finalKey];
  if (before?.id && before.id !== id) run.ledger.toDelete.add(before.id);
  run.ledger.kept.add(finalKey);
  if (run.ledger.liveIds.has(id) || (before?.hash === entry.hash && before.id === id)) {
    // Written already by this crawl (another address of the same canonical page), or the same as last time.
    run.report.counts.unchanged++;
    run.ledger.liveIds.add(id);
    urls[finalKey] = entry;
    return;
  }
  run.ledger.liveIds.add(id);
  // Until the service takes the new document, the entry keeps the old validators and hash (so a refused write is
  // tried again next time), with the links found now.
  if (before) urls[finalKey] = { ...before, links: entry.links };
  await run.writer.add({ key: finalKey, document, entry });
}

/**
 * The links of a page the crawl follows (not `rel=nofollow`, within its hosts and globs), each once, to remember in
 * the page's state; queued now when `follow`.
 */
function followLinks(frontier: Frontier, links: readonly PageLink[], follow: boolean): string[] {
  const followed: string[] = [];
  for (const link of links) {
    if (link.nofollow) continue;
    const url = frontier.normalise(link.url);
    if (!url || frontier.refusal(url)) continue;
    followed.push(url.href);
    if (follow) frontier.enqueue({ url, ...(link.text && { linkText: link.text }) });
  }
  return [...new Set(followed)];
}
