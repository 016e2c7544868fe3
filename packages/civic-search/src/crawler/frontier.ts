import type { CrawlScope } from './scope';
import { normaliseUrl, type UrlRules } from './urls';

/** A URL waiting to be visited, with what was learnt about it where it was found. */
export interface QueueItem {
  url: URL;
  /** The text of the link that led to it (a PDF or Word file's title when the file names none). */
  linkText?: string;
  /** The `<lastmod>` its sitemap gave. */
  sitemapLastmod?: string;
}

/**
 * The URLs of one run: those it may fetch (the crawl's hosts, include and exclude globs), each spelt one way and
 * queued at most once, in the order found.
 */
export class Frontier {
  /** Normalised URLs queued or done this run (a redirect's target and a canonical address count too). */
  readonly seen = new Set<string>();
  readonly queue: QueueItem[] = [];

  constructor(
    readonly scope: CrawlScope,
    readonly rules: UrlRules,
  ) {}

  /** The one spelling of a URL this crawl uses (its dropped query parameters gone), or undefined if not http(s). */
  normalise(href: string, base?: string | URL): URL | undefined {
    return normaliseUrl(href, base, this.rules);
  }

  /** Why the crawl may not fetch a URL (another host, an excluded path), or undefined when it may. */
  refusal(url: URL): string | undefined {
    if (!this.scope.onHost(url)) return `off the crawl's hosts (${[...this.scope.hosts].join(', ')})`;
    if (!this.scope.allows(url)) return 'outside the include and exclude rules';
    return undefined;
  }

  /** Queues a URL found in a sitemap or a link, once, when the crawl may fetch it. */
  enqueue(item: QueueItem): void {
    const key = item.url.href;
    if (this.seen.has(key) || this.refusal(item.url)) return;
    this.seen.add(key);
    this.queue.push(item);
  }

  /** Queues a link by its absolute address (as a page gave it, or as the state remembers it), with its text if any. */
  enqueueLink(href: string, text: string | undefined): void {
    const url = this.normalise(href);
    if (url) this.enqueue({ url, ...(text && { linkText: text }) });
  }
}
