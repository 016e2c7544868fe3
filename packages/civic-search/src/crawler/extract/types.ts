/** One resource as the crawl core fetched it, ready to be turned into a search document. */
export interface FetchedResource {
  /** The final URL after redirects, absolute, without a #fragment. */
  url: string;
  /** The response's Content-Type, lower-cased, without parameters. */
  contentType: string;
  /** The body, already size-limited and decompressed by the fetcher. */
  body: Uint8Array;
  /** The response headers (X-Robots-Tag, the charset of Content-Type...). */
  headers: Headers;
  /** Text of the first link that led here: a fallback title for PDFs and Word documents. */
  linkText?: string;
  /** The sitemap's <lastmod> for this URL, when it had one. */
  sitemapLastmod?: string;
}

/** A search document: the crawl engine's fields (CRAWL_SCHEMA), plus any fields the configuration maps. */
export interface CrawledDocument {
  url: string;
  title: string;
  summary: string;
  body: string;
  /** Headings of the content, one a line. */
  headings: string;
  /** ISO 8601 date-time. */
  published_date?: string;
  document_type?: string;
  topic?: string;
  subtopic?: string;
  subsite?: string;
  [field: string]: string | undefined;
}

/** A link found on a page: absolute, http(s), fragment stripped. */
export interface PageLink {
  url: string;
  /** The link's rel says nofollow: the crawl does not follow it. */
  nofollow: boolean;
  text: string;
}

export type Extraction =
  | { kind: 'html'; document: CrawledDocument; noindex: boolean; nofollow: boolean; links: PageLink[]; canonical?: string }
  /**
   * A PDF or Word document. `noindex` is set (true or false) from its X-Robots-Tag header, the only way a file can
   * ask not to be indexed; optional in the type so a hand-made Extraction need not name it.
   */
  | { kind: 'file'; document: CrawledDocument; noindex?: boolean }
  | { kind: 'unsupported'; reason: string };
